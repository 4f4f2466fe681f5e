import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';

type Results<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads: all at once on the database (a pool gives each its own connection), one
 * after another on a transaction. A transaction is one connection, and a query sent on it while
 * another runs is what node-postgres warns about ("client.query() when the client is already
 * executing a query") and pg@9 will refuse. An audited write's `ctx.db` is a transaction: a service
 * reading several things at once through it goes through here, never through a bare Promise.all.
 *
 * Each item is a function, so that nothing starts before its turn.
 */
export async function together<const T extends readonly (() => unknown)[]>(
  db: Queryable,
  ...runs: T
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(runs.map((run) => run()))) as Results<T>;
  const results: unknown[] = [];
  for (const run of runs) results.push(await run());
  return results as Results<T>;
}
