import {
  type Locale,
  NOTIFY_CHANNELS,
  NOTIFY_PURPOSES,
  type NotifyChannel,
  type NotifyPurpose,
  type NotifyTemplate,
  type PersonalChannel,
} from '@water/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifyTemplates, users } from '../../db/schema/index.ts';

type Localized = Record<Locale, string>;

/** What the planner needs of a template: whether it sends, its texts and its fallback. */
export interface LoadedTemplate {
  enabled: boolean;
  title: Localized;
  body: Localized;
  fallback: PersonalChannel | null;
}

/** The templates of one purpose, by channel (the push planner reads these). */
export async function loadTemplates(
  db: Queryable,
  purpose: NotifyPurpose,
): Promise<Map<NotifyChannel, LoadedTemplate>> {
  const rows = await db
    .select({
      channel: notifyTemplates.channel,
      enabled: notifyTemplates.enabled,
      title: notifyTemplates.title,
      body: notifyTemplates.body,
      fallback: notifyTemplates.fallback,
    })
    .from(notifyTemplates)
    .where(eq(notifyTemplates.purpose, purpose));
  return new Map(
    rows.map((r) => [
      r.channel as NotifyChannel,
      { enabled: r.enabled, title: r.title, body: r.body, fallback: (r.fallback as PersonalChannel | null) ?? null },
    ]),
  );
}

export interface TemplateFilter {
  purpose?: NotifyPurpose | undefined;
  channel?: NotifyChannel | undefined;
}

export type TemplateColumns = Pick<
  typeof notifyTemplates.$inferInsert,
  'enabled' | 'title' | 'body' | 'fallback' | 'isDefault' | 'updatedBy'
>;

type Row = { t: typeof notifyTemplates.$inferSelect; by: string | null; byName: string | null };

export function createTemplatesRepository(db: Queryable) {
  const listed = () =>
    db
      .select({ t: notifyTemplates, by: users.displayName, byName: users.username })
      .from(notifyTemplates)
      .leftJoin(users, eq(users.id, notifyTemplates.updatedBy));
  const toApi = (r: Row): NotifyTemplate => ({
    id: r.t.id,
    purpose: r.t.purpose as NotifyPurpose,
    channel: r.t.channel as NotifyChannel,
    enabled: r.t.enabled,
    title: r.t.title,
    body: r.t.body,
    fallback: (r.t.fallback as PersonalChannel | null) ?? null,
    isDefault: r.t.isDefault,
    updatedAt: r.t.updatedAt.toISOString(),
    updatedBy: r.by || r.byName || '',
  });

  return {
    /** Templates in purpose order, then channel order, as the contract lists them. */
    async list(f: TemplateFilter): Promise<NotifyTemplate[]> {
      const where: (SQL | undefined)[] = [
        f.purpose ? eq(notifyTemplates.purpose, f.purpose) : undefined,
        f.channel ? eq(notifyTemplates.channel, f.channel) : undefined,
      ];
      const rows = await listed()
        .where(and(...where))
        .orderBy(asc(notifyTemplates.id));
      // The contract's order whatever order the rows were made in (a template seeded later goes in its place).
      const rank = (t: NotifyTemplate) =>
        NOTIFY_PURPOSES.indexOf(t.purpose) * NOTIFY_CHANNELS.length + NOTIFY_CHANNELS.indexOf(t.channel);
      return rows.map(toApi).sort((a, b) => rank(a) - rank(b));
    },

    get: (id: number): Promise<NotifyTemplate | undefined> =>
      listed()
        .where(eq(notifyTemplates.id, id))
        .then((rows) => (rows[0] ? toApi(rows[0]) : undefined)),

    /** The row locked for an edit (two administrators saving at once: the second sees the first's). */
    lock: (id: number) =>
      db
        .select({ id: notifyTemplates.id, purpose: notifyTemplates.purpose, channel: notifyTemplates.channel })
        .from(notifyTemplates)
        .where(eq(notifyTemplates.id, id))
        .for('update')
        .then((rows) => rows[0] as { id: number; purpose: NotifyPurpose; channel: NotifyChannel } | undefined),

    update: (id: number, values: TemplateColumns, now: Date) =>
      db
        .update(notifyTemplates)
        .set({ ...values, updatedAt: now })
        .where(eq(notifyTemplates.id, id)),
  };
}
