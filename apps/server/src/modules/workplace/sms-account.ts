import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { smsAccount, smsLedger, smsOutbox, users } from '../../db/schema/index.ts';

const ACCOUNT_ID = 1;

/**
 * Charges one queued SMS to the prepaid account. Without enough balance the message is marked
 * failed (never "sent"), and the caller is answered as usual so that an SMS-code request does
 * not reveal which phones have accounts.
 */
export async function chargeSms(db: Queryable, outboxId: number, at: Date): Promise<boolean> {
  const [charged] = await db
    .update(smsAccount)
    .set({ balance: sql`${smsAccount.balance} - ${smsAccount.price}`, updatedAt: at })
    .where(sql`${smsAccount.id} = ${ACCOUNT_ID} and ${smsAccount.balance} >= ${smsAccount.price}`)
    .returning({ price: smsAccount.price });
  if (!charged) {
    await db
      .update(smsOutbox)
      .set({ status: 'failed', error: 'insufficient SMS balance' })
      .where(eq(smsOutbox.id, outboxId));
    return false;
  }
  await db.insert(smsLedger).values({ amount: `-${charged.price}`, kind: 'charge', outboxId, createdAt: at });
  return true;
}

export function createSmsAccountRepository(db: Queryable) {
  return {
    async get() {
      const [account] = await db.select().from(smsAccount).where(eq(smsAccount.id, ACCOUNT_ID));
      const ledger = await db
        .select({ entry: smsLedger, userName: users.displayName })
        .from(smsLedger)
        .leftJoin(users, eq(users.id, smsLedger.userId))
        .orderBy(desc(smsLedger.createdAt), desc(smsLedger.id))
        .limit(20);
      return {
        balance: Number(account?.balance ?? 0),
        price: Number(account?.price ?? 0),
        lowThreshold: Number(account?.lowThreshold ?? 0),
        ledger: ledger.map(({ entry, userName }) => ({
          id: entry.id,
          kind: entry.kind as 'topup' | 'charge',
          amount: Number(entry.amount),
          note: entry.note,
          userName: userName ?? '',
          createdAt: entry.createdAt.toISOString(),
        })),
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
