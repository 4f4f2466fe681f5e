import { ALL_PERMISSIONS } from '@water/contracts';
import type { Queryable } from '../db/client.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import type { AuthContext } from '../types.ts';

/**
 * Whether the caller's active role holds any of `wanted` (or every permission): for a handler that
 * answers more or less depending on the role, where the route's own access rule is coarser.
 */
export async function holdsPermission(
  db: Queryable,
  auth: AuthContext | null | undefined,
  ...wanted: string[]
): Promise<boolean> {
  if (!auth?.roleId) return false;
  const held = await createAuthRepository(db).permissionsOf(auth.roleId);
  return held.includes(ALL_PERMISSIONS) || wanted.some((p) => held.includes(p));
}
