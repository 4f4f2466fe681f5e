import {
  type DeviceType,
  type deviceTypeInputSchema,
  deviceTypesApi,
  Permissions,
  type ThingModel,
  thingModelSchema,
} from '@water/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes } from '../../db/schema/index.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { auditOf, route } from '../../lib/route.ts';

type Input = z.output<typeof deviceTypeInputSchema>;

function createDeviceTypesRepository(db: Queryable) {
  const deviceCount = sql<number>`(select count(*) from ${devices} d where d.type_id = "device_types"."id")`.mapWith(
    Number,
  );
  return {
    list: () => db.select({ type: deviceTypes, devices: deviceCount }).from(deviceTypes).orderBy(asc(deviceTypes.id)),
    byId: (id: number) =>
      db
        .select({ type: deviceTypes, devices: deviceCount })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id))
        .then((rows) => rows[0]),
    byCode: (code: string) =>
      db
        .select({ id: deviceTypes.id })
        .from(deviceTypes)
        .where(eq(deviceTypes.code, code))
        .then((rows) => rows[0]),
    devicesOf: (id: number) =>
      db
        .select({ n: count() })
        .from(devices)
        .where(eq(devices.typeId, id))
        .then((rows) => rows[0]?.n ?? 0),
    insert: (values: typeof deviceTypes.$inferInsert) =>
      db
        .insert(deviceTypes)
        .values(values)
        .returning({ id: deviceTypes.id })
        .then((rows) => rows[0]!.id),
    update: (id: number, values: Partial<typeof deviceTypes.$inferInsert>) =>
      db.update(deviceTypes).set(values).where(eq(deviceTypes.id, id)),
    remove: (id: number) => db.delete(deviceTypes).where(eq(deviceTypes.id, id)),
  };
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createDeviceTypesRepository>['byId']>>>;

const toDeviceType = (r: Row): DeviceType => ({
  id: r.type.id,
  code: r.type.code,
  nameZh: r.type.nameZh,
  nameEn: r.type.nameEn,
  description: r.type.description,
  builtin: r.type.builtin,
  // Stored through the same schema: defaults filled, always readable by the console.
  model: thingModelSchema.parse(r.type.model),
  devices: r.devices,
  updatedAt: r.type.updatedAt.toISOString(),
});

/**
 * Metrics that data may already depend on and that a new model drops or retypes. A built-in type,
 * or any type with devices, keeps every metric key with its data type: readings stored under a key
 * must stay readable. Names, units, ranges and precision may change; new metrics may be added.
 */
export function droppedMetrics(before: ThingModel, after: ThingModel): string[] {
  return before.metrics
    .filter((m) => !after.metrics.some((n) => n.key === m.key && n.dataType === m.dataType))
    .map((m) => m.key);
}

export async function deviceTypesRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createDeviceTypesRepository(req.tx ?? app.db);
  const write = { permission: Permissions.deviceTypeWrite };
  const audit = auditOf('device-types');

  async function load(req: FastifyRequest, id: number) {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    return toDeviceType(row);
  }

  route(app, deviceTypesApi.list, { access: 'session' }, async (req) => (await repo(req).list()).map(toDeviceType));
  route(app, deviceTypesApi.get, { access: 'session' }, (req) => load(req, req.params.id));

  route(app, deviceTypesApi.create, { access: write, audit: audit('create') }, async (req) => {
    const input: Input = req.body;
    if (await repo(req).byCode(input.code)) throw new AppError(409, 409, 'deviceTypes.codeTaken');
    const now = app.clock.now();
    const id = await repo(req).insert({ ...input, builtin: false, createdAt: now, updatedAt: now });
    const after = await load(req, id);
    req.auditChange = { targetId: id, after };
    return after;
  });

  route(app, deviceTypesApi.update, { access: write, audit: audit('update') }, async (req) => {
    const input: Input = req.body;
    const before = await load(req, req.params.id);
    if (before.builtin && input.code !== before.code) throw businessError(400, 'deviceTypes.builtinCode');
    const other = await repo(req).byCode(input.code);
    if (other && other.id !== before.id) throw new AppError(409, 409, 'deviceTypes.codeTaken');
    if (before.builtin || before.devices > 0) {
      const dropped = droppedMetrics(before.model, input.model);
      if (dropped.length) throw new AppError(409, 409, 'deviceTypes.metricsKept', { keys: dropped.join(', ') });
    }
    await repo(req).update(before.id, { ...input, updatedAt: app.clock.now() });
    const after = await load(req, before.id);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, deviceTypesApi.remove, { access: write, audit: audit('delete') }, async (req) => {
    const before = await load(req, req.params.id);
    if (before.builtin) throw businessError(400, 'deviceTypes.builtin');
    if (before.devices > 0) throw new AppError(409, 409, 'deviceTypes.inUse', { n: before.devices });
    await repo(req).remove(before.id);
    req.auditChange = { targetId: before.id, before };
    return null;
  });
}
