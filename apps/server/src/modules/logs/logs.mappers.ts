import { OPERATION_RESULTS, type OperationLog, type OperationLogDetail, type OperationResult } from '@water/contracts';
import type { loginLog, operationLog } from '../../db/schema/index.ts';

type OperationRow = typeof operationLog.$inferSelect;

export const resultOf = (result: string): OperationResult =>
  (OPERATION_RESULTS as readonly string[]).includes(result) ? (result as OperationResult) : 'success';

/** The user names of log rows: each actor's name today, the username kept in the row when the account is gone. */
export type Names = ReadonlyMap<number, string>;

/** The name a log row shows for its actor (see Names). */
export const actorName = (r: { userId: number | null; username: string }, names: Names) =>
  (r.userId !== null && names.get(r.userId)) || r.username;

export const toOperation = (r: OperationRow, names: Names): OperationLog => ({
  id: r.id,
  userId: r.userId,
  username: r.username,
  displayName: actorName(r, names),
  module: r.module,
  action: r.action,
  targetId: r.targetId,
  method: r.method,
  path: r.path,
  result: resultOf(r.result),
  error: r.error,
  ip: r.ip,
  durationMs: r.durationMs,
  createdAt: r.createdAt.toISOString(),
});

/** One operation with its parameters and what it changed, field by field. */
export const toOperationDetail = (r: OperationRow, names: Names): OperationLogDetail => ({
  ...toOperation(r, names),
  params: r.params,
  before: r.before,
  after: r.after,
  changes: r.before === null && r.after === null ? [] : diffRecords(r.before, r.after),
});

export const toLogin = (r: typeof loginLog.$inferSelect) => ({ ...r, createdAt: r.createdAt.toISOString() });

/**
 * The fields whose values differ between two records, as dotted paths down to leaves: what an
 * auditor reads as "changed X from a to b". Arrays are compared element by element.
 */
export function diffRecords(
  before: unknown,
  after: unknown,
  path = '',
): { path: string; before: unknown; after: unknown }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffRecords(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}
