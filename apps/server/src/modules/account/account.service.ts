import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type Profile,
  type ProfileUpdate,
  type RegisterBody,
  ROLE_ADMIN,
  ROLE_USER,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n/messages.ts';
import type { Context } from '../../lib/context.ts';
import { AppError, businessError } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { forgetLoginFailures } from '../auth/auth.repository.ts';
import { sendMessage } from '../messages/send-message.ts';
import { createAccountRepository } from './account.repository.ts';

export function createAccountService(app: FastifyInstance) {
  const { clock } = app;
  const repo = (ctx: Context) => createAccountRepository(ctx.db);
  const me = (ctx: Context) => ctx.auth!;

  async function profile(ctx: Context, userId: number): Promise<Profile> {
    const found = await repo(ctx).profileOf(userId, ctx.locale);
    if (!found) throw new AppError(401, 50008, 'auth.illegalToken');
    return found;
  }

  return {
    async switchRole(ctx: Context, code: string) {
      const r = repo(ctx);
      const role = (await r.rolesOf(me(ctx).userId)).find((x) => x.code === code && x.status === 'enabled');
      if (!role) throw businessError(403, 'account.roleNotHeld');
      ctx.audit({ targetId: me(ctx).sessionId, before: { role: me(ctx).roleCode }, after: { role: code } });
      await r.setActiveRole(me(ctx).sessionId, role.id);
      return { role: role.code };
    },

    async register(ctx: Context, body: RegisterBody) {
      const r = repo(ctx);
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
      ctx.audit({
        targetId: user.id,
        after: { id: user.id, username: user.username, phone: user.phone, status: user.status },
      });
      // The administrators learn there is an account to review.
      await sendMessage(
        app,
        ctx.db,
        { roles: [ROLE_ADMIN] },
        {
          type: 'todo',
          title: t(ctx.locale, 'account.registeredTitle', { name: body.displayName }),
          content: t(ctx.locale, 'account.registeredContent', { username: body.username, phone: body.phone }),
          messageType: 1,
          link: '/uuuser/manager',
          source: 'register',
          sourceId: String(user.id),
        },
        (fn) => ctx.afterCommit(fn),
      );
      return { status: 'disabled' as const };
    },

    async resetPassword(ctx: Context, body: { phone: string; ticket: string; password: string }) {
      const r = repo(ctx);
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
      await forgetLoginFailures(ctx.db, user);
      // Whoever knew the old password is signed out everywhere.
      await r.revokeSessions(user.id, now, 'password_reset');
      ctx.audit({ targetId: user.id, after: { passwordReset: true } });
      return null;
    },

    profile: (ctx: Context) => profile(ctx, me(ctx).userId),

    async updateProfile(ctx: Context, body: ProfileUpdate) {
      const before = await profile(ctx, me(ctx).userId);
      await repo(ctx).updateUser(me(ctx).userId, { ...body, updatedAt: clock.now() });
      const after = await profile(ctx, me(ctx).userId);
      ctx.audit({ targetId: me(ctx).userId, before, after });
      return after;
    },

    async uploadAvatar(ctx: Context, file: IncomingFile) {
      const stored = await file.store({
        dataDir: app.config.dataDir,
        folder: 'avatars',
        maxBytes: AVATAR_MAX_BYTES,
        types: AVATAR_TYPES,
      });
      const avatar = `/uploads/${stored.relative}`;
      const before = await repo(ctx).userById(me(ctx).userId);
      await repo(ctx).updateUser(me(ctx).userId, { avatar, updatedAt: clock.now() });
      ctx.audit({ targetId: me(ctx).userId, before: { avatar: before?.avatar }, after: { avatar } });
      return { avatar };
    },

    async changePassword(ctx: Context, body: { oldPassword: string; newPassword: string }) {
      const r = repo(ctx);
      const user = await r.userById(me(ctx).userId);
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
      await r.revokeSessions(user.id, now, 'password_changed', me(ctx).sessionId);
      ctx.audit({ targetId: user.id, after: { passwordChanged: true } });
      return null;
    },

    async loginHistory(ctx: Context, page: number, pageSize: number) {
      const { total, list } = await repo(ctx).loginHistory(me(ctx).userId, page, pageSize);
      return { total, page, pageSize, list };
    },

    sessions: (ctx: Context) => repo(ctx).liveSessions(me(ctx).userId, clock.now(), me(ctx).sessionId),

    async endSession(ctx: Context, id: number) {
      if (id === me(ctx).sessionId) throw businessError(400, 'account.cannotEndCurrent');
      const ended = await repo(ctx).revokeSession(me(ctx).userId, id, clock.now(), 'ended_by_user');
      if (!ended) throw new AppError(404, 404, 'account.sessionNotFound');
      ctx.audit({ targetId: id, after: { revoked: true } });
      return null;
    },
  };
}
