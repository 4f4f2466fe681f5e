import type { Device, DeviceStatus, deviceArchiveInputSchema, deviceListQuerySchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { utilityDay } from '../../lib/clock.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { sha256 } from '../../lib/tokens.ts';
import { type DeviceInputValues, newDeviceSecret, resolveDeviceInput } from './device-references.ts';
import { createDevicesRepository } from './devices.repository.ts';

/** The device register: reads within the caller's region limit, and the writes that keep MQTT in step. */
export function createDevicesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createDevicesRepository(ctx.db);

  /** One device the caller may see: outside their region limit it does not exist for them. */
  async function load(ctx: Context, id: number): Promise<Device> {
    const device = await repo(ctx).get(id, ctx.locale);
    if (!device || !inRegionScope(await ctx.scope(), device.regionId)) throw notFound();
    return device;
  }

  /** A device that may still change: an archived one is kept as it was. */
  async function loadInService(ctx: Context, id: number) {
    const device = await load(ctx, id);
    if (device.archivedAt) throw new AppError(409, 409, 'devices.archived');
    return device;
  }

  /**
   * Once the change has committed, ends the device's open MQTT connections: a connection keeps
   * the credentials it was admitted with, which the change has just taken away.
   */
  const disconnectAfterCommit = (ctx: Context, code: string) =>
    ctx.afterCommit(async () => {
      await app.mqtt.disconnectDevice(code);
    });

  return {
    get: load,

    async stations(ctx: Context) {
      return repo(ctx).stations(await regionFilter(ctx.db, await ctx.scope(), undefined));
    },

    async list(ctx: Context, q: z.output<typeof deviceListQuerySchema>) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
      const { total, list } = await repo(ctx).list({ ...q, regionIds }, ctx.locale);
      return { total, page: q.page, pageSize: q.pageSize, list };
    },

    async byCode(ctx: Context, code: string) {
      const found = await repo(ctx).byCode(code);
      if (!found) throw notFound();
      return load(ctx, found.id);
    },

    async create(ctx: Context, input: DeviceInputValues) {
      const values = await resolveDeviceInput(ctx, input);
      const secret = newDeviceSecret();
      const now = app.clock.now();
      const id = await repo(ctx).insert({ ...values, secretHash: sha256(secret), createdAt: now, updatedAt: now });
      const device = await load(ctx, id);
      ctx.audit({ targetId: id, after: device });
      return { device, secret };
    },

    async update(ctx: Context, id: number, input: DeviceInputValues) {
      const before = await loadInService(ctx, id);
      const values = await resolveDeviceInput(ctx, input, before.id);
      await repo(ctx).update(before.id, { ...values, updatedAt: app.clock.now() });
      const after = await load(ctx, before.id);
      // Its connections signed in under the old code, which a new device may now take.
      if (after.code !== before.code) disconnectAfterCommit(ctx, before.code);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    async setEnabled(ctx: Context, id: number, enabled: boolean) {
      const before = await loadInService(ctx, id);
      // An enabled device starts again as not yet heard from; telemetry sets online and offline.
      const status: DeviceStatus = enabled ? (before.status === 'disabled' ? 'inactive' : before.status) : 'disabled';
      await repo(ctx).update(before.id, { status, updatedAt: app.clock.now() });
      if (status === 'disabled') disconnectAfterCommit(ctx, before.code);
      ctx.audit({ targetId: before.id, before: { status: before.status }, after: { status } });
      return load(ctx, before.id);
    },

    async rotateSecret(ctx: Context, id: number) {
      const before = await loadInService(ctx, id);
      const secret = newDeviceSecret();
      await repo(ctx).update(before.id, { secretHash: sha256(secret), updatedAt: app.clock.now() });
      disconnectAfterCommit(ctx, before.code);
      // The secret itself never reaches the log.
      ctx.audit({ targetId: before.id, after: { secretRotated: true } });
      return { secret };
    },

    async dependents(ctx: Context, id: number) {
      const device = await load(ctx, id);
      return repo(ctx).dependents(device.id);
    },

    /**
     * Archiving is final: the device stops reporting (no secret, disabled), leaves the working lists
     * and keeps its record; the scrapping entry says when, by whom and why.
     */
    async archive(ctx: Context, id: number, input: z.output<typeof deviceArchiveInputSchema>) {
      const before = await loadInService(ctx, id);
      if (before.installDate && input.date < before.installDate) {
        throw businessError(400, 'devices.archiveBeforeInstall');
      }
      const now = app.clock.now();
      if (input.date > utilityDay(now)) throw businessError(400, 'devices.archiveInFuture');
      await repo(ctx).addArchiveEntry({
        deviceId: before.id,
        kind: 'scrapping',
        date: input.date,
        performedBy: input.performedBy,
        description: input.description,
        createdBy: ctx.auth!.userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo(ctx).update(before.id, { status: 'disabled', secretHash: '', archivedAt: now, updatedAt: now });
      disconnectAfterCommit(ctx, before.code);
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      const dependents = await repo(ctx).dependents(before.id);
      if (dependents.archiveEntries > 0 || dependents.openWorkOrders > 0) {
        throw new AppError(409, 409, 'devices.hasDependents', { ...dependents }, dependents);
      }
      await repo(ctx).remove(before.id);
      disconnectAfterCommit(ctx, before.code);
      ctx.audit({ targetId: before.id, before });
      return null;
    },
  };
}
