import { randomInt } from 'node:crypto';
import {
  type ImportReport,
  type ManagedUser,
  ROLE_ADMIN,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  type userExportQuerySchema,
  userInputSchema,
  type userListQuerySchema,
} from '@water/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { t as translate } from '../../i18n/messages.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { type DataScope, inDepartmentScope, unlimited } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { importRows, type SheetRow } from '../../lib/row-import.ts';
import { issueText } from '../../lib/validation.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { forgetLoginFailures } from '../auth/auth.repository.ts';
import { createOrganizationRepository } from '../organization/organization.repository.ts';
import { type CallerGrants, callerGrants, rolesBeyond } from '../roles/grants.ts';
import { roleName } from '../roles/roles.mappers.ts';
import { createUsersRepository } from './users.repository.ts';

type Input = z.output<typeof userInputSchema>;

// No 0/O, 1/l/I: read aloud or copied by hand without mistakes.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A 12-character temporary password with letters and digits (always both), from a CSPRNG. */
export function temporaryPassword(): string {
  const pool = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)]!, DIGITS[randomInt(DIGITS.length)]!];
  while (chars.length < 12) chars.push(pool[randomInt(pool.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * The one lock every write that can shrink the set of enabled administrators takes first (disable,
 * demote, remove), so two administrators removing each other at the same moment cannot both pass
 * the last-administrator count: the second waits, then counts what the first left. Held to the end
 * of the transaction. (The roles module cannot shrink it: the admin role is built in, always
 * enabled, and its grants are `*:*:*` whatever its menus.)
 */
export const ADMIN_SET_LOCK = 0x5741_0001;

/**
 * Whether a user may be placed in this department by a caller of this data scope: "all" anywhere,
 * a department scope only inside it, "self" nowhere (a department is never one's own row).
 */
export function placeableIn(scope: DataScope, departmentId: number | null): boolean {
  // No department at all: only where nothing is limited. Otherwise the department writes' own rule.
  return departmentId === null ? unlimited(scope) : inDepartmentScope(scope, departmentId);
}

/** The import sheet's columns, in order: what the template holds and what a row is read as. */
const IMPORT_COLUMNS = ['username', 'displayName', 'phone', 'email', 'department', 'roles'] as const;

export function createUsersService(app: FastifyInstance) {
  const repo = (ctx: Context) => createUsersRepository(ctx.db);

  async function load(ctx: Context, id: number): Promise<ManagedUser> {
    const user = await repo(ctx).get(id, await ctx.scope(), ctx.locale);
    if (!user) throw notFound();
    return user;
  }

  async function departmentFilter(ctx: Context, departmentId?: number, withChildren?: boolean) {
    if (departmentId === undefined) return undefined;
    return withChildren ? createOrganizationRepository(ctx.db).subtreeIds(departmentId) : [departmentId];
  }

  type AdminAfter = { admin: boolean; enabled: boolean };

  /** The first step of a write that leaves the user as `after`: if that could shrink the set of enabled administrators, ADMIN_SET_LOCK. */
  async function lockAdminSet(ctx: Context, after: AdminAfter) {
    if (after.admin && after.enabled) return;
    await ctx.db.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  }

  /** Refuses what would leave the product without an enabled administrator (after lockAdminSet, before any write). */
  async function keepsAnAdmin(ctx: Context, userId: number, after: AdminAfter) {
    if (after.admin && after.enabled) return;
    const current = await load(ctx, userId);
    const isActiveAdmin = current.status === 'enabled' && current.roles.some((r) => r.code === ROLE_ADMIN);
    if (isActiveAdmin && (await repo(ctx).activeAdminsExcept(userId)) === 0) {
      throw new AppError(409, 409, 'users.lastAdmin');
    }
  }

  /** Refuses a user the caller may not manage: one holding a role that grants more than the caller holds. */
  async function manageable(ctx: Context, id: number, grants?: CallerGrants) {
    const g = grants ?? (await callerGrants(ctx));
    if (g.admin) return;
    const held = await repo(ctx).roleIdsOf(id);
    if ((await rolesBeyond(ctx.db, g, held)).length > 0) throw new AppError(403, 403, 'users.userBeyondYours');
  }

  /**
   * Checks a user input against the database and the caller: roles exist and the caller may hand them
   * out (modules/roles/grants.ts), the department exists and lies within the caller's data scope (an
   * edit may keep the department the user already has), no clash.
   */
  async function resolve(ctx: Context, input: Input, self?: { id: number; departmentId: number | null }) {
    const r = repo(ctx);
    const clash = await r.clash(input.username, input.phone || null, self?.id);
    if (clash) throw new AppError(409, 409, 'account.taken');
    const roleRows = await r.rolesByCodes([...new Set(input.roleCodes)]);
    if (roleRows.length !== new Set(input.roleCodes).size) throw businessError(400, 'users.unknownRole');
    const [refused] = await rolesBeyond(
      ctx.db,
      await callerGrants(ctx),
      roleRows.map((x) => x.id),
    );
    if (refused) throw new AppError(403, 403, 'users.roleBeyondYours', { name: roleName(refused, ctx.locale) });
    const dept = input.departmentId === null ? null : await r.departmentById(input.departmentId);
    if (input.departmentId !== null && !dept) throw businessError(400, 'organization.unknownDepartment');
    const kept = self !== undefined && input.departmentId === self.departmentId;
    if (!kept && !placeableIn(await ctx.scope(), input.departmentId)) {
      throw new AppError(403, 403, 'users.departmentOutsideScope');
    }
    return { roleIds: roleRows.map((x) => x.id), dept };
  }

  async function create(ctx: Context, db: Queryable, input: Input) {
    const r = createUsersRepository(db);
    const { roleIds, dept } = await resolve(ctx, input);
    const password = temporaryPassword();
    const now = app.clock.now();
    const id = await r.insert({
      username: input.username,
      displayName: input.displayName,
      phone: input.phone || null,
      email: input.email,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      status: input.status,
      departmentId: dept?.id ?? null,
      enterpriseId: dept?.enterpriseId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await r.setRoles(id, roleIds);
    await r.setMainDepartment(id, dept?.id ?? null);
    return { id, password };
  }

  return {
    async list(ctx: Context, query: z.output<typeof userListQuerySchema>) {
      const departmentIds = await departmentFilter(ctx, query.departmentId, query.withChildren);
      const { list, ...counted } = await repo(ctx).list({ ...query, departmentIds }, await ctx.scope(), ctx.locale);
      return { ...counted, page: query.page, pageSize: query.pageSize, list };
    },

    get: load,

    async create(ctx: Context, input: Input) {
      const { id, password } = await create(ctx, ctx.db, input);
      const user = await load(ctx, id);
      ctx.audit({ targetId: id, after: user });
      return { user, temporaryPassword: password };
    },

    async update(ctx: Context, id: number, input: Input) {
      const next = { admin: input.roleCodes.includes(ROLE_ADMIN), enabled: input.status === 'enabled' };
      await lockAdminSet(ctx, next);
      const before = await load(ctx, id);
      await manageable(ctx, id);
      await keepsAnAdmin(ctx, id, next);
      const { roleIds, dept } = await resolve(ctx, input, { id, departmentId: before.departmentId });
      const r = repo(ctx);
      const now = app.clock.now();
      await r.update(id, {
        username: input.username,
        displayName: input.displayName,
        phone: input.phone || null,
        email: input.email,
        status: input.status,
        departmentId: dept?.id ?? null,
        enterpriseId: dept?.enterpriseId ?? before.enterpriseId,
        updatedAt: now,
      });
      await r.setRoles(id, roleIds);
      if (dept?.id !== before.departmentId) await r.setMainDepartment(id, dept?.id ?? null);
      const rolesChanged =
        before.roles
          .map((x) => x.code)
          .sort()
          .join() !== [...new Set(input.roleCodes)].sort().join();
      // Sessions carry an active role: a changed grant, or a disabled account, starts again at sign-in.
      if (rolesChanged || input.status === 'disabled') await r.revokeSessions(id, now, 'account-changed');
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async setStatus(ctx: Context, id: number, status: 'enabled' | 'disabled') {
      if (id === ctx.auth!.userId && status === 'disabled') throw businessError(400, 'users.notYourself');
      const next = { admin: true, enabled: status === 'enabled' };
      await lockAdminSet(ctx, next);
      const before = await load(ctx, id);
      await manageable(ctx, id);
      await keepsAnAdmin(ctx, id, next);
      const now = app.clock.now();
      await repo(ctx).update(id, {
        status,
        updatedAt: now,
        ...(status === 'enabled' ? { failedLoginCount: 0, lockedUntil: null } : {}),
      });
      // Enabling also unlocks: failures are kept per name typed (login_failures, migration 0019).
      if (status === 'enabled') await forgetLoginFailures(ctx.db, before);
      if (status === 'disabled') await repo(ctx).revokeSessions(id, now, 'disabled');
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, before: { status: before.status }, after: { status: after.status } });
      return after;
    },

    async resetPassword(ctx: Context, id: number) {
      const target = await load(ctx, id);
      await manageable(ctx, id);
      const password = temporaryPassword();
      const now = app.clock.now();
      await repo(ctx).update(id, {
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
      });
      await forgetLoginFailures(ctx.db, target);
      await repo(ctx).revokeSessions(id, now, 'password-reset');
      // The password itself never reaches the log.
      ctx.audit({ targetId: id, after: { mustChangePassword: true } });
      return { temporaryPassword: password };
    },

    async remove(ctx: Context, id: number) {
      if (id === ctx.auth!.userId) throw businessError(400, 'users.notYourself');
      const next = { admin: false, enabled: false };
      await lockAdminSet(ctx, next);
      const before = await load(ctx, id);
      await manageable(ctx, id);
      await keepsAnAdmin(ctx, id, next);
      await repo(ctx).remove(id);
      ctx.audit({ targetId: id, before });
      return null;
    },

    async exportXlsx(ctx: RouteContext, query: z.output<typeof userExportQuerySchema>) {
      const departmentIds = await departmentFilter(ctx, query.departmentId, query.withChildren);
      const list = await repo(ctx).listAll({ ...query, departmentIds }, await ctx.scope(), 50_000, ctx.locale);
      const k = (key: Parameters<typeof translate>[1]) => translate(ctx.locale, key);
      return sendXlsx(
        ctx.reply,
        `${k('users.export.fileName')}.xlsx`,
        [
          k('users.col.username'),
          k('users.col.displayName'),
          k('users.col.phone'),
          k('users.col.email'),
          k('users.col.enterprise'),
          k('users.col.department'),
          k('users.col.roles'),
          k('users.col.status'),
          k('users.col.lastLoginAt'),
          k('users.col.createdAt'),
        ],
        list.map((u) => [
          u.username,
          u.displayName,
          u.phone ?? '',
          u.email,
          u.enterpriseName,
          u.departmentName,
          u.roles.map((r) => r.name).join(', '),
          k(u.status === 'enabled' ? 'users.status.enabled' : 'users.status.disabled'),
          u.lastLoginAt ? new Date(u.lastLoginAt) : null,
          new Date(u.createdAt),
        ]),
      );
    },

    async importTemplate(ctx: RouteContext) {
      const k = (key: Parameters<typeof translate>[1]) => translate(ctx.locale, key);
      return sendXlsx(
        ctx.reply,
        `${k('users.import.templateName')}.xlsx`,
        IMPORT_COLUMNS.map((c) => k(`users.import.col.${c}`)),
        [['zhangsan', '张三', '13700000000', 'zhangsan@example.com', '泵站运维班', 'user']],
      );
    },

    /**
     * Creates a user per good row, each in a savepoint of its own, so a bad row leaves nothing behind
     * and does not stop the others. Departments are named by their name (unique within the tree
     * level; the first match wins), roles by code, comma-separated.
     */
    async importXlsx(ctx: Context, file: IncomingFile): Promise<ImportReport> {
      const { rows } = await file.table({ maxBytes: USER_IMPORT_MAX_BYTES, maxRows: USER_IMPORT_MAX_ROWS });
      const departmentsByName = new Map<string, number>();
      for (const { department } of await createOrganizationRepository(ctx.db).departments()) {
        if (!departmentsByName.has(department.name)) departmentsByName.set(department.name, department.id);
      }
      const scope = await ctx.scope();
      const report: ImportReport = { created: 0, failed: [], passwords: [] };
      const seen = new Set<string>();
      const checkRow = async ({ cells }: SheetRow) => {
        const [username = '', displayName = '', phone = '', email = '', department = '', roleList = ''] = cells;
        const errors: string[] = [];
        const departmentId = department ? departmentsByName.get(department) : null;
        if (department && departmentId === undefined)
          errors.push(translate(ctx.locale, 'users.import.unknownDepartment', { name: department }));
        else if (department && !placeableIn(scope, departmentId ?? null))
          errors.push(translate(ctx.locale, 'users.import.departmentOutsideScope', { name: department }));
        const parsed = userInputSchema.safeParse({
          username,
          displayName,
          phone,
          email,
          departmentId: departmentId ?? null,
          roleCodes: roleList.split(/[,，、\s]+/).filter(Boolean),
        });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? '');
            const column = field === 'roleCodes' ? 'roles' : field === 'departmentId' ? 'department' : field;
            const label = (IMPORT_COLUMNS as readonly string[]).includes(column)
              ? translate(ctx.locale, `users.import.col.${column as (typeof IMPORT_COLUMNS)[number]}`)
              : field;
            errors.push(`${label}: ${issueText(issue, ctx.locale)}`);
          }
        }
        if (seen.has(username.toLowerCase())) errors.push(translate(ctx.locale, 'users.import.duplicateInSheet'));
        seen.add(username.toLowerCase());
        if (errors.length > 0 || !parsed.success) return { reasons: errors };
        return { value: parsed.data };
      };
      const { created, failed } = await importRows<z.output<typeof userInputSchema>>(
        ctx,
        rows,
        checkRow,
        async (sp, input) => {
          const user = await create(ctx, sp, input);
          report.passwords.push({ username: input.username, temporaryPassword: user.password });
        },
      );
      report.created = created.length;
      report.failed = failed.map((f) => ({ row: f.row, username: f.cells[0] ?? '', errors: f.reasons }));
      ctx.audit({
        after: {
          created: report.created,
          failed: report.failed.length,
          usernames: report.passwords.map((p) => p.username),
        },
      });
      return report;
    },
  };
}
