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

// Whole ten-thousandths of a yuan (the price's scale), so that 199.95 / 0.05 is not 3998.999….
const units = (n: string) => Math.round(Number(n) * 10_000);

/** How many of `counts` (SMS each, in order) a balance pays for at a price: a prefix, none skipped. */
function affordablePrefix(balance: number, price: number, counts: readonly number[]): number {
  if (price === 0) return counts.length;
  let left = balance;
  let n = 0;
  for (const count of counts) {
    if (left < price * count) break;
    left -= price * count;
    n++;
  }
  return n;
}

/** The account row, locked: two senders do not spend the same balance. */
async function lockAccount(db: Queryable) {
  const [account] = await db
    .select({ balance: smsAccount.balance, price: smsAccount.price })
    .from(smsAccount)
    .where(eq(smsAccount.id, ACCOUNT_ID))
    .for('update');
  return account;
}

/**
 * How many of a list of messages (each `counts[i]` SMS: a long text is billed per segment), in
 * order, the balance pays for, and the price of one SMS. Locks the account row until the caller's
 * transaction ends, so a sender can check before it sends and charge (chargeSmsBatch) after.
 */
export async function affordableSms(
  db: Queryable,
  counts: readonly number[],
): Promise<{ count: number; price: number }> {
  const account = await lockAccount(db);
  if (!account) return { count: 0, price: 0 };
  return {
    count: affordablePrefix(units(account.balance), units(account.price), counts),
    price: Number(account.price),
  };
}

/**
 * Charges queued SMS one price each (or `counts.get(id)` prices: the segments of a long text), in
 * order, as far as the balance goes; the rest are marked failed (never "sent"). One ledger row per
 * charged message, with the IP of the request that paid for it when it came from outside (SMS
 * codes). Returns the ids that were charged.
 */
export async function chargeSmsBatch(
  db: Queryable,
  outboxIds: number[],
  at: Date,
  requestedBy: { ip?: string } = {},
  counts?: ReadonlyMap<number, number>,
): Promise<Set<number>> {
  if (outboxIds.length === 0) return new Set();
  const account = await lockAccount(db);
  const countOf = (id: number) => counts?.get(id) ?? 1;
  const affordable = !account
    ? 0
    : affordablePrefix(units(account.balance), units(account.price), outboxIds.map(countOf));
  const charged = outboxIds.slice(0, affordable);
  const refused = outboxIds.slice(affordable);
  if (account && charged.length > 0) {
    const total = charged.reduce((sum, id) => sum + countOf(id), 0);
    await db
      .update(smsAccount)
      .set({ balance: sql`${smsAccount.balance} - ${smsAccount.price} * ${total}`, updatedAt: at })
      .where(eq(smsAccount.id, ACCOUNT_ID));
    const price = units(account.price);
    await db.insert(smsLedger).values(
      charged.map((outboxId) => ({
        // Exact in ten-thousandths: the price's scale times a whole count.
        amount: `-${((price * countOf(outboxId)) / 10_000).toFixed(4)}`,
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
