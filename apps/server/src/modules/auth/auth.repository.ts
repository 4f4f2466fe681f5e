import { ALL_PERMISSIONS, type Locale, type MenuNode, ROLE_ADMIN, type RoleInfo, SMS_PURPOSES } from '@water/contracts';
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appSettings,
  captchas,
  departments,
  enterprises,
  loginFailures,
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
import type { AuthContext } from '../../types.ts';
import { buildMenuTree, type SignedInRow, toRoleInfo } from './auth.mappers.ts';

/** Failures are counted per login name as typed, known or not: the answers must not tell which exist. */
export const loginKey = (login: string) => login.trim().toLowerCase();

export function createAuthRepository(db: Queryable) {
  const repository = {
    /** The signed-in user as the console learns it (the four reads side by side); undefined once the user is gone. */
    async roleInfo(auth: AuthContext, locale: Locale): Promise<RoleInfo | undefined> {
      const [profile, roles, menuRows, permissions] = await Promise.all([
        repository.profile(auth.userId),
        repository.rolesOf(auth.userId),
        auth.roleId ? repository.menusOfRole(auth.roleId) : Promise.resolve([]),
        auth.roleId ? repository.permissionsOf(auth.roleId) : Promise.resolve([]),
      ]);
      return profile && toRoleInfo(auth, profile, roles, menuRows, permissions, locale);
    },

    /** The role's menu as the console's tree, with or without its buttons. */
    async menuTree(roleId: number, withButtons: boolean): Promise<MenuNode[]> {
      const rows = await repository.menusOfRole(roleId);
      return buildMenuTree(withButtons ? rows : rows.filter((m) => m.type !== 'button'));
    },

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

    /**
     * Wrong passwords tried from one IP since a moment (the captcha gate per IP). Attempts refused
     * before a password was checked (locked, captcha missing or wrong) test nothing and are left out.
     */
    async ipPasswordFailuresSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginLog)
        .where(
          and(
            eq(loginLog.ip, ip),
            eq(loginLog.success, false),
            eq(loginLog.reason, 'bad_credentials'),
            gte(loginLog.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * The failures counted against a login name now: none once its lock has run out, or when its
     * last failure is older than `since` (the lock window).
     */
    async failuresOf(login: string, now: Date, since: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
      const [row] = await db.select().from(loginFailures).where(eq(loginFailures.login, login));
      if (!row) return { failures: 0, lockedUntil: null };
      if (row.lockedUntil) return row.lockedUntil > now ? row : { failures: 0, lockedUntil: null };
      return row.updatedAt < since ? { failures: 0, lockedUntil: null } : row;
    },

    /** Counts one more failure against a login name, atomically; locks it at `max`. */
    async addFailure(login: string, now: Date, since: Date, max: number, lockUntil: Date) {
      const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
      const stale = sql`(${loginFailures.updatedAt} < ${at(since)} or ${loginFailures.lockedUntil} <= ${at(now)})`;
      const next = sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`;
      const [row] = await db
        .insert(loginFailures)
        .values({ login, failures: 1, lockedUntil: max <= 1 ? lockUntil : null, updatedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.login,
          set: {
            failures: next,
            lockedUntil: sql`case when ${next} >= ${max} then ${at(lockUntil)} else null end`,
            updatedAt: now,
          },
        })
        .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
      return row ?? { failures: 1, lockedUntil: null };
    },

    clearFailures(logins: string[]) {
      return db.delete(loginFailures).where(inArray(loginFailures.login, logins));
    },

    /** Forgets names whose last failure and lock are both older than `before`. */
    pruneFailures(before: Date) {
      return db
        .delete(loginFailures)
        .where(
          and(
            lt(loginFailures.updatedAt, before),
            or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, before)),
          ),
        );
    },

    /** Keeps the account's own columns in step, for the user list (locked until …). */
    mirrorFailures(userId: number, failedLoginCount: number, lockedUntil: Date | null) {
      return db
        .update(users)
        .set(lockedUntil ? { failedLoginCount, lockedUntil } : { failedLoginCount })
        .where(eq(users.id, userId));
    },

    recordLogin(entry: typeof loginLog.$inferInsert) {
      return db.insert(loginLog).values(entry);
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

    profile(userId: number): Promise<SignedInRow | undefined> {
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

    /** SMS codes asked for (known phones or not) since a moment: to one phone, or from one IP. */
    async smsCodesSince(by: { phone: string } | { ip: string }, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(
          and('phone' in by ? eq(smsCodes.phone, by.phone) : eq(smsCodes.ip, by.ip), gte(smsCodes.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    /** Code messages (they cost money) queued since a moment, for the whole system. */
    async codeSmsSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsOutbox)
        .where(and(inArray(smsOutbox.purpose, [...SMS_PURPOSES]), gte(smsOutbox.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Takes the right to tell administrators about the hourly cap: true at most once per
     * `since`-window, whichever server or request asks first.
     */
    async claimHourlyCapAlert(now: Date, since: Date): Promise<boolean> {
      const rows = await db
        .insert(appSettings)
        .values({ key: 'sms.hourlyCapAlertedAt', value: now.toISOString(), updatedAt: now })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: now.toISOString(), updatedAt: now },
          setWhere: lt(appSettings.updatedAt, since),
        })
        .returning({ key: appSettings.key });
      return rows.length > 0;
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
  return repository;
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/**
 * Unlocks an account's names (username and phone) after a password reset or an administrator's
 * unlock: failures are kept per name typed, not on the account (login_failures).
 */
export function forgetLoginFailures(db: Queryable, user: { username: string; phone: string | null }) {
  return db
    .delete(loginFailures)
    .where(inArray(loginFailures.login, [loginKey(user.username), ...(user.phone ? [user.phone] : [])]));
}
