import { NOTIFY_CHANNELS, type NotifyChannel } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifyChannels } from '../../db/schema/index.ts';

/** A channel's stored settings (the secret included: only the server's senders read it). */
export interface LoadedChannel {
  enabled: boolean;
  url: string;
  secret: string;
}

export type ChannelRow = typeof notifyChannels.$inferSelect;

/** A channel without a row (an installation seeded before it existed): in-app on, the rest off. */
const missing = (channel: NotifyChannel): ChannelRow => ({
  channel,
  enabled: channel === 'inApp',
  url: '',
  secret: '',
  updatedAt: null,
  updatedBy: null,
});

/** Every channel's settings, one entry per channel (the planner and the delivery worker read these). */
export async function loadChannels(db: Queryable): Promise<Map<NotifyChannel, LoadedChannel>> {
  const rows = await createChannelsRepository(db).all();
  return new Map(rows.map((r) => [r.channel as NotifyChannel, { enabled: r.enabled, url: r.url, secret: r.secret }]));
}

export function createChannelsRepository(db: Queryable) {
  return {
    /** One row per channel in the console's order. */
    async all(): Promise<ChannelRow[]> {
      const rows = await db.select().from(notifyChannels);
      const byChannel = new Map(rows.map((r) => [r.channel, r]));
      return NOTIFY_CHANNELS.map((c) => byChannel.get(c) ?? missing(c));
    },

    /** The row locked for an edit; made first if the channel has none. */
    async lock(channel: NotifyChannel): Promise<ChannelRow> {
      await db.insert(notifyChannels).values(missing(channel)).onConflictDoNothing({ target: notifyChannels.channel });
      const [row] = await db.select().from(notifyChannels).where(eq(notifyChannels.channel, channel)).for('update');
      return row!;
    },

    update: (channel: NotifyChannel, values: Pick<ChannelRow, 'enabled' | 'url' | 'secret' | 'updatedBy'>, now: Date) =>
      db
        .update(notifyChannels)
        .set({ ...values, updatedAt: now })
        .where(eq(notifyChannels.channel, channel)),
  };
}
