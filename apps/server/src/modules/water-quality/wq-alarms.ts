import {
  type AlarmRecipients,
  DEFAULT_LOCALE,
  thingModelSchema,
  type WqParameter,
  type WqResultSource,
  wqParameterOfMetric,
} from '@water/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { alarmEntries, alarms, devices, deviceTypes, wqParameters, wqSites } from '../../db/schema/index.ts';
import { notify, notifyCleared } from '../alarms/alarm-notify.ts';
import { toAlarm, type WqAlarmCondition } from '../alarms/alarms.mappers.ts';
import { type AlarmRow, createAlarmsRepository } from '../alarms/alarms.repository.ts';
import type { JudgedOptions, ResultRow } from './wq-record.ts';

/**
 * Water-quality exceedances as alarms (issue 18), in the alarm module's tables and lifecycle: one
 * alarm per site and parameter while it stands (`wq:<siteId>:<parameter>`), whichever raised it, an
 * online analyser or the lab. For each site and parameter of a judged batch its newest result is
 * taken: an exceedance raises the alarm (the site's severity, if the site alarms at all) or counts a
 * repeat on the standing one; a compliant result clears it (a system entry on its timeline); an
 * unjudged one does nothing. Acknowledging, clearing by hand, shelving and assigning are the alarm
 * module's, as for any alarm; recipients are the site's, told through the one `notify()` seam.
 *
 * Several servers: the partial unique index `alarms_one_active_wq` admits one standing alarm per
 * source, so of two servers raising it one inserts and the other counts a repeat; a clear is a
 * conditional update (`where active`), done by one.
 */

/** The alarm's source key of a site and parameter. */
export const wqSourceKey = (siteId: number, parameter: string) => `wq:${siteId}:${parameter}`;

interface SiteAlarming {
  id: number;
  regionId: number | null;
  alarmEnabled: boolean;
  alarmSeverity: string;
  recipients: AlarmRecipients;
}

interface Standing {
  id: number;
  sourceKey: string;
  condition: unknown;
}

type Change = 'raised' | 'updated' | 'cleared';

/** The result a batch says most recently of each site and parameter (the newest sampled; the later stored on a tie). */
export function newestPerSource(rows: readonly ResultRow[]): ResultRow[] {
  const newest = new Map<string, ResultRow>();
  for (const r of rows) {
    const key = wqSourceKey(r.siteId, r.parameter);
    const had = newest.get(key);
    const t = r.sampledAt.getTime();
    if (!had || t > had.sampledAt.getTime() || (t === had.sampledAt.getTime() && r.id > had.id)) newest.set(key, r);
  }
  return [...newest.values()];
}

/** Which bound an exceeding value crossed, and the bound: a lower one ("≥") when below it, else the upper. */
export function crossedBound(r: Pick<ResultRow, 'value' | 'lower' | 'upper'>): {
  bound: 'lower' | 'upper';
  limit: number | null;
} {
  if (r.lower !== null && r.value <= r.lower && (r.upper === null || r.value < r.upper))
    return { bound: 'lower', limit: r.lower };
  if (r.upper !== null) return { bound: 'upper', limit: r.upper };
  return { bound: 'lower', limit: r.lower };
}

/** The value as the alarm keeps it: "<0.05" below detection, else as measured. */
const shownValue = (r: ResultRow) => (r.belowDetection ? `<${r.value}` : String(r.value));

const sampledOf = (condition: unknown) => {
  const at = (condition as { sampledAt?: string } | null)?.sampledAt;
  return at ? Date.parse(at) : Number.NEGATIVE_INFINITY;
};

async function loadSites(db: Queryable, ids: number[]): Promise<Map<number, SiteAlarming>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: wqSites.id,
      regionId: wqSites.regionId,
      alarmEnabled: wqSites.alarmEnabled,
      alarmSeverity: wqSites.alarmSeverity,
      recipients: wqSites.recipients,
    })
    .from(wqSites)
    .where(inArray(wqSites.id, ids));
  return new Map(rows.map((s) => [s.id, { ...s, recipients: s.recipients as AlarmRecipients }]));
}

