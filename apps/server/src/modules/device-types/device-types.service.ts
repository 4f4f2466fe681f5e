import type { DeviceType, deviceTypeInputSchema, ThingModel } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { createDeviceTypesRepository } from './device-types.repository.ts';

type Input = z.output<typeof deviceTypeInputSchema>;

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

/** Device types and their thing models (issue 6). */
export function createDeviceTypesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createDeviceTypesRepository(ctx.db);

  async function load(ctx: Context, id: number): Promise<DeviceType> {
    const type = await repo(ctx).get(id);
    if (!type) throw notFound();
    return type;
  }

  return {
    list: (ctx: Context) => repo(ctx).list(),

    get: load,

    async create(ctx: Context, input: Input) {
      if (await repo(ctx).byCode(input.code)) throw new AppError(409, 409, 'deviceTypes.codeTaken');
      const now = app.clock.now();
      const id = await repo(ctx).insert({ ...input, builtin: false, createdAt: now, updatedAt: now });
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async update(ctx: Context, id: number, input: Input) {
      const before = await load(ctx, id);
      if (before.builtin && input.code !== before.code) throw businessError(400, 'deviceTypes.builtinCode');
      const other = await repo(ctx).byCode(input.code);
      if (other && other.id !== before.id) throw new AppError(409, 409, 'deviceTypes.codeTaken');
      if (before.builtin || before.devices > 0) {
        const dropped = droppedMetrics(before.model, input.model);
        if (dropped.length) throw new AppError(409, 409, 'deviceTypes.metricsKept', { keys: dropped.join(', ') });
      }
      await repo(ctx).update(before.id, { ...input, updatedAt: app.clock.now() });
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      if (before.builtin) throw businessError(400, 'deviceTypes.builtin');
      if (before.devices > 0) throw new AppError(409, 409, 'deviceTypes.inUse', { n: before.devices });
      await repo(ctx).remove(before.id);
      ctx.audit({ targetId: before.id, before });
      return null;
    },
  };
}
