import type { Locale, Profile } from '@water/contracts';
import type { loginLog, sessions, users } from '../../db/schema/index.ts';
import { roleName } from '../roles/roles.mappers.ts';

export type ProfileRow = {
  user: typeof users.$inferSelect;
  enterpriseName: string | null;
  departmentName: string | null;
};

/** The signed-in user's own profile, with the enabled roles they hold (named in their language). */
export const toProfile = (
  row: ProfileRow,
  roles: { code: string; name: string; nameEn: string; status: string }[],
  locale: Locale,
): Profile => {
  const u = row.user;
  return {
    userId: u.id,
    username: u.username,
    displayName: u.displayName,
    phone: u.phone ?? '',
    email: u.email,
    avatar: u.avatar,
    job: u.job,
    jobName: u.jobName,
    location: u.location,
    locationName: u.locationName,
    introduction: u.introduction,
    personalWebsite: u.personalWebsite,
    enterpriseName: row.enterpriseName ?? '',
    departmentName: row.departmentName ?? '',
    roles: roles
      .filter((role) => role.status === 'enabled')
      .map((role) => ({ code: role.code, name: roleName(role, locale) })),
    registrationDate: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
};

export const toLoginEntry = (row: typeof loginLog.$inferSelect) => ({
  id: row.id,
  time: row.createdAt.toISOString(),
  ip: row.ip,
  userAgent: row.userAgent,
  success: row.success,
  reason: row.reason,
});

/** One of the user's live sessions; `current` is the one the call comes from. */
export const toSession = (s: typeof sessions.$inferSelect, currentId: number) => ({
  id: s.id,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  ip: s.ip,
  userAgent: s.userAgent,
  current: s.id === currentId,
});
