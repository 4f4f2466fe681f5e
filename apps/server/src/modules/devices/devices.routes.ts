import {
  type AuditAction,
  type Device,
  type DeviceStatus,
  type deviceInputSchema,
  devicesApi,
  Permissions,
  type StationKind,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { utilityDay } from '../../lib/clock.ts';
import { dataScope, inRegionScope, withinRegions } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { auditOf, route } from '../../lib/route.ts';
import { sha256 } from '../../lib/tokens.ts';
import { newDeviceSecret, resolveDeviceInput } from './device-references.ts';
import { createDevicesRepository } from './devices.repository.ts';

type Input = z.output<typeof deviceInputSchema>;
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createDevicesRepository>['byId']>>>;

export async function devicesRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createDevicesRepository(req.tx ?? app.db);
  const write = { permission: Permissions.deviceWrite };
  const audit = auditOf('devices');

  const toDevice = (req: FastifyRequest, r: Row): Device => ({
    id: r.device.id,
    code: r.device.code,
    name: r.device.name,
    typeId: r.device.typeId!,
    typeCode: r.typeCode,
    typeName: req.locale === 'en-US' ? r.typeEn : r.typeZh,
    model: r.device.model,
    manufacturer: r.device.manufacturer,
    serialNo: r.device.serialNo,
    regionId: r.device.regionId,
    regionName: r.regionName ?? '',
    stationId: r.device.stationId,
    stationName: r.stationName ?? '',
    longitude: r.device.longitude,
    latitude: r.device.latitude,
    installDate: r.device.installDate,
    warrantyEnd: r.device.warrantyEnd,
    status: r.device.status as DeviceStatus,
    lastSeenAt: r.device.lastSeenAt?.toISOString() ?? null,
    archivedAt: r.device.archivedAt?.toISOString() ?? null,
    createdAt: r.device.createdAt.toISOString(),
  });

  /** One device the caller may see: outside their region limit it does not exist for them. */
  async function load(req: FastifyRequest, id: number) {
    const row = await repo(req).byId(id);
    if (!row || !inRegionScope(await dataScope(app, req), row.device.regionId)) throw notFound();
    return toDevice(req, row);
  }

  /** A device that may still change: an archived one is kept as it was. */
  async function loadInService(req: FastifyRequest, id: number) {
    const device = await load(req, id);
    if (device.archivedAt) throw new AppError(409, 409, 'devices.archived');
    return device;
  }

  const resolve = (req: FastifyRequest, input: Input, self?: number) => resolveDeviceInput(app, req, input, self);

  /**
   * Once the change has committed, ends the device's open MQTT connections: a connection keeps
   * the credentials it was admitted with, which the change has just taken away.
   */
  const disconnectAfterCommit = (req: FastifyRequest, code: string) =>
    req.afterCommit(async () => {
      await app.mqtt.disconnectDevice(code);
    });

  route(app, devicesApi.stations, { access: 'session' }, async (req) =>
    (await repo(req).stations(withinRegions(await dataScope(app, req), undefined))).map((s) => ({
      id: s.station.id,
      code: s.station.code,
      name: s.station.name,
      kind: s.station.kind as StationKind,
      regionId: s.station.regionId,
      regionName: s.regionName ?? '',
      longitude: s.station.longitude,
      latitude: s.station.latitude,
      pumps: s.station.pumps,
      devices: s.devices,
    })),
  );

  // Every operator reads the register, within the region limit of their role.
  route(app, devicesApi.list, { access: 'session' }, async (req) => {
    const q = req.query;
    const regionIds = await regionFilter(req.tx ?? app.db, await dataScope(app, req), q.regionId);
    const { total, rows } = await repo(req).page({ ...q, regionIds });
    return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toDevice(req, r)) };
  });

  route(app, devicesApi.get, { access: 'session' }, (req) => load(req, req.params.id));

  route(app, devicesApi.byCode, { access: 'session' }, async (req) => {
    const found = await repo(req).byCode(req.params.code);
    if (!found) throw notFound();
    return load(req, found.id);
  });

  route(app, devicesApi.create, { access: write, audit: audit('create') }, async (req) => {
    const values = await resolve(req, req.body);
    const secret = newDeviceSecret();
    const now = app.clock.now();
    const id = await repo(req).insert({ ...values, secretHash: sha256(secret), createdAt: now, updatedAt: now });
    const device = await load(req, id);
    req.auditChange = { targetId: id, after: device };
    return { device, secret };
  });

  route(app, devicesApi.update, { access: write, audit: audit('update') }, async (req) => {
    const before = await loadInService(req, req.params.id);
    const values = await resolve(req, req.body, before.id);
    await repo(req).update(before.id, { ...values, updatedAt: app.clock.now() });
    const after = await load(req, before.id);
    // Its connections signed in under the old code, which a new device may now take.
    if (after.code !== before.code) disconnectAfterCommit(req, before.code);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, devicesApi.setEnabled, { access: write, audit: audit('enable') }, async (req) => {
    const before = await loadInService(req, req.params.id);
    // An enabled device starts again as not yet heard from; telemetry sets online and offline.
    const status: DeviceStatus = req.body.enabled
      ? before.status === 'disabled'
        ? 'inactive'
        : before.status
      : 'disabled';
    await repo(req).update(before.id, { status, updatedAt: app.clock.now() });
    if (status === 'disabled') disconnectAfterCommit(req, before.code);
    req.auditChange = { targetId: before.id, before: { status: before.status }, after: { status } };
    return load(req, before.id);
  });

  route(app, devicesApi.rotateSecret, { access: write, audit: audit('rotate-secret') }, async (req) => {
    const before = await loadInService(req, req.params.id);
    const secret = newDeviceSecret();
    await repo(req).update(before.id, { secretHash: sha256(secret), updatedAt: app.clock.now() });
    disconnectAfterCommit(req, before.code);
    // The secret itself never reaches the log.
    req.auditChange = { targetId: before.id, after: { secretRotated: true } };
    return { secret };
  });

  route(app, devicesApi.dependents, { access: 'session' }, async (req) => {
    const device = await load(req, req.params.id);
    return repo(req).dependents(device.id);
  });

  // Archiving is final: the device stops reporting (no secret, disabled), leaves the working lists
  // and keeps its record; the scrapping entry says when, by whom and why.
  route(app, devicesApi.archive, { access: write, audit: audit('archive') }, async (req) => {
    const before = await loadInService(req, req.params.id);
    if (before.installDate && req.body.date < before.installDate) {
      throw businessError(400, 'devices.archiveBeforeInstall');
    }
    const now = app.clock.now();
    if (req.body.date > utilityDay(now)) throw businessError(400, 'devices.archiveInFuture');
    await repo(req).addArchiveEntry({
      deviceId: before.id,
      kind: 'scrapping',
      date: req.body.date,
      performedBy: req.body.performedBy,
      description: req.body.description,
      createdBy: req.auth!.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo(req).update(before.id, { status: 'disabled', secretHash: '', archivedAt: now, updatedAt: now });
    disconnectAfterCommit(req, before.code);
    const after = await load(req, before.id);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, devicesApi.remove, { access: write, audit: audit('delete') }, async (req) => {
    const before = await load(req, req.params.id);
    const dependents = await repo(req).dependents(before.id);
    if (dependents.archiveEntries > 0 || dependents.openWorkOrders > 0) {
      throw new AppError(409, 409, 'devices.hasDependents', { ...dependents }, dependents);
    }
    await repo(req).remove(before.id);
    disconnectAfterCommit(req, before.code);
    req.auditChange = { targetId: before.id, before };
    return null;
  });
}
