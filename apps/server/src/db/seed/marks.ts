import { inArray } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { seedMarks } from '../schema/index.ts';

/** The keys among `keys` the seed has already created once. */
export async function seededKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: seedMarks.key }).from(seedMarks).where(inArray(seedMarks.key, keys));
  return new Set(rows.map((r) => r.key));
}

export async function markSeeded(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length > 0)
    await db
      .insert(seedMarks)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
}
