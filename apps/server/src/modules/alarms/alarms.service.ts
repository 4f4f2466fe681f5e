import {
  ALARM_EXPORT_MAX_ROWS,
  ALARM_SEVERITIES,
  type AlarmCondition,
  type AlarmCounts,
  type AlarmDetail,
  type AlarmStats,
  type alarmExportQuerySchema,
  type alarmListQuerySchema,
  type alarmStatsQuerySchema,
  DEFAULT_LOCALE,
  thingModelSchema,
} from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { alarmRules, deviceTypes } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { type CsvCell, sendCsv } from '../../lib/csv.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { describeCondition } from '../alarm-rules/rule-words.ts';
import { notify, notifyCleared } from './alarm-notify.ts';
import { toAlarm, toEntry } from './alarms.mappers.ts';
import { type AlarmFilter, createAlarmsRepository } from './alarms.repository.ts';

type ListQuery = z.output<typeof alarmListQuerySchema>;
type StatsQuery = z.output<typeof alarmStatsQuerySchema>;
type ExportQuery = z.output<typeof alarmExportQuerySchema>;

const zeros = () => ({ critical: 0, major: 0, minor: 0, warning: 0, info: 0 });

/**
 * Alarms as operators see and handle them (issue 15): the open list and the records, counts for the
 * navbar, statistics, the export, and the lifecycle (acknowledge, clear by hand, shelve, assign,
 * comment), each within the caller's region limit and each leaving a timeline entry.
 */
