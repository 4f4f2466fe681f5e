import { ALL_PERMISSIONS, ROLE_ADMIN } from '@water/contracts';
import { and, asc, count, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  captchas,
  departments,
  enterprises,
  loginLog,
  menus,
  roleMenus,
  roles,
  sessions,
  smsCodes,
  smsOutbox,
  userRoles,
  users,
} from '../../db/schema/index.ts';

export function createAuthRepository(db: Queryable) {
  return {
    findUserByLogin(login: string) {
      return db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, login.toLowerCase()), eq(users.phone, login)))
        .limit(1)
        .then((rows) => rows[0]);
    },

    findUserByPhone(phone: string) {
      return db
        .select()
        .from(users)
        .where(eq(users.phone, phone))
        .limit(1)
        .then((rows) => rows[0]);
    },

    /** Failed logins from one IP since a moment (captcha gate per IP). */
    async ipFailuresSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginLog)
        .where(and(eq(loginLog.ip, ip), eq(loginLog.success, false), gte(loginLog.createdAt, since)));
      return row?.n ?? 0;
    },

    recordLogin(entry: typeof loginLog.$inferInsert) {
      return db.insert(loginLog).values(entry);
    },

    setFailures(userId: number, failedLoginCount: number, lockedUntil: Date | null) {
      return db.update(users).set({ failedLoginCount, lockedUntil }).where(eq(users.id, userId));
    },

    signedIn(userId: number, at: Date) {
      return db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: at })
        .where(eq(users.id, userId));
    },

    /** Roles a user holds, enabled ones only, the administrators' first. */
    rolesOf(userId: number) {
      return db
        .select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, userId), eq(roles.status, 'enabled')))
        .orderBy(asc(roles.sort), asc(roles.id));
    },

    createSession(values: typeof sessions.$inferInsert) {
      return db.insert(sessions).values(values).returning({ id: sessions.id });
    },

    revokeOtherSessions(userId: number, keepId: number, at: Date) {
      return db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: 'replaced' })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
    },

    revokeSession(id: number, at: Date, reason: string) {
      return db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    findSession(tokenHash: string) {
      return db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          activeRoleId: sessions.activeRoleId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          revokedReason: sessions.revokedReason,
          username: users.username,
          userStatus: users.status,
          mustChangePassword: users.mustChangePassword,
          roleCode: roles.code,
          roleStatus: roles.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(roles, eq(roles.id, sessions.activeRoleId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1)
        .then((rows) => rows[0]);
    },

    touchSession(id: number, lastSeenAt: Date, expiresAt: Date) {
      return db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },

    /** Permission strings of a role: its granted button entries; the administrators' role holds all. */
    async permissionsOf(roleId: number): Promise<string[]> {
      const [role] = await db.select({ code: roles.code }).from(roles).where(eq(roles.id, roleId));
      if (role?.code === ROLE_ADMIN) return [ALL_PERMISSIONS];
      const rows = await db
        .select({ permission: menus.permission })
        .from(roleMenus)
        .innerJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(and(eq(roleMenus.roleId, roleId), ne(menus.permission, ''), eq(menus.status, 'enabled')));
      return [...new Set(rows.map((r) => r.permission))];
    },

    /** The enabled menu entries granted to a role, in display order. */
    menusOfRole(roleId: number) {
      return db
        .select()
        .from(menus)
        .where(
          and(
            eq(menus.status, 'enabled'),
            inArray(menus.id, db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))),
          ),
        )
        .orderBy(asc(menus.orderNum), asc(menus.id));
    },

    profile(userId: number) {
      return db
        .select({
          user: users,
          enterpriseName: enterprises.name,
          departmentName: departments.name,
        })
        .from(users)
        .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(eq(users.id, userId))
        .limit(1)
        .then((rows) => rows[0]);
    },

    createCaptcha(values: typeof captchas.$inferInsert) {
      return db.insert(captchas).values(values);
    },

    /** Marks a captcha used (whatever the answer) and returns it if it was still usable. */
    consumeCaptcha(id: string, at: Date) {
      return db
        .update(captchas)
        .set({ usedAt: at })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gte(captchas.expiresAt, at)))
        .returning({ answerHash: captchas.answerHash })
        .then((rows) => rows[0]);
    },

    latestSmsCode(phone: string, purpose: string) {
      return db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
        .orderBy(sql`${smsCodes.createdAt} desc`, sql`${smsCodes.id} desc`)
        .limit(1)
        .then((rows) => rows[0]);
    },

    createSmsCode(values: typeof smsCodes.$inferInsert) {
      return db.insert(smsCodes).values(values);
    },

    updateSmsCode(id: number, values: Partial<typeof smsCodes.$inferInsert>) {
      return db.update(smsCodes).set(values).where(eq(smsCodes.id, id));
    },

    queueSms(values: typeof smsOutbox.$inferInsert) {
      return db.insert(smsOutbox).values(values).returning({ id: smsOutbox.id });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
