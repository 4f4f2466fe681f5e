import type { SmsLedgerEntry } from '@water/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { smsAccount, smsLedger, smsOutbox, users } from '../../db/schema/index.ts';

const ACCOUNT_ID = 1;

/**
 * Charges one queued SMS to the prepaid account. Without enough balance the message is marked
 * failed (never "sent"), and the caller is answered as usual so that an SMS-code request does
 * not reveal which phones have accounts.
 */
export async function chargeSms(
  db: Queryable,
  outboxId: number,
  at: Date,
  requestedBy: { ip?: string } = {},
): Promise<boolean> {
  const charged = await chargeSmsBatch(db, [outboxId], at, requestedBy);
  return charged.has(outboxId);
}

/**
 * Charges queued SMS one price each, in order, as far as the balance goes; the rest are marked
 * failed (never "sent"). One ledger row per charged SMS, with the IP of the request that paid for
 * it when it came from outside (SMS codes). Returns the ids that were charged.
 */
export async function chargeSmsBatch(
  db: Queryable,
  outboxIds: number[],
  at: Date,
  requestedBy: { ip?: string } = {},
): Promise<Set<number>> {
  if (outboxIds.length === 0) return new Set();
  // The row lock keeps two senders from spending the same balance.
  const [account] = await db
    .select({ balance: smsAccount.balance, price: smsAccount.price })
    .from(smsAccount)
    .where(eq(smsAccount.id, ACCOUNT_ID))
    .for('update');
  // Whole ten-thousandths of a yuan (the price's scale), so that 199.95 / 0.05 is not 3998.999….
  const units = (n: string) => Math.round(Number(n) * 10_000);
  const price = account ? units(account.price) : 0;
  const affordable = !account
    ? 0
    : price === 0
      ? outboxIds.length
      : Math.min(outboxIds.length, Math.floor(units(account.balance) / price));
  const charged = outboxIds.slice(0, affordable);
  const refused = outboxIds.slice(affordable);
  if (account && charged.length > 0) {
    await db
      .update(smsAccount)
      .set({ balance: sql`${smsAccount.balance} - ${smsAccount.price} * ${charged.length}`, updatedAt: at })
      .where(eq(smsAccount.id, ACCOUNT_ID));
    await db.insert(smsLedger).values(
      charged.map((outboxId) => ({
        amount: `-${account.price}`,
        kind: 'charge',
        outboxId,
        ip: requestedBy.ip ?? '',
        createdAt: at,
      })),
    );
  }
  if (refused.length > 0) {
    await db
      .update(smsOutbox)
      .set({ status: 'failed', error: 'insufficient SMS balance' })
      .where(inArray(smsOutbox.id, refused));
  }
  return new Set(charged);
}

export interface SmsSendResult {
  /** Queued for the gateway and charged (the outbox sender never claims delivery). */
  queued: number;
  /** Not sent: the balance could not pay for them. */
  failed: number;
}

/**
 * Queues one SMS per phone in the caller's transaction, through the configured sender, and
 * charges each at the account's price.
 */
export async function sendSms(
  db: Queryable,
  sms: { phones: string[]; purpose: string; content: string; sender: string },
  at: Date,
): Promise<SmsSendResult> {
  if (sms.phones.length === 0) return { queued: 0, failed: 0 };
  const rows = await db
    .insert(smsOutbox)
    .values(
      sms.phones.map((phone) => ({
        phone,
        purpose: sms.purpose,
        content: sms.content,
        sender: sms.sender,
        createdAt: at,
      })),
    )
    .returning({ id: smsOutbox.id });
  const charged = await chargeSmsBatch(
    db,
    rows.map((r) => r.id),
    at,
  );
  return { queued: charged.size, failed: rows.length - charged.size };
}

/** 13800000001 → 138****0001: the ledger shows whom a charge was for without listing phones. */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '*'.repeat(phone.length);

export function createSmsAccountRepository(db: Queryable) {
  async function ledger(filter: { kind?: 'topup' | 'charge' | undefined; limit: number }) {
    const rows = await db
      .select({ entry: smsLedger, userName: users.displayName, phone: smsOutbox.phone, purpose: smsOutbox.purpose })
      .from(smsLedger)
      .leftJoin(users, eq(users.id, smsLedger.userId))
      .leftJoin(smsOutbox, eq(smsOutbox.id, smsLedger.outboxId))
      .where(filter.kind ? eq(smsLedger.kind, filter.kind) : undefined)
      .orderBy(desc(smsLedger.createdAt), desc(smsLedger.id))
      .limit(filter.limit);
    return rows.map(
      ({ entry, userName, phone, purpose }): SmsLedgerEntry => ({
        id: entry.id,
        kind: entry.kind as SmsLedgerEntry['kind'],
        amount: Number(entry.amount),
        note: entry.note,
        userName: userName ?? '',
        createdAt: entry.createdAt.toISOString(),
        ...(phone === null ? {} : { phone: maskPhone(phone) }),
        ...(purpose === null ? {} : { purpose }),
      }),
    );
  }

  return {
    ledger,

    async get() {
      const [account] = await db.select().from(smsAccount).where(eq(smsAccount.id, ACCOUNT_ID));
      return {
        balance: Number(account?.balance ?? 0),
        price: Number(account?.price ?? 0),
        lowThreshold: Number(account?.lowThreshold ?? 0),
        ledger: await ledger({ limit: 20 }),
      };
    },

    async topup(amount: number, note: string, userId: number | null, at: Date) {
      await db
        .update(smsAccount)
        .set({ balance: sql`${smsAccount.balance} + ${amount.toFixed(2)}::numeric`, updatedAt: at })
        .where(eq(smsAccount.id, ACCOUNT_ID));
      await db.insert(smsLedger).values({ amount: amount.toFixed(2), kind: 'topup', note, userId, createdAt: at });
    },

    settings(price: number, lowThreshold: number, at: Date) {
      return db
        .update(smsAccount)
        .set({ price: price.toFixed(4), lowThreshold: lowThreshold.toFixed(2), updatedAt: at })
        .where(eq(smsAccount.id, ACCOUNT_ID));
    },

    /** The account row exists from the first start on. */
    ensure() {
      return db.insert(smsAccount).values({ id: ACCOUNT_ID }).onConflictDoNothing();
    },
  };
}
