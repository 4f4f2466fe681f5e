import { ALL_PERMISSIONS } from '@water/contracts/common/permissions';
import type { ReactNode } from 'react';
import { useRoleInfo } from '../session/session-queries.ts';

export const ROLES_REQUIRED_ERROR = `need roles! Like v-permission="['admin','user']"`;

/** Whether a role may see something gated by `roles` (spec §6): an empty list hides nothing. */
export function hasRole(roles: unknown, role: string | undefined): boolean {
  if (!Array.isArray(roles)) throw new Error(ROLES_REQUIRED_ERROR);
  if (roles.length === 0) return true;
  return role !== undefined && (roles.includes(role) || roles.includes('*'));
}

/** Whether the active role holds every permission string; `*:*:*` holds them all. */
export function hasPermissions(required: readonly string[], granted: readonly string[] | undefined): boolean {
  if (required.length === 0) return true;
  if (!granted) return false;
  return granted.includes(ALL_PERMISSIONS) || required.every((p) => granted.includes(p));
}

/** The React form of v-permission: true when the user's active role is listed. */
export function usePermission(roles: readonly string[]): boolean {
  const role = useRoleInfo()?.role;
  return hasRole(roles, role);
}

/** Button permission strings of the active role (from the menu tree's button entries, via role-info). */
export function useButtonPermission(permissions: readonly string[]): boolean {
  return hasPermissions(permissions, useRoleInfo()?.permissions);
}

interface PermissionProps {
  /** Role codes allowed to see the children; [] hides nothing. */
  roles?: readonly string[];
  /** Permission strings the active role must hold, e.g. 'system:user:write'. */
  permissions?: readonly string[];
  children: ReactNode;
}

/** Renders its children only for the listed roles and permission holders. */
export function Permission({ roles = [], permissions = [], children }: PermissionProps) {
  const roleAllowed = usePermission(roles);
  const permissionAllowed = useButtonPermission(permissions);
  return roleAllowed && permissionAllowed ? children : null;
}
