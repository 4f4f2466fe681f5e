import {
  type Alarm,
  type AlarmRecipients,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type NotifyPurpose as PushPurpose,
  renderTemplate,
} from '@water/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { alarmRules, notifyPushes, regions, roleRegions, roles, userRoles, wqSites } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { subtreeIds } from '../../lib/tree.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';
import { type LoadedChannel, loadChannels } from '../notify/channels.repository.ts';
import { channelReadiness, planPushRow, utc8Time } from '../notify/push-planner.ts';
import { type LoadedTemplate, loadTemplates } from '../notify/templates.repository.ts';
import { toAlarm } from './alarms.mappers.ts';
import { type AlarmRow, createAlarmsRepository } from './alarms.repository.ts';

/** Why recipients are told. */
export type NotifyPurpose = 'raised' | 'escalated' | 'reminder' | 'cleared' | 'assigned';

export interface AlarmNotice {
  purpose: NotifyPurpose;
  /** The alarm as shown in the utility's language (its id is what the notice is about). */
  alarm: Alarm;
  /** Its row, when the caller has it: each recipient's text is worded from it in their language. */
  row?: AlarmRow;
  recipients: AlarmRecipients;
  sms: boolean;
  /** For escalations: minutes unacknowledged; for reminders: how many so far. */
  minutes?: number;
  count?: number;
}

/**
 * The templates' purpose of each notice. An assignment is the raised alarm's in-app message to the
 * one assignee, its title marked "assigned to you": it is a hand-over inside the console, not an
 * alarm to page anyone about.
 */
const PURPOSES: Record<NotifyPurpose, PushPurpose> = {
  raised: 'alarm.raised',
  escalated: 'alarm.escalated',
  reminder: 'alarm.reminder',
  cleared: 'alarm.cleared',
  assigned: 'alarm.raised',
};

/** Users who may see an alarm of this region: those with a role limited to no region, or to regions covering it. */
async function withinReach(db: Queryable, userIds: number[], regionId: number | null): Promise<number[]> {
  if (userIds.length === 0 || regionId === null) return userIds;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: roles.id, regionId: roleRegions.regionId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(roleRegions, eq(roleRegions.roleId, roles.id))
    .where(inArray(userRoles.userId, userIds));
  const limits = new Map<number, number[] | null>();
  const rolesOf = new Map<number, Set<number>>();
  for (const r of rows) {
    rolesOf.set(r.userId, (rolesOf.get(r.userId) ?? new Set()).add(r.roleId));
    if (r.regionId === null) {
      if (!limits.has(r.roleId)) limits.set(r.roleId, null);
    } else {
      const had = limits.get(r.roleId);
      limits.set(r.roleId, [...(had ?? []), r.regionId]);
    }
  }
  const covers = new Map<number, boolean>();
  for (const [roleId, limit] of limits) {
    if (limit === null) covers.set(roleId, true);
    else {
      covers.set(roleId, (await subtreeIds(db, regions, limit)).includes(regionId));
    }
  }
  return userIds.filter((u) => [...(rolesOf.get(u) ?? [])].some((r) => covers.get(r)));
}

/**
 * What one transaction has read already: an engine round telling many alarms of one rule resolves
 * its recipients once, and reads the templates and channel settings once. Keyed by the transaction
 * (a new one starts afresh); never kept for the app's own database, which outlives any change.
 */
interface RoundCache {
  audience: Map<string, Promise<number[]>>;
  templates: Map<PushPurpose, Promise<Map<NotifyChannel, LoadedTemplate>>>;
  settings?: Promise<Map<NotifyChannel, LoadedChannel>>;
}
const caches = new WeakMap<object, RoundCache>();

