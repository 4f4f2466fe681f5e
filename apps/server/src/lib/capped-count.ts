import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';

/**
 * Counts the rows of `table` matching `where`, but stops at `cap`: an admin list over hundreds of
 * thousands of rows would otherwise spend longer counting than fetching its page. `capped` says the
 * true number is larger; the console then shows "more than N".
 */
export async function cappedCount(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  // PGlite and node-postgres both answer raw queries with `{ rows }`.
  const result = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) m`,
  )) as unknown as { rows: { n: number }[] };
  const n = Number(result.rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}
