import { smsSize } from '@water/contracts';
import { sql } from 'drizzle-orm';
import { smsOutbox } from '../../../../db/schema/index.ts';
import { affordableSms, chargeSmsBatch } from '../../../workplace/sms-account.ts';
import type { OutgoingDelivery, SendOutcome } from '../../notify-types.ts';
import { type BatchChannelProvider, channelOff, failed, type ProviderEnv, type SendContext } from './provider-env.ts';

export interface SmsItem {
  phone: string;
  content: string;
  /** Unique per message and kept across attempts: a gateway that takes one (Aliyun's OutId) drops repeats. */
  idempotencyKey: string;
  /** Why it is sent (sms_outbox.purpose). */
  purpose: string;
  /** SMS it is billed as. */
  segments: number;
}

/** An SMS item's outcome: a sent one names its sms_outbox row (the record every sender keeps). */
export type SmsOutcome = SendOutcome & { outboxId?: number };

/**
 * An SMS gateway. It sends inside the transaction that charges the messages and marks their
 * deliveries sent, and records each in sms_outbox (the ledger's charges point there). Aliyun's or
 * Tencent Cloud's SMS API would implement this (their batch calls take up to 100 phones); the one
 * shipped writes sms_outbox rows for a gateway outside the console, as the SMS codes do.
 */
export interface SmsProvider {
  readonly name: string;
  send(batch: SmsItem[], ctx: SendContext): Promise<SmsOutcome[]>;
}

/** SMS_SENDER=outbox: queued in sms_outbox for the gateway (never claimed as delivered to the phone). */
export function outboxSmsProvider(sender: string): SmsProvider {
  return {
    name: sender,
    async send(batch, { db, now }) {
      if (batch.length === 0) return [];
      const rows = await db
        .insert(smsOutbox)
        .values(batch.map((i) => ({ phone: i.phone, purpose: i.purpose, content: i.content, sender, createdAt: now })))
        .returning({ id: smsOutbox.id });
      return rows.map((r) => ({ ok: true, outboxId: r.id }));
    },
  };
}

/** Mainland mobile numbers, optionally with +86 / 86: what the gateways take. */
const PHONE = /^(\+?86)?1\d{10}$/;

export const segmentsOf = (d: Pick<OutgoingDelivery, 'segments' | 'body'>) =>
  d.segments > 0 ? d.segments : Math.max(1, smsSize(d.body).segments);

/**
 * The SMS channel: checks the prepaid balance (locking the account), sends what it pays for,
 * charges each message its segments at the account's price and adds the cost to its push, all in
 * the caller's transaction. What the balance cannot pay for fails as noBalance, never "sent".
 */
export function smsChannel(env: ProviderEnv, provider: SmsProvider): BatchChannelProvider {
  async function sendBatch(deliveries: OutgoingDelivery[], ctx: SendContext): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = deliveries.map(() => channelOff());
    if (!(await env.channel('sms')).enabled) return outcomes;
    const valid: number[] = [];
    deliveries.forEach((d, i) => {
      if (PHONE.test(d.address)) valid.push(i);
      else outcomes[i] = failed('noAddress', d.address ? 'not a mobile number' : '');
    });
    if (valid.length === 0) return outcomes;
    const counts = valid.map((i) => segmentsOf(deliveries[i]!));
    const { count, price } = await affordableSms(ctx.db, counts);
    for (const i of valid.slice(count)) outcomes[i] = failed('noBalance');
    const paid = valid.slice(0, count);
    if (paid.length === 0) return outcomes;

    const sent = await provider.send(
      paid.map((i) => {
        const d = deliveries[i]!;
        return {
          phone: d.address,
          content: d.body,
          idempotencyKey: d.idempotencyKey,
          purpose: d.purpose,
          segments: segmentsOf(d),
        };
      }),
      ctx,
    );
    const charge = new Map<number, number>();
    const costByPush = new Map<number, number>();
    paid.forEach((i, k) => {
      const outcome = sent[k] ?? failed('rejected', 'no answer from the SMS provider');
      const d = deliveries[i]!;
      if (outcome.ok && outcome.outboxId === undefined) {
        outcomes[i] = failed('rejected', `${provider.name}: no sms_outbox row`);
        return;
      }
      outcomes[i] = outcome.ok ? { ok: true, detail: `${segmentsOf(d)} SMS` } : outcome;
      if (outcome.ok) {
        charge.set(outcome.outboxId!, segmentsOf(d));
        costByPush.set(d.pushId, (costByPush.get(d.pushId) ?? 0) + segmentsOf(d));
      }
    });
    // Affordable by the check above, under the same lock: all of them are charged.
    await chargeSmsBatch(ctx.db, [...charge.keys()], ctx.now, {}, charge);
    // In id order, as every writer of push rows takes them.
    for (const [pushId, segments] of [...costByPush].sort(([a], [b]) => a - b)) {
      await ctx.db.execute(sql`
        update notify_pushes set sms_count = sms_count + ${segments},
          sms_cost = sms_cost + ${(price * segments).toFixed(4)}::numeric
        where id = ${pushId}`);
    }
    return outcomes;
  }
  return {
    channel: 'sms',
    sendBatch,
    send: async (delivery, ctx) => (await sendBatch([delivery], ctx))[0]!,
  };
}
