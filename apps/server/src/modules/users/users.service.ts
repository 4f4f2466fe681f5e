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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { t as translate } from '../../i18n/messages.ts';
import { type DataScope, dataScope, inDepartmentScope, unlimited } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { importRows, receiveTable, type SheetRow } from '../../lib/row-import.ts';
import { issueText } from '../../lib/validation.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { forgetLoginFailures } from '../auth/auth.repository.ts';
import { createOrganizationRepository } from '../organization/organization.repository.ts';
import { type CallerGrants, callerGrants, rolesBeyond } from '../roles/grants.ts';
import { createUsersRepository } from './users.repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['byId']>>>;
type RoleRow = Awaited<ReturnType<ReturnType<typeof createUsersRepository>['rolesOf']>>[number];
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
  const repo = (req: FastifyRequest) => createUsersRepository(req.tx ?? app.db);
  const en = (req: FastifyRequest) => req.locale === 'en-US';

  function toUser(req: FastifyRequest, row: Row, roleRows: RoleRow[]): ManagedUser {
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
      roles: roleRows
        .filter((r) => r.userId === u.id)
        .map((r) => ({ code: r.code, name: en(req) && r.nameEn ? r.nameEn : r.name })),
      mustChangePassword: u.mustChangePassword,
      lockedUntil: u.lockedUntil?.toISOString() ?? null,
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    };
  }

  async function load(req: FastifyRequest, id: number): Promise<ManagedUser> {
    const scope = await dataScope(app, req);
    const row = await repo(req).byId(id, scope);
    if (!row) throw notFound();
    return toUser(req, row, await repo(req).rolesOf([id]));
  }

  async function departmentFilter(req: FastifyRequest, departmentId?: number, withChildren?: boolean) {
    if (departmentId === undefined) return undefined;
    return withChildren ? createOrganizationRepository(req.tx ?? app.db).subtreeIds(departmentId) : [departmentId];
  }

  type AdminAfter = { admin: boolean; enabled: boolean };

  /** The first step of a write that leaves the user as `after`: if that could shrink the set of enabled administrators, ADMIN_SET_LOCK. */
  async function lockAdminSet(req: FastifyRequest, after: AdminAfter) {
    if (after.admin && after.enabled) return;
    await (req.tx ?? app.db).execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  }

  /** Refuses what would leave the product without an enabled administrator (after lockAdminSet, before any write). */
  async function keepsAnAdmin(req: FastifyRequest, userId: number, after: AdminAfter) {
    if (after.admin && after.enabled) return;
    const current = await load(req, userId);
    const isActiveAdmin = current.status === 'enabled' && current.roles.some((r) => r.code === ROLE_ADMIN);
    if (isActiveAdmin && (await repo(req).activeAdminsExcept(userId)) === 0) {
      throw new AppError(409, 409, 'users.lastAdmin');
    }
  }

  const grantsOf = (req: FastifyRequest) => callerGrants(req.tx ?? app.db, req);
  const roleName = (req: FastifyRequest, r: { name: string; nameEn: string }) =>
    en(req) && r.nameEn ? r.nameEn : r.name;

  /** Refuses a user the caller may not manage: one holding a role that grants more than the caller holds. */
  async function manageable(req: FastifyRequest, id: number, grants?: CallerGrants) {
    const g = grants ?? (await grantsOf(req));
    if (g.admin) return;
    const held = await repo(req).roleIdsOf(id);
    if ((await rolesBeyond(req.tx ?? app.db, g, held)).length > 0)
      throw new AppError(403, 403, 'users.userBeyondYours');
  }

  /**
   * Checks a user input against the database and the caller: roles exist and the caller may hand them
   * out (modules/roles/grants.ts), the department exists and lies within the caller's data scope (an
   * edit may keep the department the user already has), no clash.
   */
  async function resolve(req: FastifyRequest, input: Input, self?: { id: number; departmentId: number | null }) {
    const r = repo(req);
    const clash = await r.clash(input.username, input.phone || null, self?.id);
    if (clash) throw new AppError(409, 409, 'account.taken');
    const roleRows = await r.rolesByCodes([...new Set(input.roleCodes)]);
    if (roleRows.length !== new Set(input.roleCodes).size) throw businessError(400, 'users.unknownRole');
    const [refused] = await rolesBeyond(
      req.tx ?? app.db,
      await grantsOf(req),
      roleRows.map((x) => x.id),
    );
    if (refused) throw new AppError(403, 403, 'users.roleBeyondYours', { name: roleName(req, refused) });
    const dept = input.departmentId === null ? null : await r.departmentById(input.departmentId);
    if (input.departmentId !== null && !dept) throw businessError(400, 'organization.unknownDepartment');
    const kept = self !== undefined && input.departmentId === self.departmentId;
    if (!kept && !placeableIn(await dataScope(app, req), input.departmentId)) {
      throw new AppError(403, 403, 'users.departmentOutsideScope');
    }
    return { roleIds: roleRows.map((x) => x.id), dept };
  }

  async function create(req: FastifyRequest, db: Queryable, input: Input) {
    const r = createUsersRepository(db);
    const { roleIds, dept } = await resolve(req, input);
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
    async list(req: FastifyRequest, query: z.output<typeof userListQuerySchema>) {
      const scope = await dataScope(app, req);
      const departmentIds = await departmentFilter(req, query.departmentId, query.withChildren);
      const { total, capped, rows } = await repo(req).page({ ...query, departmentIds }, scope);
      const roleRows = await repo(req).rolesOf(rows.map((r) => r.user.id));
      return {
        total,
        capped,
        page: query.page,
        pageSize: query.pageSize,
        list: rows.map((row) => toUser(req, row, roleRows)),
      };
    },

    get: load,

    async create(req: FastifyRequest, input: Input) {
      const { id, password } = await create(req, req.tx!, input);
      const user = await load(req, id);
      req.auditChange = { targetId: id, after: user };
      return { user, temporaryPassword: password };
    },

    async update(req: FastifyRequest, id: number, input: Input) {
      const next = { admin: input.roleCodes.includes(ROLE_ADMIN), enabled: input.status === 'enabled' };
      await lockAdminSet(req, next);
      const before = await load(req, id);
      await manageable(req, id);
      await keepsAnAdmin(req, id, next);
      const { roleIds, dept } = await resolve(req, input, { id, departmentId: before.departmentId });
      const r = repo(req);
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
      const after = await load(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async setStatus(req: FastifyRequest, id: number, status: 'enabled' | 'disabled') {
      if (id === req.auth!.userId && status === 'disabled') throw businessError(400, 'users.notYourself');
      const next = { admin: true, enabled: status === 'enabled' };
      await lockAdminSet(req, next);
      const before = await load(req, id);
      await manageable(req, id);
      await keepsAnAdmin(req, id, next);
      const now = app.clock.now();
      await repo(req).update(id, {
        status,
        updatedAt: now,
        ...(status === 'enabled' ? { failedLoginCount: 0, lockedUntil: null } : {}),
      });
      // Enabling also unlocks: failures are kept per name typed (login_failures, migration 0019).
      if (status === 'enabled') await forgetLoginFailures(req.tx ?? app.db, before);
      if (status === 'disabled') await repo(req).revokeSessions(id, now, 'disabled');
      const after = await load(req, id);
      req.auditChange = { targetId: id, before: { status: before.status }, after: { status: after.status } };
      return after;
    },

    async resetPassword(req: FastifyRequest, id: number) {
      const target = await load(req, id);
      await manageable(req, id);
      const password = temporaryPassword();
      const now = app.clock.now();
      await repo(req).update(id, {
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
      });
      await forgetLoginFailures(req.tx ?? app.db, target);
      await repo(req).revokeSessions(id, now, 'password-reset');
      // The password itself never reaches the log.
      req.auditChange = { targetId: id, after: { mustChangePassword: true } };
      return { temporaryPassword: password };
    },

    async remove(req: FastifyRequest, id: number) {
      if (id === req.auth!.userId) throw businessError(400, 'users.notYourself');
      const next = { admin: false, enabled: false };
      await lockAdminSet(req, next);
      const before = await load(req, id);
      await manageable(req, id);
      await keepsAnAdmin(req, id, next);
      await repo(req).remove(id);
      req.auditChange = { targetId: id, before };
      return null;
    },

    async exportXlsx(req: FastifyRequest, reply: FastifyReply, query: z.output<typeof userExportQuerySchema>) {
      const scope = await dataScope(app, req);
      const departmentIds = await departmentFilter(req, query.departmentId, query.withChildren);
      const rows = await repo(req).all({ ...query, departmentIds }, scope, 50_000);
      const roleRows = await repo(req).rolesOf(rows.map((r) => r.user.id));
      const list = rows.map((row) => toUser(req, row, roleRows));
      const k = (key: Parameters<typeof translate>[1]) => translate(req.locale, key);
      return sendXlsx(
        reply,
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

    async importTemplate(req: FastifyRequest, reply: FastifyReply) {
      const k = (key: Parameters<typeof translate>[1]) => translate(req.locale, key);
      return sendXlsx(
        reply,
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
    async importXlsx(req: FastifyRequest): Promise<ImportReport> {
      const { rows } = await receiveTable(req, { maxBytes: USER_IMPORT_MAX_BYTES, maxRows: USER_IMPORT_MAX_ROWS });
      const departmentsByName = new Map<string, number>();
      for (const { department } of await createOrganizationRepository(req.tx!).departments()) {
        if (!departmentsByName.has(department.name)) departmentsByName.set(department.name, department.id);
      }
      const scope = await dataScope(app, req);
      const report: ImportReport = { created: 0, failed: [], passwords: [] };
      const seen = new Set<string>();
      const checkRow = async ({ cells }: SheetRow) => {
        const [username = '', displayName = '', phone = '', email = '', department = '', roleList = ''] = cells;
        const errors: string[] = [];
        const departmentId = department ? departmentsByName.get(department) : null;
        if (department && departmentId === undefined)
          errors.push(translate(req.locale, 'users.import.unknownDepartment', { name: department }));
        else if (department && !placeableIn(scope, departmentId ?? null))
          errors.push(translate(req.locale, 'users.import.departmentOutsideScope', { name: department }));
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
              ? translate(req.locale, `users.import.col.${column as (typeof IMPORT_COLUMNS)[number]}`)
              : field;
            errors.push(`${label}: ${issueText(issue, req.locale)}`);
          }
        }
        if (seen.has(username.toLowerCase())) errors.push(translate(req.locale, 'users.import.duplicateInSheet'));
        seen.add(username.toLowerCase());
        if (errors.length > 0 || !parsed.success) return { reasons: errors };
        return { value: parsed.data };
      };
      const { created, failed } = await importRows<z.output<typeof userInputSchema>>(
        { db: req.tx!, locale: req.locale, log: req.log },
        rows,
        checkRow,
        async (sp, input) => {
          const user = await create(req, sp, input);
          report.passwords.push({ username: input.username, temporaryPassword: user.password });
        },
      );
      report.created = created.length;
      report.failed = failed.map((f) => ({ row: f.row, username: f.cells[0] ?? '', errors: f.reasons }));
      req.auditChange = {
        after: {
          created: report.created,
          failed: report.failed.length,
          usernames: report.passwords.map((p) => p.username),
        },
      };
      return report;
    },
  };
}