/** Each analyser's metric of a parameter (its thing model's key for it: the chart of an online alarm). */
async function metricsOf(db: Queryable, deviceIds: number[]): Promise<Map<number, Map<WqParameter, string>>> {
  const out = new Map<number, Map<WqParameter, string>>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select({ id: devices.id, model: deviceTypes.model })
    .from(devices)
    .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
    .where(inArray(devices.id, deviceIds));
  for (const d of rows) {
    const parsed = thingModelSchema.safeParse(d.model);
    const map = new Map<WqParameter, string>();
    for (const m of parsed.success ? parsed.data.metrics : []) {
      const p = wqParameterOfMetric(m.key);
      if (p && !map.has(p)) map.set(p, m.key);
    }
    out.set(d.id, map);
  }
  return out;
}

/**
 * Raises, repeats and clears the alarms a batch of judged results calls for, in one transaction;
 * after the commit, the alarm viewers are told (live list) and the recipients' deliveries woken.
 */
export async function alarmJudged(
  app: FastifyInstance,
  rows: readonly ResultRow[],
  options: JudgedOptions = {},
): Promise<void> {
  const newest = newestPerSource(rows).filter((r) => r.verdict === 'exceeding' || r.verdict === 'compliant');
  if (newest.length === 0) return;
  const keys = newest.map((r) => wqSourceKey(r.siteId, r.parameter));
  const pushes: { id: number; change: Change }[] = [];
  const known = new Map<number, AlarmRow>();
  const hooks: (() => Promise<void> | void)[] = [];
  await app.db.transaction(async (tx) => {
    const standing = new Map<string, Standing>(
      (
        await tx
          .select({ id: alarms.id, sourceKey: alarms.sourceKey, condition: alarms.condition })
          .from(alarms)
          .where(and(eq(alarms.kind, 'water_quality'), eq(alarms.active, true), inArray(alarms.sourceKey, keys)))
      ).map((a) => [a.sourceKey, a]),
    );
    const exceeding = newest.filter((r) => r.verdict === 'exceeding');
    const sites = await loadSites(tx, [...new Set(exceeding.map((r) => r.siteId))]);
    const units = new Map(
      exceeding.length === 0
        ? []
        : (
            await tx
              .select({ code: wqParameters.code, unit: wqParameters.unit })
              .from(wqParameters)
              .where(
                inArray(
                  wqParameters.code,
                  exceeding.map((r) => r.parameter),
                ),
              )
          ).map((p) => [p.code, p.unit]),
    );
    const metrics = await metricsOf(tx, [
      ...new Set(exceeding.flatMap((r) => (r.deviceId === null ? [] : [r.deviceId]))),
    ]);
    const now = app.clock.now();
    const cleared: number[] = [];

    const conditionOf = (r: ResultRow): WqAlarmCondition & { sampledAt: string } => ({
      kind: 'wq',
      parameter: r.parameter as WqParameter,
      unit: units.get(r.parameter) ?? '',
      ...crossedBound(r),
      citation: r.citation,
      coldApplied: r.coldApplied,
      grade: r.grade,
      source: r.source as WqResultSource,
      sampledAt: r.sampledAt.toISOString(),
    });

    /** A repeat on the standing alarm: counted; its value and limit the result's if it is the newer. */
    const repeat = async (a: Standing, r: ResultRow) => {
      const newer = r.sampledAt.getTime() >= sampledOf(a.condition);
      const condition = conditionOf(r);
      await tx
        .update(alarms)
        .set({
          count: sql`${alarms.count} + 1`,
          lastAt: now,
          ...(newer ? { lastValue: shownValue(r), condition, threshold: condition.limit } : {}),
        })
        .where(and(eq(alarms.id, a.id), eq(alarms.active, true)));
      await tx
        .insert(alarmEntries)
        .values({ alarmId: a.id, kind: 'repeated', at: now, userId: null, text: shownValue(r) });
      pushes.push({ id: a.id, change: 'updated' });
    };

    for (const r of newest) {
      const key = wqSourceKey(r.siteId, r.parameter);
      const a = standing.get(key);
      if (r.verdict === 'compliant') {
        // A late result older than what raised or last repeated the alarm does not clear it (unless it
        // stands in for a deleted result: then it is what is left to judge by).
        if (!a || (!options.replacing && r.sampledAt.getTime() < sampledOf(a.condition))) continue;
        const done = await tx
          .update(alarms)
          .set({ active: false, clearedAt: now, clearedBy: null, clearReason: null, lastAt: now })
          .where(and(eq(alarms.id, a.id), eq(alarms.active, true)))
          .returning({ id: alarms.id });
        if (done.length === 0) continue;
        await tx
          .insert(alarmEntries)
          .values({ alarmId: a.id, kind: 'auto-cleared', at: now, userId: null, text: shownValue(r) });
        cleared.push(a.id);
        pushes.push({ id: a.id, change: 'cleared' });
        continue;
      }
      if (a) {
        await repeat(a, r);
        continue;
      }
      const site = sites.get(r.siteId);
      if (!site?.alarmEnabled) continue;
      const condition = conditionOf(r);
      const metric = r.deviceId === null ? null : (metrics.get(r.deviceId)?.get(r.parameter as WqParameter) ?? null);
      const [inserted] = await tx
        .insert(alarms)
        .values({
          kind: 'water_quality',
          sourceKey: key,
          ruleId: null,
          ruleName: '',
          severity: site.alarmSeverity,
          deviceId: r.deviceId,
          siteId: r.siteId,
          stationId: null,
          regionId: site.regionId,
          metric,
          condition,
          threshold: condition.limit,
          firstValue: shownValue(r),
          lastValue: shownValue(r),
          count: 1,
          raisedAt: now,
          lastAt: now,
          active: true,
          notifiedAt: now,
        })
        .onConflictDoNothing({
          target: alarms.sourceKey,
          where: sql`${alarms.active} and ${alarms.kind} = 'water_quality'`,
        })
        .returning({ id: alarms.id });
      if (!inserted) {
        // Another server raised it a moment ago: this result is a repeat of it.
        const [other] = await tx
          .select({ id: alarms.id, sourceKey: alarms.sourceKey, condition: alarms.condition })
          .from(alarms)
          .where(and(eq(alarms.sourceKey, key), eq(alarms.kind, 'water_quality'), eq(alarms.active, true)));
        if (other) await repeat(other, r);
        continue;
      }
      const id = inserted.id;
      await tx.insert(alarmEntries).values({ alarmId: id, kind: 'raised', at: now, userId: null, text: shownValue(r) });
      const [row] = await createAlarmsRepository(tx).byIds([id]);
      if (row) {
        known.set(id, row);
        const told = await notify(
          app,
          tx,
          {
            purpose: 'raised',
            alarm: toAlarm(row, DEFAULT_LOCALE),
            row,
            recipients: site.recipients,
            sms: false,
          },
          (fn) => hooks.push(fn),
        );
        if (told.length > 0) {
          await tx
            .insert(alarmEntries)
            .values({ alarmId: id, kind: 'notified', at: now, userId: null, text: String(told.length) });
        }
      }
      pushes.push({ id, change: 'raised' });
    }
    await notifyCleared(app, tx, cleared, (fn) => hooks.push(fn));
  });
  // The alarms' viewers first (the live list, the navbar), then the recipients' deliveries.
  await app.alarmEngine.push(pushes, known).catch((err: unknown) => app.log.warn({ err }, 'wq alarms: push failed'));
  for (const hook of hooks) await Promise.resolve(hook()).catch(() => {});
}

/**
 * Subscribes to the judged results: each batch, after its commit, raises, repeats and clears the
 * alarms it calls for. Batches are handled one after another on this server; a failure is logged
 * (the results stay stored; the next result of the site and parameter judges again).
 */
export function startWaterQualityAlarms(app: FastifyInstance) {
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = app.waterQuality.onJudged((rows, options) => {
    const run = queue.then(() =>
      alarmJudged(app, rows, options).catch((err: unknown) =>
        app.log.warn({ err }, 'water quality: alarms of a batch failed'),
      ),
    );
    queue = run;
    return run;
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await queue;
  });
}
