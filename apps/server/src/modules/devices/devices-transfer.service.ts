import {
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceImportReport,
  type DeviceStatus,
  type deviceExportQuerySchema,
  deviceInputSchema,
  LOCALES,
  type Locale,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../i18n/messages.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { sendCsv } from '../../lib/csv.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { columnsOf, importRows, type SheetRow } from '../../lib/row-import.ts';
import { sha256 } from '../../lib/tokens.ts';
import { issueText } from '../../lib/validation.ts';
import { type CellValue, sendXlsx } from '../../lib/xlsx.ts';
import {
  type DeviceInputValues,
  deviceReferenceTables,
  newDeviceSecret,
  resolveDeviceInput,
} from './device-references.ts';
import { createDevicesRepository, type DeviceRow } from './devices.repository.ts';

const EXPORT_MAX_ROWS = 50_000;

/** The import sheet's columns, in order: what the template holds, what an export starts with. */
const COLUMNS = [
  'code',
  'name',
  'type',
  'model',
  'manufacturer',
  'serialNo',
  'region',
  'station',
  'longitude',
  'latitude',
  'installDate',
  'warrantyEnd',
] as const;
type Column = (typeof COLUMNS)[number];

/** Either language's header names a column: a sheet travels between colleagues. */
const HEADER_LABELS = Object.fromEntries(
  COLUMNS.map((c) => [c, LOCALES.map((locale) => t(locale, `devices.transfer.col.${c}`))]),
) as Record<Column, string[]>;

/** Where a contract field's issue is shown: the column the user typed it in. */
const FIELD_COLUMN: Record<string, Column> = { typeId: 'type', regionId: 'region', stationId: 'station' };

const columnLabel = (locale: Locale, c: Column) => t(locale, `devices.transfer.col.${c}`);

/** A date as the sheet gives it: text, or an Excel date cell (read as an ISO instant at midnight UTC). */
const sheetDate = (value: string) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value);

/**
 * Registers a device per good row of a received sheet, each in a savepoint of its own, with the
 * same schema and the same reference checks as a single create; a bad row is reported with its
 * reasons (in the caller's language) and leaves nothing behind. Ingest secrets are stored as hashes
 * only and never answered. Runs in the import's transaction (`ctx.db`).
 */
async function importDevices(ctx: Context, now: Date, header: string[], rows: SheetRow[]) {
  const cellsOf = columnsOf(
    header,
    HEADER_LABELS,
    ['code', 'name'],
    COLUMNS.map((c) => columnLabel(ctx.locale, c)).join(', '),
  );
  const refs = await deviceReferenceTables(ctx.db);
  const seen = new Set<string>();
  const check = async ({ cells }: SheetRow) => {
    const c = cellsOf(cells);
    const reasons = new Map<Column, string[]>();
    const fail = (column: Column, text: string) =>
      reasons.set(column, [...(reasons.get(column) ?? []), `${columnLabel(ctx.locale, column)}: ${text}`]);

    const type = c.type.toLowerCase();
    const typeId = type
      ? refs.types.find((x) => [x.code, x.nameZh, x.nameEn].some((n) => n.toLowerCase() === type))?.id
      : undefined;
    if (c.type && typeId === undefined) fail('type', t(ctx.locale, 'devices.transfer.unknownType', { value: c.type }));

    let regionId: number | null = null;
    if (c.region) {
      const byCode = refs.regions.find((x) => x.code.toLowerCase() === c.region.toLowerCase());
      const byName = refs.regions.filter((x) => x.name === c.region);
      if (byCode) regionId = byCode.id;
      else if (byName.length === 1) regionId = byName[0]!.id;
      else
        fail(
          'region',
          t(ctx.locale, byName.length ? 'devices.transfer.ambiguousRegion' : 'devices.transfer.unknownRegion', {
            value: c.region,
          }),
        );
    }

    let stationId: number | null = null;
    if (c.station) {
      const station = refs.stations.find((x) => x.code.toLowerCase() === c.station.toLowerCase());
      if (station) stationId = station.id;
      else fail('station', t(ctx.locale, 'devices.transfer.unknownStation', { value: c.station }));
    }

    const number = (column: 'longitude' | 'latitude') => {
      if (c[column] === '') return null;
      const value = Number(c[column]);
      if (Number.isNaN(value)) fail(column, t(ctx.locale, 'devices.transfer.notANumber', { value: c[column] }));
      return value;
    };
    const longitude = number('longitude');
    const latitude = number('latitude');

    const parsed = deviceInputSchema.safeParse({
      code: c.code,
      name: c.name,
      typeId,
      model: c.model,
      manufacturer: c.manufacturer,
      serialNo: c.serialNo,
      regionId,
      stationId,
      longitude,
      latitude,
      installDate: c.installDate ? sheetDate(c.installDate) : null,
      warrantyEnd: c.warrantyEnd ? sheetDate(c.warrantyEnd) : null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = FIELD_COLUMN[field] ?? (field as Column);
        // A value already explained by a lookup above is not explained twice.
        if (!(COLUMNS as readonly string[]).includes(column) || reasons.has(column)) continue;
        fail(column, issueText(issue, ctx.locale));
      }
    }
    if (c.code && seen.has(c.code)) fail('code', t(ctx.locale, 'import.duplicateInFile'));
    if (c.code) seen.add(c.code);
    const all = COLUMNS.flatMap((column) => reasons.get(column) ?? []);
    return all.length === 0 && parsed.success ? { value: parsed.data } : { reasons: all };
  };

  const outcome = await importRows<DeviceInputValues>(ctx, rows, check, async (sp, input) => {
    const values = await resolveDeviceInput(ctx, input);
    // Hash of a secret nobody sees: the device cannot connect until "rotate secret" issues one.
    await createDevicesRepository(sp).insert({
      ...values,
      secretHash: sha256(newDeviceSecret()),
      createdAt: now,
      updatedAt: now,
    });
  });
  const report: DeviceImportReport = {
    created: outcome.created.length,
    failed: outcome.failed.map((f) => ({ row: f.row, code: cellsOf(f.cells).code, reasons: f.reasons })),
    note: t(ctx.locale, 'devices.transfer.secretsNote'),
  };
  return { report, createdCodes: outcome.created.map((d) => d.code) };
}

