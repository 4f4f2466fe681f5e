import type { Locale, ManagedUser } from '@water/contracts';
import type { users } from '../../db/schema/index.ts';
import { roleName } from '../roles/roles.mappers.ts';

export type UserRow = {
  user: typeof users.$inferSelect;
  departmentName: string | null;
  enterpriseName: string | null;
};
export type UserRoleRow = { userId: number; code: string; name: string; nameEn: string };

/** A user as the API answers it, with their roles among `roleRows` (named in the caller's language). */
export const toUser = (row: UserRow, roleRows: UserRoleRow[], locale: Locale): ManagedUser => {
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    displayName: u.displayName,
    phone: u.phone,
    email: u.email,
    status: u.status as ManagedUser['status'],
    enterpriseId: u.enterpriseId,
    enterpriseName: row.enterpriseName ?? '',
    departmentId: u.departmentId,
    departmentName: row.departmentName ?? '',
    roles: roleRows.filter((r) => r.userId === u.id).map((r) => ({ code: r.code, name: roleName(r, locale) })),
    mustChangePassword: u.mustChangePassword,
    lockedUntil: u.lockedUntil?.toISOString() ?? null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
};
