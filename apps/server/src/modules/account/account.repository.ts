import type { Locale, Profile } from '@water/contracts';
import { and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  departments,
  enterprises,
  loginLog,
  roles,
  sessions,
  smsCodes,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { together } from '../../lib/together.ts';
import { type ProfileRow, toLoginEntry, toProfile, toSession } from './account.mappers.ts';

export function createAccountRepository(db: Queryable) {
  const repository = {
    /** The user's own profile as the API answers it (the two reads side by side). */
    async profileOf(userId: number, locale: Locale): Promise<Profile | undefined> {
      const [row, roles] = await together(
        db,
        () => repository.profile(userId),
        () => repository.rolesOf(userId),
      );
      return row && toProfile(row, roles, locale);
    },

    async isTaken(username: string, phone: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.phone, phone)))
        .limit(1);
      return rows.length > 0;
    },

    insertUser(values: typeof users.$inferInsert) {
      return db
        .insert(users)
        .values(values)
        .returning()
        .then((rows) => rows[0]!);
    },

    roleByCode(code: string) {
      return db
        .select()
        .from(roles)
        .where(eq(roles.code, code))
        .then((rows) => rows[0]);
    },

    grantRole(userId: number, roleId: number) {
      return db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    },

    userById(id: number) {
      return db
        .select()
        .from(users)
        .where(eq(users.id, id))
        .then((rows) => rows[0]);
    },

    userByPhone(phone: string) {
      return db
        .select()
        .from(users)
        .where(eq(users.phone, phone))
        .then((rows) => rows[0]);
    },

    profile(userId: number): Promise<ProfileRow | undefined> {
      return db
        .select({ user: users, enterpriseName: enterprises.name, departmentName: departments.name })
        .from(users)
        .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(eq(users.id, userId))
        .then((rows) => rows[0]);
    },

    rolesOf(userId: number) {
      return db
        .select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn, status: roles.status })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.sort, roles.id);
    },

    updateUser(id: number, values: Partial<typeof users.$inferInsert>) {
      return db.update(users).set(values).where(eq(users.id, id));
    },

    setActiveRole(sessionId: number, roleId: number) {
      return db.update(sessions).set({ activeRoleId: roleId }).where(eq(sessions.id, sessionId));
    },

    /** The verified SMS code holding this ticket, if the ticket is still good. */
    codeByTicket(phone: string, ticketHash: string, now: Date) {
      return db
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.phone, phone),
            eq(smsCodes.purpose, 'reset-password'),
            eq(smsCodes.ticketHash, ticketHash),
            gt(smsCodes.ticketExpiresAt, now),
          ),
        )
        .then((rows) => rows[0]);
    },

    spendTicket(id: number) {
      return db.update(smsCodes).set({ ticketHash: null, ticketExpiresAt: null }).where(eq(smsCodes.id, id));
    },

    /** Ends every live session of a user but `keepId`. */
    revokeSessions(userId: number, at: Date, reason: string, keepId?: number) {
      return db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepId === undefined ? undefined : ne(sessions.id, keepId),
          ),
        );
    },

    async loginHistory(userId: number, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(loginLog).where(eq(loginLog.userId, userId));
      const list = await db
        .select()
        .from(loginLog)
        .where(eq(loginLog.userId, userId))
        .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: total?.n ?? 0, list: list.map(toLoginEntry) };
    },

    /** The user's sessions neither revoked nor expired, the latest used first; `currentId` is the caller's. */
    liveSessions(userId: number, now: Date, currentId: number) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt))
        .then((rows) => rows.map((s) => toSession(s, currentId)));
    },

    revokeSession(userId: number, id: number, at: Date, reason: string) {
      return db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
        .then((rows) => rows[0]);
    },
  };
  return repository;
}