/**
 * An exported device as a sheet row: the import's columns (names in the caller's language, the
 * station by its code), then the status.
 */
function exportRow(locale: Locale, stationCodes: Map<number, string>) {
  const en = locale === 'en-US';
  return ({ device: d, ...r }: DeviceRow): (string | number | null)[] => [
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
  ];
}

/** The register as a spreadsheet: the export, the import template and the import. */
export function createDevicesTransferService(app: FastifyInstance) {
  return {
    /** The list's filters and region limit, every matching device (up to 50,000) as CSV or XLSX. */
    async export(ctx: RouteContext, query: z.output<typeof deviceExportQuerySchema>) {
      const { format, ...filters } = query;
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), filters.regionId);
      const { rows } = await createDevicesRepository(ctx.db).page({
        ...filters,
        regionIds,
        page: 1,
        pageSize: EXPORT_MAX_ROWS,
      });
      const stationCodes = new Map((await deviceReferenceTables(ctx.db)).stations.map((s) => [s.id, s.code]));
      const body = rows.map(exportRow(ctx.locale, stationCodes));
      const header = [...COLUMNS.map((c) => columnLabel(ctx.locale, c)), t(ctx.locale, 'devices.transfer.col.status')];
      const name = t(ctx.locale, 'devices.transfer.fileName');
      if (format === 'csv') return sendCsv(ctx.reply, `${name}.csv`, header, body);
      return sendXlsx(ctx.reply, `${name}.xlsx`, header, body as CellValue[][]);
    },

    /** The import's columns in the caller's language, with one example row. */
    importTemplate(ctx: RouteContext) {
      return sendXlsx(
        ctx.reply,
        `${t(ctx.locale, 'devices.transfer.templateName')}.xlsx`,
        COLUMNS.map((c) => columnLabel(ctx.locale, c)),
        [
          [
            'LG-PS01-01',
            ctx.locale === 'en-US' ? 'Riverside station wet-well level' : '滨江泵站前池液位计',
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
      );
    },

    /** A device per good row of the received sheet; the log is told how many and which codes. */
    async import(ctx: Context, file: IncomingFile) {
      const { header, rows } = await file.table({ maxBytes: DEVICE_IMPORT_MAX_BYTES, maxRows: DEVICE_IMPORT_MAX_ROWS });
      const { report, createdCodes } = await importDevices(ctx, app.clock.now(), header, rows);
      ctx.audit({ after: { created: report.created, failed: report.failed.length, codes: createdCodes } });
      return report;
    },
  };
}
