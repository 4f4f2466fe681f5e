import {
  isRobotChannel,
  type NotifyChannel,
  type NotifyChannelInput,
  type NotifyChannelSettings,
  Permissions,
} from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';
import type { Context } from '../../lib/context.ts';
import { businessError } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { type ChannelRow, createChannelsRepository } from './channels.repository.ts';

/** The SMTP server of the settings as the screen may show it: host and port, never the credentials. */
export function smtpHost(smtpUrl: string | undefined): string {
  if (!smtpUrl || !URL.canParse(smtpUrl)) return '';
  return new URL(smtpUrl).host;
}

/**
 * A robot's or webhook's address for someone who may not edit it: the host alone. The path and
 * query of a robot URL carry its token (WeCom `key=`, DingTalk `access_token=`, Feishu's hook id):
 * whoever has it can post to the group.
 */
export function maskedUrl(url: string): string {
  if (!url || !URL.canParse(url)) return '';
  const u = new URL(url);
  return `${u.protocol}//${u.host}/…`;
}

const utilityMinute = (date: Date) =>
  new Date(date.getTime() + UTILITY_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

export function createChannelsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createChannelsRepository(ctx.db);

  /** The channel as the screen shows it; `full` answers the address itself (editors), else its host. */
  function toApi(row: ChannelRow, full: boolean): NotifyChannelSettings {
    const channel = row.channel as NotifyChannel;
    const base = { channel, hasSecret: row.secret !== '', updatedAt: row.updatedAt?.toISOString() ?? null };
    switch (channel) {
      case 'inApp':
        return { ...base, enabled: true, url: '', ready: true, provider: '' };
      case 'sms':
        return { ...base, enabled: row.enabled, url: '', ready: row.enabled, provider: app.config.SMS_SENDER };
      case 'email': {
        const host = smtpHost(app.config.SMTP_URL);
        return {
          ...base,
          enabled: row.enabled,
          url: host,
          ready: row.enabled && host !== '',
          provider: app.config.SMTP_FROM,
        };
      }
      default:
        return {
          ...base,
          enabled: row.enabled,
          url: full ? row.url : maskedUrl(row.url),
          ready: row.enabled && row.url !== '',
          provider: '',
        };
    }
  }

  const mayEdit = (ctx: Context) => holdsPermission(ctx.db, ctx.auth, Permissions.notifyTemplateWrite);

  return {
    async list(ctx: Context): Promise<NotifyChannelSettings[]> {
      const [rows, full] = await Promise.all([repo(ctx).all(), mayEdit(ctx)]);
      return rows.map((r) => toApi(r, full));
    },

    /** On or off, and a robot's or the webhook's address and secret (an omitted secret is kept, '' clears it). */
    async update(ctx: Context, channel: NotifyChannel, input: NotifyChannelInput): Promise<NotifyChannelSettings> {
      if (channel === 'inApp' && !input.enabled) throw businessError(400, 'notify.channel.inAppAlwaysOn');
      const addressed = channel === 'webhook' || isRobotChannel(channel);
      if (addressed && input.enabled && input.url === '') {
        throw new RequestValidationError('body', [
          { code: 'custom', path: ['url'], message: 'validation.required', input: undefined },
        ]);
      }
      const before = await repo(ctx).lock(channel);
      // Only robots and the webhook have an address and a secret of their own; e-mail's come from settings.
      const url = addressed ? input.url : '';
      const secret = addressed ? (input.secret ?? before.secret) : '';
      await repo(ctx).update(
        channel,
        { enabled: input.enabled, url, secret, updatedBy: ctx.auth?.userId ?? null },
        app.clock.now(),
      );
      const after = await repo(ctx).lock(channel);
      // The secret itself never reaches the log: only whether one is kept (a key named like a secret would be masked).
      const view = (r: ChannelRow) => ({ enabled: r.enabled, url: r.url, signingKey: r.secret ? 'set' : 'none' });
      ctx.audit({ targetId: channel, before: view(before), after: view(after) });
      return toApi(after, true);
    },

    /** One message on the channel now (to the caller on personal channels), and how it went. */
    async test(ctx: Context, channel: NotifyChannel): Promise<{ ok: boolean; error: string; ms: number }> {
      const userId = ctx.auth!.userId;
      const [me] = await ctx.db
        .select({ displayName: users.displayName, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      const message = {
        title: t(ctx.locale, 'notify.test.title'),
        body: t(ctx.locale, 'notify.test.body', {
          user: me?.displayName || me?.username || '',
          time: utilityMinute(app.clock.now()),
        }),
      };
      const outcome = await app.notifyDelivery.sendTest(channel, { userId, locale: ctx.locale }, message);
      const ms = Math.round(outcome.ms);
      if (outcome.ok) return { ok: true, error: '', ms };
      const reason = t(ctx.locale, `notify.error.${outcome.code}` as MessageKey);
      return { ok: false, error: outcome.detail ? `${reason}: ${outcome.detail}` : reason, ms };
    },
  };
}
