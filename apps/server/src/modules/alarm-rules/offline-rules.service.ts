import type { OfflineRule, OfflineRuleValues, offlineRuleListQuerySchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { checkRecipients, type Issue, issue } from './alarm-rules.check.ts';
import { toOfflineRule } from './alarm-rules.mappers.ts';
import { createAlarmRulesRepository } from './alarm-rules.repository.ts';
import { createOfflineRulesRepository } from './offline-rules.repository.ts';

/** PostgreSQL's unique violation: two writers raced past the one-rule-a-type-or-device check. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Offline rules (issue 15): how long a device may stay silent before it is alarmed as offline, one
 * rule a device type and, overriding it, one a device.
 */
export function createOfflineRulesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createOfflineRulesRepository(ctx.db);

  async function load(ctx: Context, id: number): Promise<OfflineRule> {
    const row = await repo(ctx).get(id);
    if (!row) throw notFound();
    return toOfflineRule(row, ctx.locale);
  }

  const taken = (v: OfflineRuleValues) =>
    new RequestValidationError('body', [
      issue([v.deviceId === null ? 'deviceTypeId' : 'deviceId'], 'validation.offlineRuleExists'),
    ]);

  /**
   * The type exists; a device rule's device is in service, of the type and within the caller's region
   * limit; no other rule has the type (a type rule) or the device (a device rule); recipients exist.
   */
  async function check(ctx: Context, v: OfflineRuleValues, id: number | null) {
    const issues: Issue[] = [];
    const type = await createAlarmRulesRepository(ctx.db).deviceType(v.deviceTypeId);
    if (!type) issues.push(issue(['deviceTypeId'], 'validation.unknownDeviceType'));
    if (v.deviceId !== null) {
      const d = await repo(ctx).device(v.deviceId);
      if (!d || d.archivedAt !== null || !inRegionScope(await ctx.scope(), d.regionId)) {
        issues.push(issue(['deviceId'], 'validation.unknownDevice'));
      } else if (type && d.typeId !== type.id) issues.push(issue(['deviceId'], 'validation.deviceOfOtherType'));
    }
    if (issues.length === 0 && (await repo(ctx).taken(v, id))) throw taken(v);
    issues.push(...(await checkRecipients(ctx, v.recipients)));
    if (issues.length) throw new RequestValidationError('body', issues);
  }

  const raced = (v: OfflineRuleValues) => (err: unknown) => {
    throw isUniqueViolation(err) ? taken(v) : err;
  };

  return {
    async list(ctx: Context, q: z.output<typeof offlineRuleListQuerySchema>) {
      const { total, rows } = await repo(ctx).page(q);
      return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toOfflineRule(r, ctx.locale)) };
    },

    async create(ctx: Context, v: OfflineRuleValues) {
      await check(ctx, v, null);
      const id = await repo(ctx).insert(v, app.clock.now()).catch(raced(v));
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async update(ctx: Context, id: number, v: OfflineRuleValues) {
      const before = await load(ctx, id);
      await check(ctx, v, before.id);
      await repo(ctx).update(before.id, v, app.clock.now()).catch(raced(v));
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      await repo(ctx).remove(before.id);
      ctx.audit({ targetId: before.id, before });
      return null;
    },
  };
}