function cacheOf(app: FastifyInstance, db: Queryable): RoundCache {
  if (db === app.db) return { audience: new Map(), templates: new Map() };
  let cache = caches.get(db);
  if (!cache) {
    cache = { audience: new Map(), templates: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

function remembered<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = load();
    map.set(key, value);
  }
  return value;
}

const localized = (of: (locale: Locale) => string) =>
  Object.fromEntries(LOCALES.map((l) => [l, of(l)])) as Record<Locale, string>;

function durationWords(ms: number, locale: Locale) {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes < 60
    ? t(locale, 'notify.push.minutes', { n: minutes })
    : t(locale, 'notify.push.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** The values of the alarm templates, in both languages where the words differ. */
function valuesOf(row: AlarmRow, notice: AlarmNotice, now: Date) {
  const shown = Object.fromEntries(LOCALES.map((l) => [l, toAlarm(row, l)])) as Record<Locale, Alarm>;
  const a = shown[DEFAULT_LOCALE];
  const offline = a.kind === 'offline';
  // An offline alarm's value is when the device was last heard, on the utility's clock.
  const value =
    offline && a.lastValue && !Number.isNaN(Date.parse(a.lastValue))
      ? utc8Time(new Date(a.lastValue))
      : (a.lastValue ?? '');
  const at =
    notice.purpose === 'raised' || notice.purpose === 'assigned'
      ? new Date(a.raisedAt)
      : notice.purpose === 'cleared' && a.clearedAt
        ? new Date(a.clearedAt)
        : now;
  const values: Record<string, Record<Locale, string> | string> = {
    title: localized((l) =>
      notice.purpose === 'assigned' ? t(l, 'notify.push.assigned', { title: shown[l].title }) : shown[l].title,
    ),
    device: a.deviceCode || a.siteName,
    station: a.stationName || a.siteName,
    region: a.regionName,
    metric: localized((l) => shown[l].metricName),
    value,
    unit: offline ? '' : a.unit,
    threshold: a.threshold === null ? '' : String(a.threshold),
    condition: localized((l) => shown[l].condition),
    severity: localized((l) => t(l, `alarms.severity.${a.severity}` as MessageKey)),
    time: utc8Time(at),
  };
  if (notice.minutes !== undefined) values.minutes = String(notice.minutes);
  if (notice.count !== undefined) values.count = String(notice.count);
  if (notice.purpose === 'cleared') {
    values.reason = a.clearReason ? a.clearReason : localized((l) => t(l, 'notify.push.clearedAuto'));
    values.duration = localized((l) => durationWords(at.getTime() - Date.parse(a.raisedAt), l));
  }
  return values;
}

/**
 * The one seam every alarm notification goes through: a push (source 'alarm', the alarm's id) to
 * the rule's recipients resolved to users and narrowed to those whose region limit covers the alarm,
 * on the channels whose template of the purpose is enabled and which can deliver (SMS only when the
 * rule asks for it; an assignment in-app only), planned into the outbox with the caller's
 * transaction: one delivery per recipient and channel, worded in each recipient's language. The
 * delivery worker is woken after the commit. Returns the users told.
 */
export async function notify(
  app: FastifyInstance,
  db: Queryable,
  notice: AlarmNotice,
  afterCommit: (fn: () => Promise<void> | void) => void,
): Promise<number[]> {
  const { alarm, recipients } = notice;
  const cache = cacheOf(app, db);
  const users = await remembered(
    cache.audience,
    JSON.stringify([recipients.userIds, recipients.roleCodes, recipients.departmentIds, alarm.regionId]),
    async () =>
      withinReach(
        db,
        await createMessagesRepository(db).resolveAudience({
          users: recipients.userIds,
          roles: recipients.roleCodes,
          departments: recipients.departmentIds,
        }),
        alarm.regionId,
      ),
  );
  if (users.length === 0) return [];
  const row = notice.row ?? (await createAlarmsRepository(db).byIds([alarm.id]))[0];
  if (!row) return [];
  const purpose = PURPOSES[notice.purpose];
  const templates = await remembered(cache.templates, purpose, () => loadTemplates(db, purpose));
  cache.settings ??= loadChannels(db);
  const settings = await cache.settings;
  const ready = channelReadiness(app, settings);
  const channels =
    notice.purpose === 'assigned'
      ? (['inApp'] as NotifyChannel[])
      : NOTIFY_CHANNELS.filter((c) => templates.get(c)?.enabled && ready(c) && (c !== 'sms' || notice.sms));
  if (channels.length === 0) return [];
  const now = app.clock.now();
  const values = valuesOf(row, notice, now);
  const pick = (v: Record<Locale, string> | string | undefined) =>
    v === undefined ? '' : typeof v === 'string' ? v : v[DEFAULT_LOCALE];
  // The log's title: the in-app title as the utility reads it.
  const inApp = templates.get('inApp');
  const flat = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, pick(v)]));
  const title = (inApp ? renderTemplate(inApp.title[DEFAULT_LOCALE], flat) : '') || pick(values.title);
  const [push] = await db
    .insert(notifyPushes)
    .values({
      purpose,
      title: title.slice(0, 200),
      content: pick(values.condition),
      useTemplate: true,
      channels,
      audience: {
        userIds: recipients.userIds,
        roleCodes: recipients.roleCodes,
        departmentIds: recipients.departmentIds,
      },
      link: `/bz/alarm?alarm=${alarm.id}`,
      source: 'alarm',
      sourceId: String(alarm.id),
      values,
      critical: alarm.severity === 'critical',
      regionId: alarm.regionId,
      state: 'sending',
      recipients: users.length,
      createdBy: null,
      createdAt: now,
    })
    .returning();
  await planPushRow(app, db, push!, users, now, { templates, settings, afterCommit });
  return users;
}

