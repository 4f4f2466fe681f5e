import { randomBytes } from 'node:crypto';
import {
  type Device,
  type DeviceStatus,
  type deviceInputSchema,
  devicesApi,
  Permissions,
  type StationKind,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createDevicesRepository } from './devices.repository.ts';

type Input = z.output<typeof deviceInputSchema>;
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createDevicesRepository>['byId']>>>;

/** A 32-character ingest secret; only its hash is kept. */
const newSecret = () => randomBytes(24).toString('base64url');

export async function devicesRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createDevicesRepository(req.tx ?? app.db);
  const write = { permission: Permissions.deviceWrite };
  const audit = (action: string) => ({ module: 'devices', action });

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
    createdAt: r.device.createdAt.toISOString(),
  });

  async function load(req: FastifyRequest, id: number) {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    return toDevice(req, row);
  }

  /** The references of an input exist; a station's region is the device's unless one is given. */
  async function resolve(req: FastifyRequest, input: Input, self?: number) {
    const r = repo(req);
    const other = await r.byCode(input.code);
    if (other && other.id !== self) throw new AppError(409, 409, 'devices.codeTaken');
    if (!(await r.typeExists(input.typeId))) throw businessError(400, 'devices.unknownType');
    const station = input.stationId === null ? null : await r.station(input.stationId);
    if (input.stationId !== null && !station) throw businessError(400, 'devices.unknownStation');
    const regionId = input.regionId ?? station?.regionId ?? null;
    if (regionId !== null && !(await r.regionExists(regionId))) throw businessError(400, 'devices.unknownRegion');
    return { ...input, regionId };
  }

  route(app, devicesApi.stations, { access: 'session' }, async (req) =>
    (await repo(req).stations()).map((s) => ({
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

  // Every operator sees the register; region data scope joins here with the data-scope issue work.
  route(app, devicesApi.list, { access: 'session' }, async (req) => {
    const q = req.query;
    const regionIds = q.regionId === undefined ? undefined : await repo(req).regionSubtree(q.regionId);
    const { total, rows } = await repo(req).page({ ...q, regionIds });
    return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toDevice(req, r)) };
  });

  route(app, devicesApi.get, { access: 'session' }, (req) => load(req, req.params.id));

  route(app, devicesApi.create, { access: write, audit: audit('create') }, async (req) => {
    const values = await resolve(req, req.body);
    const secret = newSecret();
    const now = app.clock.now();
    const id = await repo(req).insert({ ...values, secretHash: sha256(secret), createdAt: now, updatedAt: now });
    const device = await load(req, id);
    req.auditChange = { targetId: id, after: device };
    return { device, secret };
  });

  route(app, devicesApi.update, { access: write, audit: audit('update') }, async (req) => {
    const before = await load(req, req.params.id);
    const values = await resolve(req, req.body, before.id);
    await repo(req).update(before.id, { ...values, updatedAt: app.clock.now() });
    const after = await load(req, before.id);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, devicesApi.setEnabled, { access: write, audit: audit('enable') }, async (req) => {
    const before = await load(req, req.params.id);
    // An enabled device starts again as not yet heard from; telemetry sets online and offline.
    const status: DeviceStatus = req.body.enabled
      ? before.status === 'disabled'
        ? 'inactive'
        : before.status
      : 'disabled';
    await repo(req).update(before.id, { status, updatedAt: app.clock.now() });
    req.auditChange = { targetId: before.id, before: { status: before.status }, after: { status } };
    return load(req, before.id);
  });

  route(app, devicesApi.rotateSecret, { access: write, audit: audit('rotate-secret') }, async (req) => {
    const before = await load(req, req.params.id);
    const secret = newSecret();
    await repo(req).update(before.id, { secretHash: sha256(secret), updatedAt: app.clock.now() });
    // The secret itself never reaches the log.
    req.auditChange = { targetId: before.id, after: { secretRotated: true } };
    return { secret };
  });

  route(app, devicesApi.remove, { access: write, audit: audit('delete') }, async (req) => {
    const before = await load(req, req.params.id);
    await repo(req).remove(before.id);
    req.auditChange = { targetId: before.id, before };
    return null;
  });
}
