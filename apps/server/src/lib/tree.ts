import { eq, inArray, like, or } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { departments, regions } from '../db/schema/index.ts';

/** The tables kept as trees by ancestor path ("0,1,4": the ids from the root down to the parent). */
export type TreeTable = typeof departments | typeof regions;

/**
 * The given rows and every row below them, in id order. A prefix match on the ancestor path
 * rather than a recursive query: one index range per root, and the same on PGlite and PostgreSQL.
 * Ids that name no row are left out.
 */
export async function subtreeIds(db: Queryable, table: TreeTable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const roots = await db.select({ id: table.id, ancestors: table.ancestors }).from(table).where(inArray(table.id, ids));
  if (roots.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      or(
        inArray(
          table.id,
          roots.map((r) => r.id),
        ),
        ...roots.flatMap((r) => {
          const prefix = `${r.ancestors},${r.id}`;
          return [eq(table.ancestors, prefix), like(table.ancestors, `${prefix},%`)];
        }),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A region and every region below it (none when it does not exist). */
export const regionSubtree = (db: Queryable, id: number) => subtreeIds(db, regions, [id]);

/** A department and every department below it (none when it does not exist). */
export const departmentSubtree = (db: Queryable, id: number) => subtreeIds(db, departments, [id]);