/**
 * Tells that alarms cleared (by the engine or by hand) to those told when they were raised: the
 * rule's recipients (and its escalation's, if it was escalated), narrowed as at raising. Only
 * alarms marked notified are told: one whose raising was throttled clears silently (and one whose
 * raising reached no one reaches no one now).
 */
export async function notifyCleared(
  app: FastifyInstance,
  db: Queryable,
  alarmIds: number[],
  afterCommit: (fn: () => Promise<void> | void) => void,
): Promise<void> {
  if (alarmIds.length === 0) return;
  const cleared = (await createAlarmsRepository(db).byIds(alarmIds)).filter(
    (r) => !r.alarm.active && r.alarm.notifiedAt !== null,
  );
  for (const row of cleared) {
    const a = row.alarm;
    let rule: { recipients: AlarmRecipients; sms: boolean } | null = null;
    if (a.kind === 'offline') {
      const result = (await db.execute(sql`
        select o.recipients, o.sms from devices d
        join lateral (
          select o.* from alarm_offline_rules o
          where o.device_id = d.id or (o.device_id is null and o.device_type_id = d.type_id)
          order by o.device_id nulls last limit 1
        ) o on true
        where d.id = ${a.deviceId}`)) as unknown as { rows: { recipients: AlarmRecipients; sms: boolean }[] };
      rule = result.rows[0] ?? null;
    } else if (a.kind === 'water_quality') {
      // A water-quality alarm's recipients are its site's (as they are now).
      const [site] =
        a.siteId === null
          ? []
          : await db.select({ recipients: wqSites.recipients }).from(wqSites).where(eq(wqSites.id, a.siteId));
      rule = site ? { recipients: site.recipients as AlarmRecipients, sms: false } : null;
    } else if (a.ruleId !== null) {
      const [r] = await db
        .select({ recipients: alarmRules.recipients, sms: alarmRules.sms, escalation: alarmRules.escalation })
        .from(alarmRules)
        .where(eq(alarmRules.id, a.ruleId));
      if (r) {
        const own = r.recipients as AlarmRecipients;
        const up = a.escalations > 0 ? (r.escalation as { recipients: AlarmRecipients } | null)?.recipients : undefined;
        const union = <T>(x: T[], y: T[] = []) => [...new Set([...x, ...y])];
        rule = {
          recipients: up
            ? {
                userIds: union(own.userIds, up.userIds),
                roleCodes: union(own.roleCodes, up.roleCodes),
                departmentIds: union(own.departmentIds, up.departmentIds),
              }
            : own,
          sms: r.sms,
        };
      }
    }
    if (!rule) continue;
    await notify(
      app,
      db,
      { purpose: 'cleared', alarm: toAlarm(row, DEFAULT_LOCALE), row, recipients: rule.recipients, sms: rule.sms },
      afterCommit,
    );
  }
}
