import {
  ALARM_RULES_FORMAT,
  type AlarmRule,
  type AlarmRulesFile,
  type AlarmRulesImportResult,
  type AlarmRuleValues,
  type alarmRuleListQuerySchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../i18n/messages.ts';
import { utilityDay } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { sendAttachment } from '../../lib/downloads.ts';
import { notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { ruleIssues } from './alarm-rules.check.ts';
import { ruleValues, toAlarmRule, valuesOf } from './alarm-rules.mappers.ts';
import { previewRule } from './alarm-rules.preview.ts';
import { createAlarmRulesRepository } from './alarm-rules.repository.ts';
import { type ImportError, importedRule, toPortable } from './alarm-rules.transfer.ts';

const NAME_MAX = 60;

/** Alarm rules (issue 15): conditions on a device type's thing model, for a scope of its devices. */
export function createAlarmRulesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createAlarmRulesRepository(ctx.db);
  /** Once a rule write commits, this server's engine judges by it at once (others within a sweep). */
  const inForce = (ctx: Context) => ctx.afterCommit(() => app.alarmEngine.reload());

  async function load(ctx: Context, id: number): Promise<AlarmRule> {
    const row = await repo(ctx).get(id);
    if (!row) throw notFound();
    return toAlarmRule(row, ctx.locale);
  }

  /** The checks a rule's input passes before it is saved or replayed: each fault a 400 naming its field. */
  async function check(ctx: Context, v: AlarmRuleValues) {
    const issues = await ruleIssues(ctx, v);
    if (issues.length) throw new RequestValidationError('body', issues);
  }

  /** "name (副本)" within the name's length: the name is cut, not the mark. */
  function copyName(ctx: Context, name: string) {
    const mark = t(ctx.locale, 'alarm.copyName', { name: '' });
    return t(ctx.locale, 'alarm.copyName', { name: [...name].slice(0, NAME_MAX - [...mark].length).join('') });
  }

  return {
    async list(ctx: Context, q: z.output<typeof alarmRuleListQuerySchema>) {
      const { total, rows } = await repo(ctx).page(q);
      return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toAlarmRule(r, ctx.locale)) };
    },

    get: load,

    async create(ctx: Context, v: AlarmRuleValues) {
      await check(ctx, v);
      const id = await repo(ctx).insert(ruleValues(v), app.clock.now());
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      inForce(ctx);
      return after;
    },

    async update(ctx: Context, id: number, v: AlarmRuleValues) {
      const before = await load(ctx, id);
      await check(ctx, v);
      await repo(ctx).update(before.id, ruleValues(v), app.clock.now());
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      inForce(ctx);
      return after;
    },

    async setEnabled(ctx: Context, id: number, enabled: boolean) {
      const before = await load(ctx, id);
      await repo(ctx).update(before.id, { enabled }, app.clock.now());
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before: { enabled: before.enabled }, after: { enabled: after.enabled } });
      inForce(ctx);
      return after;
    },

    /** A copy to edit into a neighbour rule: disabled, so it raises nothing until it is looked at. */
    async copy(ctx: Context, id: number) {
      const row = await repo(ctx).get(id);
      if (!row) throw notFound();
      const values = valuesOf(row.rule);
      const copyId = await repo(ctx).insert(
        ruleValues({ ...values, name: copyName(ctx, values.name), enabled: false }),
        app.clock.now(),
      );
      const after = await load(ctx, copyId);
      ctx.audit({ targetId: copyId, before: { copyOf: id }, after });
      inForce(ctx);
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      await repo(ctx).remove(before.id);
      ctx.audit({ targetId: before.id, before });
      inForce(ctx);
      return null;
    },

    /** Every rule, or the chosen ones, as a portable JSON file (`alarm-rules-YYYYMMDD.json`). */
    async exportRules(ctx: RouteContext, ids: number[] | undefined) {
      const rows = await repo(ctx).all({ ids });
      const now = app.clock.now();
      const file = {
        format: ALARM_RULES_FORMAT,
        version: 1,
        exportedAt: now.toISOString(),
        rules: await toPortable(
          repo(ctx),
          rows.map((r) => r.rule),
        ),
      };
      const name = `alarm-rules-${utilityDay(now).replaceAll('-', '')}.json`;
      return sendAttachment(
        ctx.reply,
        'application/json; charset=utf-8',
        name,
        Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8'),
      );
    },

    /**
     * The rules of a file, each checked as a create would check it: the good ones are added (in the
     * request's one transaction), each bad one reported with its position, name and first fault.
     */
    async importRules(ctx: Context, file: AlarmRulesFile): Promise<AlarmRulesImportResult> {
      const errors: ImportError[] = [];
      const good: AlarmRuleValues[] = [];
      for (const [index, raw] of file.rules.entries()) {
        const outcome = await importedRule(ctx, raw, index);
        if ('error' in outcome) errors.push(outcome.error);
        else good.push(outcome.values);
      }
      const now = app.clock.now();
      const ids: number[] = [];
      for (const v of good) ids.push(await repo(ctx).insert(ruleValues(v), now));
      ctx.audit({ after: { created: ids, errors } });
      inForce(ctx);
      return { created: ids.length, errors };
    },

    async preview(ctx: Context, v: AlarmRuleValues) {
      await check(ctx, v);
      return previewRule(ctx, v, app.clock.now());
    },
  };
}