export function createAlarmsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createAlarmsRepository(ctx.db);

  async function filterOf(ctx: Context, q: Omit<ListQuery, 'page' | 'pageSize'>): Promise<AlarmFilter> {
    const scope = await ctx.scope();
    return {
      view: q.view,
      severity: q.severity,
      state: q.state,
      kind: q.kind,
      stationId: q.stationId,
      regionIds: await regionFilter(ctx.db, scope, q.regionId),
      deviceTypeId: q.deviceTypeId,
      ruleId: q.ruleId,
      assigneeId: q.assignedToMe ? (ctx.auth?.userId ?? -1) : undefined,
      keyword: q.keyword,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    };
  }

  /** An alarm within the caller's reach, else 404 (another region's alarm is none of theirs). */
  async function reachable(ctx: Context, id: number) {
    const [row] = await repo(ctx).byIds([id]);
    if (!row || !inRegionScope(await ctx.scope(), row.alarm.regionId)) throw notFound();
    return row;
  }

  async function ruleSummary(ctx: Context, ruleId: number | null): Promise<string | null> {
    if (ruleId === null) return null;
    const [rule] = await ctx.db
      .select({ groups: alarmRules.groups, model: deviceTypes.model })
      .from(alarmRules)
      .innerJoin(deviceTypes, eq(deviceTypes.id, alarmRules.deviceTypeId))
      .where(eq(alarmRules.id, ruleId));
    if (!rule) return null;
    const model = thingModelSchema.safeParse(rule.model);
    const metric = (key: string) => (model.success ? model.data.metrics.find((m) => m.key === key) : undefined);
    const or = ctx.locale === 'en-US' ? ' or ' : ' 或 ';
    const and = ctx.locale === 'en-US' ? ' and ' : ' 且 ';
    return (rule.groups as { conditions: AlarmCondition[] }[])
      .map((g) =>
        g.conditions
          .map((c) => describeCondition(c, c.kind === 'event' ? undefined : metric(c.metric), ctx.locale))
          .join(and),
      )
      .join(or);
  }

  async function detail(ctx: Context, id: number): Promise<AlarmDetail> {
    const row = await reachable(ctx, id);
    const entries = await repo(ctx).entries(id);
    return {
      ...toAlarm(row, ctx.locale),
      entries: entries.map(toEntry),
      ruleSummary: await ruleSummary(ctx, row.alarm.ruleId),
    };
  }

  /** After the commit: the alarm's new state to whoever watches it. */
  const pushAfter = (ctx: Context, ids: number[], change: 'updated' | 'cleared' | 'acknowledged') =>
    ctx.afterCommit(() => app.alarmEngine.push(ids.map((id) => ({ id, change }))));

  return {
    async list(ctx: Context, q: ListQuery) {
      const f = await filterOf(ctx, q);
      const { rows, total } = await repo(ctx).list(f, q.page, q.pageSize);
      return { list: rows.map((r) => toAlarm(r, ctx.locale)), total, page: q.page, pageSize: q.pageSize };
    },

    async counts(ctx: Context): Promise<AlarmCounts> {
      const scope = await ctx.scope();
      const regionIds = await regionFilter(ctx.db, scope, undefined);
      const [rows, newest] = await Promise.all([
        repo(ctx).counts(regionIds),
        repo(ctx).list({ view: 'open', regionIds }, 1, 5),
      ]);
      const unacknowledged = zeros();
      const active = zeros();
      for (const r of rows) {
        const s = r.severity as keyof ReturnType<typeof zeros>;
        if (!(s in active)) continue;
        active[s] = r.all;
        unacknowledged[s] = r.unack;
      }
      return { unacknowledged, active, newest: newest.rows.map((r) => toAlarm(r, ctx.locale)) };
    },

    async stats(ctx: Context, q: StatsQuery): Promise<AlarmStats> {
      const { perDay, top, means } = await repo(ctx).stats(await filterOf(ctx, q));
      const days = new Map<string, AlarmStats['perDay'][number]>();
      for (const r of perDay) {
        const day = days.get(r.day) ?? { day: r.day, ...zeros() };
        if ((ALARM_SEVERITIES as readonly string[]).includes(r.severity)) {
          day[r.severity as keyof ReturnType<typeof zeros>] = r.n;
        }
        days.set(r.day, day);
      }
      const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
      return {
        total: means?.total ?? 0,
        perDay: [...days.values()],
        topSources: top.map((r) => ({
          deviceId: r.deviceId,
          siteId: r.siteId === null ? null : Number(r.siteId),
          deviceCode: r.deviceCode,
          deviceName: r.deviceName,
          stationName: r.stationName,
          count: r.n,
        })),
        meanToAcknowledgeSeconds: num(means?.ack),
        meanToClearSeconds: num(means?.clear),
      };
    },

    async exportAlarms(ctx: RouteContext, q: ExportQuery) {
      const rows = await repo(ctx).exportRows(await filterOf(ctx, q), ALARM_EXPORT_MAX_ROWS + 1);
      if (rows.length > ALARM_EXPORT_MAX_ROWS) {
        throw new AppError(400, 400, 'alarms.tooManyRows', { max: ALARM_EXPORT_MAX_ROWS });
      }
      const L = ctx.locale;
      const h = (key: string) => t(L, `alarms.export.${key}` as MessageKey);
      const header = [
        'raisedAt',
        'severity',
        'title',
        'state',
        'device',
        'deviceName',
        'station',
        'region',
        'condition',
        'firstValue',
        'lastValue',
        'count',
        'acknowledgedAt',
        'acknowledgedBy',
        'clearedAt',
        'clearedBy',
        'clearReason',
        'assignee',
      ].map(h);
      const auto = h('auto');
      const table = rows.map((row) => {
        const a = toAlarm(row, L);
        return [
          row.alarm.raisedAt,
          t(L, `alarms.severity.${a.severity}` as MessageKey),
          a.title,
          t(L, `alarms.state.${a.state}` as MessageKey),
          a.deviceCode,
          a.deviceName || a.siteName,
          a.stationName || a.siteName,
          a.regionName,
          a.condition,
          a.firstValue,
          a.lastValue,
          a.count,
          row.alarm.acknowledgedAt,
          a.acknowledgedBy,
          row.alarm.clearedAt,
          row.alarm.clearedAt ? (a.clearedBy ?? auto) : null,
          a.clearReason,
          a.assigneeName,
        ];
      });
      const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const fileName = `${h('file')}-${stamp}.${q.format}`;
      if (q.format === 'xlsx') return sendXlsx(ctx.reply, fileName, header, table);
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
      return sendCsv(
        ctx.reply,
        fileName,
        header,
        table.map((r) => r.map(iso) as CsvCell[]),
      );
    },

    async assignees(ctx: Context) {
      return (await repo(ctx).assignees()).map((u) => ({ id: u.id, name: u.name ?? u.username, username: u.username }));
    },

    get: detail,

    async acknowledge(ctx: Context, ids: number[]) {
      const scope = await ctx.scope();
      const now = app.clock.now();
      const done = await repo(ctx).acknowledge(
        [...new Set(ids)],
        ctx.auth!.userId,
        now,
        scope.regions === null ? undefined : scope.regions,
      );
      for (const a of done) await repo(ctx).entry(a.id, 'acknowledged', now, ctx.auth!.userId);
      ctx.audit({ targetId: done.map((a) => a.id).join(','), after: { acknowledged: done.length } });
      pushAfter(
        ctx,
        done.map((a) => a.id),
        'acknowledged',
      );
      return { changed: done.length };
    },

    async clear(ctx: Context, id: number, reason: string) {
      const before = await reachable(ctx, id);
      const locked = await repo(ctx).lockOne(id);
      if (!locked?.active) throw new AppError(409, 409, 'alarms.alreadyCleared');
      const now = app.clock.now();
      await repo(ctx).update(id, { active: false, clearedAt: now, clearedBy: ctx.auth!.userId, clearReason: reason });
      await repo(ctx).entry(id, 'cleared', now, ctx.auth!.userId, reason);
      await notifyCleared(app, ctx.db, [id], (fn) => ctx.afterCommit(fn));
      ctx.audit({ targetId: id, before: toAlarm(before, DEFAULT_LOCALE), after: { active: false, reason } });
      // The engine's per-device state of the rule starts afresh (a water-quality alarm has none there).
      const deviceId = locked.deviceId;
      if (deviceId !== null && locked.kind !== 'water_quality') {
        ctx.afterCommit(() => app.alarmEngine.forget(locked.sourceKey, deviceId));
      }
      pushAfter(ctx, [id], 'cleared');
      return detail(ctx, id);
    },

    async shelve(ctx: Context, id: number, until: string | null) {
      await reachable(ctx, id);
      const now = app.clock.now();
      const at = until === null ? null : new Date(until);
      if (at !== null && at <= now) throw new AppError(400, 400, 'alarms.shelveInPast');
      await repo(ctx).lockOne(id);
      await repo(ctx).update(id, { shelvedUntil: at });
      await repo(ctx).entry(id, at ? 'shelved' : 'unshelved', now, ctx.auth!.userId, at?.toISOString() ?? '');
      ctx.audit({ targetId: id, after: { shelvedUntil: at?.toISOString() ?? null } });
      pushAfter(ctx, [id], 'updated');
      return detail(ctx, id);
    },

    async assign(ctx: Context, id: number, userId: number | null) {
      const before = await reachable(ctx, id);
      if (userId !== null && !(await repo(ctx).userExists(userId))) {
        throw new RequestValidationError('body', [
          { code: 'custom', path: ['userId'], message: 'validation.unknownUser', input: undefined },
        ]);
      }
      const now = app.clock.now();
      await repo(ctx).lockOne(id);
      await repo(ctx).update(id, { assigneeId: userId });
      const [after] = await repo(ctx).byIds([id]);
      await repo(ctx).entry(id, 'assigned', now, ctx.auth!.userId, after?.assigneeName ?? '');
      if (userId !== null && after && userId !== ctx.auth!.userId) {
        await notify(
          app,
          ctx.db,
          {
            purpose: 'assigned',
            alarm: toAlarm(after, DEFAULT_LOCALE),
            row: after,
            recipients: { userIds: [userId], roleCodes: [], departmentIds: [] },
            sms: false,
          },
          (fn) => ctx.afterCommit(fn),
        );
      }
      ctx.audit({ targetId: id, before: { assigneeId: before.alarm.assigneeId }, after: { assigneeId: userId } });
      pushAfter(ctx, [id], 'updated');
      return detail(ctx, id);
    },

    async comment(ctx: Context, id: number, text: string) {
      await reachable(ctx, id);
      await repo(ctx).entry(id, 'comment', app.clock.now(), ctx.auth!.userId, text);
      ctx.audit({ targetId: id, after: { comment: text } });
      return detail(ctx, id);
    },
  };
}
