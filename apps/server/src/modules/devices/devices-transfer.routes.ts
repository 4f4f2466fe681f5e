import {
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceStatus,
  deviceTransferApi,
  Permissions,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n/messages.ts';
import { sendCsv } from '../../lib/csv.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { route } from '../../lib/route.ts';
import { receiveTable } from '../../lib/row-import.ts';
import { type CellValue, sendXlsx } from '../../lib/xlsx.ts';
import { deviceReferenceTables } from './device-references.ts';
import { createDevicesRepository } from './devices.repository.ts';
import { COLUMNS, columnLabel, importDevices } from './devices-transfer.service.ts';

const EXPORT_MAX_ROWS = 50_000;

export async function devicesTransferRoutes(app: FastifyInstance) {
  const write = { permission: Permissions.deviceWrite };

  // Same filters and the same region limit as the list; every operator who reads the list may take it away.
  route(app, deviceTransferApi.export, { access: 'session' }, async (req, { db, locale, scope, reply }) => {
    const { format, ...filters } = req.query;
    const regionIds = await regionFilter(db, await scope(), filters.regionId);
    const { rows } = await createDevicesRepository(db).page({
      ...filters,
      regionIds,
      page: 1,
      pageSize: EXPORT_MAX_ROWS,
    });
    const stationCodes = new Map((await deviceReferenceTables(app.db)).stations.map((s) => [s.id, s.code]));
    const en = locale === 'en-US';
    const body = rows.map(({ device: d, ...r }): (string | number | null)[] => [
      d.code,
      d.name,
      en ? r.typeEn : r.typeZh,
      d.model,
      d.manufacturer,
      d.serialNo,
      r.regionName ?? '',
      d.stationId === null ? '' : (stationCodes.get(d.stationId) ?? ''),
      d.longitude,
      d.latitude,
      d.installDate ?? '',
      d.warrantyEnd ?? '',
      t(locale, `devices.transfer.status.${d.status as DeviceStatus}`),
    ]);
    const header = [...COLUMNS.map((c) => columnLabel(locale, c)), t(locale, 'devices.transfer.col.status')];
    const name = t(locale, 'devices.transfer.fileName');
    if (format === 'csv') return sendCsv(reply, `${name}.csv`, header, body);
    return sendXlsx(reply, `${name}.xlsx`, header, body as CellValue[][]);
  });

  route(app, deviceTransferApi.importTemplate, { access: write }, (_req, { locale, reply }) =>
    sendXlsx(
      reply,
      `${t(locale, 'devices.transfer.templateName')}.xlsx`,
      COLUMNS.map((c) => columnLabel(locale, c)),
      [
        [
          'LG-PS01-01',
          locale === 'en-US' ? 'Riverside station wet-well level' : '滨江泵站前池液位计',
          'level_gauge',
          'ULM-53',
          'Siemens',
          'SN2026001',
          '',
          'PS-01',
          119.652,
          29.118,
          '2025-04-10',
          '2027-04-10',
        ],
      ],
    ),
  );

  /** A device per good row; the sheet's reading and checks are importDevices'. */
  route(
    app,
    deviceTransferApi.import,
    { access: write, audit: { module: 'devices', action: 'import' } },
    async (req, ctx) => {
      const { header, rows } = await receiveTable(req, {
        maxBytes: DEVICE_IMPORT_MAX_BYTES,
        maxRows: DEVICE_IMPORT_MAX_ROWS,
      });
      const { report, createdCodes } = await importDevices(ctx, app.clock.now(), header, rows);
      ctx.audit({ after: { created: report.created, failed: report.failed.length, codes: createdCodes } });
      return report;
    },
  );
}
