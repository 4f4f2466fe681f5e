import type { Queryable } from '../db/client.ts';
import { type DataScope, withinRegions } from './data-scope.ts';
import { regionSubtree } from './tree.ts';

/**
 * The regions a place-bound list reads (devices, their data, archives, exports): the region asked
 * for with every region below it, within the caller's region limit. undefined means no limit at all;
 * an empty list, none.
 */
export async function regionFilter(
  db: Queryable,
  scope: DataScope,
  regionId: number | undefined,
): Promise<number[] | undefined> {
  return withinRegions(scope, regionId === undefined ? undefined : await regionSubtree(db, regionId));
}
