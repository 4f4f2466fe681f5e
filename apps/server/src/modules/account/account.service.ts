import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type Profile,
  type ProfileUpdate,
  type RegisterBody,
  ROLE_ADMIN,
  ROLE_USER,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../i18n/messages.ts';
import { AppError, businessError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { storeUpload } from '../../lib/uploads.ts';
import { forgetLoginFailures } from '../auth/auth.repository.ts';
import { sendMessage } from '../messages/send-message.ts';
import { createAccountRepository } from './account.repository.ts';

export function createAccountService(app: FastifyInstance) {
  const { clock } = app;
  const repo = (req: FastifyRequest) => createAccountRepository(req.tx ?? app.db);
  const me = (req: FastifyRequest) => req.auth!;

  async function profile(req: FastifyRequest, userId: number): Promise<Profile> {
    const r = repo(req);
    const [row, roles] = await Promise.all([r.profile(userId), r.rolesOf(userId)]);
    if (!row) throw new AppError(401, 50008, 'auth.illegalToken');
    const u = row.user;
    const en = req.locale === 'en-US';
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
        .map((role) => ({ code: role.code, name: en && role.nameEn ? role.nameEn : role.name })),
      registrationDate: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    };
  }

  return {
    async switchRole(req: FastifyRequest, code: string) {
      const r = repo(req);
      const role = (await r.rolesOf(me(req).userId)).find((x) => x.code === code && x.status === 'enabled');
      if (!role) throw businessError(403, 'account.roleNotHeld');
      req.auditChange = { targetId: me(req).sessionId, before: { role: me(req).roleCode }, after: { role: code } };
      await r.setActiveRole(me(req).sessionId, role.id);
      return { role: role.code };
    },

    async register(req: FastifyRequest, body: RegisterBody) {
      const r = repo(req);
      if (await r.isTaken(body.username, body.phone)) throw new AppError(409, 409, 'account.taken');
      const user = await r.insertUser({
        username: body.username,
        displayName: body.displayName,
        phone: body.phone,
        passwordHash: await hashPassword(body.password),
        status: 'disabled',
      });
      const role = await r.roleByCode(ROLE_USER);
      if (role) await r.grantRole(user.id, role.id);
      req.auditChange = {
        targetId: user.id,
        after: { id: user.id, username: user.username, phone: user.phone, status: user.status },
      };
      // The administrators learn there is an account to review.
      await sendMessage(
        app,
        req.tx ?? app.db,
        { roles: [ROLE_ADMIN] },
        {
          type: 'todo',
          title: t(req.locale, 'account.registeredTitle', { name: body.displayName }),
          content: t(req.locale, 'account.registeredContent', { username: body.username, phone: body.phone }),
          messageType: 1,
          link: '/uuuser/manager',
          source: 'register',
          sourceId: String(user.id),
        },
        (fn) => req.afterCommit(fn),
      );
      return { status: 'disabled' as const };
    },

    async resetPassword(req: FastifyRequest, body: { phone: string; ticket: string; password: string }) {
      const r = repo(req);
      const now = clock.now();
      const code = await r.codeByTicket(body.phone, sha256(body.ticket), now);
      const user = code ? await r.userByPhone(body.phone) : undefined;
      if (!code || !user) throw businessError(400, 'account.ticketInvalid');
      await r.spendTicket(code.id);
      await r.updateUser(user.id, {
        passwordHash: await hashPassword(body.password),
        failedLoginCount: 0,
        lockedUntil: null,
        mustChangePassword: false,
        updatedAt: now,
      });
      await forgetLoginFailures(req.tx ?? app.db, user);
      // Whoever knew the old password is signed out everywhere.
      await r.revokeSessions(user.id, now, 'password_reset');
      req.auditChange = { targetId: user.id, after: { passwordReset: true } };
      return null;
    },

    profile: (req: FastifyRequest) => profile(req, me(req).userId),

    async updateProfile(req: FastifyRequest, body: ProfileUpdate) {
      const before = await profile(req, me(req).userId);
      await repo(req).updateUser(me(req).userId, { ...body, updatedAt: clock.now() });
      const after = await profile(req, me(req).userId);
      req.auditChange = { targetId: me(req).userId, before, after };
      return after;
    },

    async uploadAvatar(req: FastifyRequest) {
      const stored = await storeUpload(req, {
        dataDir: app.config.dataDir,
        folder: 'avatars',
        maxBytes: AVATAR_MAX_BYTES,
        types: AVATAR_TYPES,
      });
      const avatar = `/uploads/${stored.relative}`;
      const before = await repo(req).userById(me(req).userId);
      await repo(req).updateUser(me(req).userId, { avatar, updatedAt: clock.now() });
      req.auditChange = { targetId: me(req).userId, before: { avatar: before?.avatar }, after: { avatar } };
      return { avatar };
    },

    async changePassword(req: FastifyRequest, body: { oldPassword: string; newPassword: string }) {
      const r = repo(req);
      const user = await r.userById(me(req).userId);
      if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw businessError(400, 'account.oldPasswordWrong');
      }
      if (body.oldPassword === body.newPassword) throw businessError(400, 'account.samePassword');
      const now = clock.now();
      await r.updateUser(user.id, {
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: false,
        updatedAt: now,
      });
      await r.revokeSessions(user.id, now, 'password_changed', me(req).sessionId);
      req.auditChange = { targetId: user.id, after: { passwordChanged: true } };
      return null;
    },

    async loginHistory(req: FastifyRequest, page: number, pageSize: number) {
      const { total, list } = await repo(req).loginHistory(me(req).userId, page, pageSize);
      return {
        total,
        page,
        pageSize,
        list: list.map((row) => ({
          id: row.id,
          time: row.createdAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          success: row.success,
          reason: row.reason,
        })),
      };
    },

    async sessions(req: FastifyRequest) {
      const rows = await repo(req).liveSessions(me(req).userId, clock.now());
      return rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
        current: s.id === me(req).sessionId,
      }));
    },

    async endSession(req: FastifyRequest, id: number) {
      if (id === me(req).sessionId) throw businessError(400, 'account.cannotEndCurrent');
      const ended = await repo(req).revokeSession(me(req).userId, id, clock.now(), 'ended_by_user');
      if (!ended) throw new AppError(404, 404, 'account.sessionNotFound');
      req.auditChange = { targetId: id, after: { revoked: true } };
      return null;
    },
  };
}
