import { PHONE_PATTERN, ROLE_ADMIN, ROLE_USER } from '@water/contracts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operationLog, roles, userRoles, users } from '../db/schema/index.ts';
import { hashPassword, isStrongPassword } from '../lib/passwords.ts';

export type CreateAdminResult = { ok: true; userId: number } | { ok: false; error: string };

/** Creates an administrator holding the admin and user roles; refuses a taken name or phone. */
export async function createAdministrator(
  db: Db,
  input: { username: string; phone: string; password: string },
): Promise<CreateAdminResult> {
  const username = input.username.trim();
  const phone = input.phone.trim();
  if (!/^[\w.@-]{2,64}$/.test(username)) {
    return { ok: false, error: 'Username: 2–64 letters, digits or . _ @ -' };
  }
  if (phone && !PHONE_PATTERN.test(phone)) return { ok: false, error: 'Phone: a mainland China mobile number' };
  if (!isStrongPassword(input.password)) {
    return { ok: false, error: 'Password: 8–64 characters with letters and digits' };
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        or(eq(sql`lower(${users.username})`, username.toLowerCase()), phone ? eq(users.phone, phone) : sql`false`),
      );
    if (taken.length > 0) return { ok: false as const, error: 'That username or phone is already taken' };
    const [user] = await tx
      .insert(users)
      .values({ username, phone: phone || null, passwordHash, displayName: username })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned nothing');
    const roleRows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.code, [ROLE_ADMIN, ROLE_USER]));
    if (roleRows.length) await tx.insert(userRoles).values(roleRows.map((r) => ({ userId: user.id, roleId: r.id })));
    await tx.insert(operationLog).values({
      username: 'cli',
      module: 'system',
      action: 'create-admin',
      method: 'CLI',
      path: 'npm run create-admin',
      params: { username, phone },
      after: { id: user.id, username, phone, roles: [ROLE_ADMIN, ROLE_USER] },
      result: 'success',
      createdAt: new Date(),
    });
    return { ok: true as const, userId: user.id };
  });
}
