import { type Alarm, type AlarmRecipients, DEFAULT_LOCALE } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { regions, roleRegions, roles, userRoles } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { subtreeIds } from '../../lib/tree.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';
import { sendMessage } from '../messages/send-message.ts';

/** Why recipients are told: the templates of the next issue are keyed by it. */
export type NotifyPurpose = 'raised' | 'escalated' | 'reminder' | 'assigned';

export interface AlarmNotice {
  purpose: NotifyPurpose;
  /** The alarm as shown (in the utility's language until recipients choose theirs). */
  alarm: Alarm;
  recipients: AlarmRecipients;
  sms: boolean;
  /** For escalations: minutes unacknowledged; for reminders: how many so far. */
  minutes?: number;
  count?: number;
}

const KEYS: Record<NotifyPurpose, MessageKey> = {
  raised: 'alarms.notify.raised',
  escalated: 'alarms.notify.escalated',
  reminder: 'alarms.notify.reminder',
  assigned: 'alarms.notify.assigned',
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
 * The one seam every alarm notification goes through: today the message centre (in-app, the live
 * bell) and the SMS outbox, with the rule's recipients resolved to users and narrowed to those whose
 * region limit covers the alarm. The next issue puts templates, channels and per-user preferences
 * behind this same call. Rows are written with the caller's transaction; delivery after commit.
 */
export async function notify(
  app: FastifyInstance,
  db: Queryable,
  notice: AlarmNotice,
  afterCommit: (fn: () => Promise<void> | void) => void,
): Promise<number[]> {
  const { alarm, recipients } = notice;
  const resolved = await createMessagesRepository(db).resolveAudience({
    users: recipients.userIds,
    roles: recipients.roleCodes,
    departments: recipients.departmentIds,
  });
  const users = await withinReach(db, resolved, alarm.regionId);
  if (users.length === 0) return [];
  const locale = DEFAULT_LOCALE;
  const station = alarm.stationName ? `${alarm.stationName} ` : '';
  const severity = t(locale, `alarms.severity.${alarm.severity}` as MessageKey);
  const title =
    alarm.kind === 'offline' && notice.purpose === 'raised'
      ? t(locale, 'alarms.notify.offline', {
          severity,
          station,
          device: alarm.deviceCode,
          lastSeen: alarm.lastValue ?? '',
        })
      : t(locale, KEYS[notice.purpose], {
          severity,
          station,
          device: alarm.deviceCode,
          title: alarm.title,
          condition: alarm.condition,
          value: `${alarm.lastValue ?? ''}${alarm.unit ? ` ${alarm.unit}` : ''}`,
          minutes: notice.minutes ?? 0,
          count: notice.count ?? 0,
        });
  await sendMessage(
    app,
    db,
    { users },
    {
      type: 'message',
      title,
      subTitle: alarm.deviceName,
      content: alarm.condition,
      link: `/bz/alarm?alarm=${alarm.id}`,
      source: 'alarm',
      sourceId: String(alarm.id),
      sms: notice.sms,
    },
    afterCommit,
  );
  return users;
}
