import { randomUUID } from 'node:crypto';
import type { LoginBody, MenuNode, RoleInfo, SmsBody } from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { MenuRow } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { addMinutes, addSeconds } from '../../lib/clock.ts';
import { AppError, businessError, CommitThenFail } from '../../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newNumericCode, newToken, sha256 } from '../../lib/tokens.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { chargeSms } from '../workplace/sms-account.ts';
import { type AuthRepository, createAuthRepository } from './auth.repository.ts';

const CAPTCHA_TTL_SECONDS = 120;
// The package's callable default export (text in, SVG out) is missing from its typings.
const renderCaptcha = svgCaptcha as unknown as (text: string, options: object) => string;
const SMS_MAX_ATTEMPTS = 5;
const SMS_TICKET_TTL_SECONDS = 600;

const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
});

export function createAuthService(app: FastifyInstance) {
  const { config, clock } = app;
  const repo = (): AuthRepository => createAuthRepository(app.db);

  async function captchaRequiredFor(ip: string, failedLoginCount: number): Promise<boolean> {
    if (config.CAPTCHA_AFTER_FAILURES === 0) return true;
    if (failedLoginCount >= config.CAPTCHA_AFTER_FAILURES) return true;
    const since = addMinutes(clock.now(), -config.LOGIN_LOCK_MINUTES);
    return (await repo().ipFailuresSince(ip, since)) >= config.CAPTCHA_AFTER_FAILURES;
  }

  return {
    async login(req: FastifyRequest, body: LoginBody) {
      const r = repo();
      const now = clock.now();
      const { ip, userAgent } = client(req);
      const username = body.username;
      if (!username) throw businessError(400, 'auth.usernameRequired');
      if (!body.password) throw businessError(400, 'auth.passwordRequired');

      /** Records the failed attempt, then throws; `data` tells whether the next try needs a captcha. */
      const fail = async (
        reason: string,
        userId: number | null,
        failures: number,
        error: (data: { captchaRequired: boolean }) => AppError,
      ): Promise<never> => {
        await r.recordLogin({ userId, username, ip, userAgent, success: false, reason, createdAt: now });
        throw error({ captchaRequired: await captchaRequiredFor(ip, failures) });
      };

      let user = await r.findUserByLogin(username);
      // A lock that has run out is forgotten, counter and all.
      if (user?.lockedUntil && user.lockedUntil <= now) {
        await r.setFailures(user.id, 0, null);
        user = { ...user, failedLoginCount: 0, lockedUntil: null };
      }
      if (user?.lockedUntil) {
        const minutes = Math.max(1, Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000));
        await fail('locked', user.id, user.failedLoginCount, (d) => businessError(423, 'auth.locked', { minutes }, d));
      }

      if (await captchaRequiredFor(ip, user?.failedLoginCount ?? 0)) {
        const failures = user?.failedLoginCount ?? 0;
        if (!body.captchaId || !body.captchaCode) {
          await fail('captcha_missing', user?.id ?? null, failures, (d) =>
            businessError(400, 'auth.captchaRequired', {}, d),
          );
        }
        const captcha = await r.consumeCaptcha(body.captchaId as string, now);
        if (!captcha || captcha.answerHash !== sha256((body.captchaCode as string).trim().toLowerCase())) {
          await fail('captcha_wrong', user?.id ?? null, failures, (d) =>
            businessError(400, 'auth.captchaWrong', {}, d),
          );
        }
      }

      if (!user) {
        await verifyAgainstDummy(body.password);
        return fail('bad_credentials', null, 0, (d) => businessError(401, 'auth.badCredentials', {}, d));
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        const failures = user.failedLoginCount + 1;
        const locked = failures >= config.LOGIN_MAX_FAILURES;
        await r.setFailures(user.id, failures, locked ? addMinutes(now, config.LOGIN_LOCK_MINUTES) : null);
        return fail('bad_credentials', user.id, failures, (d) =>
          locked
            ? businessError(423, 'auth.locked', { minutes: config.LOGIN_LOCK_MINUTES }, d)
            : businessError(401, 'auth.badCredentials', {}, d),
        );
      }
      if (user.status !== 'enabled') return fail('disabled', user.id, 0, () => businessError(403, 'auth.disabled'));
      const [role] = await r.rolesOf(user.id);
      if (!role) return fail('no_role', user.id, 0, () => businessError(403, 'auth.noRole'));

      const token = newToken();
      const expiresAt = addMinutes(now, config.SESSION_TTL_MINUTES);
      await app.db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx);
        const [session] = await txRepo.createSession({
          tokenHash: sha256(token),
          userId: user.id,
          activeRoleId: role.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt,
          ip,
          userAgent,
        });
        if (config.SESSION_SINGLE && session) await txRepo.revokeOtherSessions(user.id, session.id, now);
        await txRepo.signedIn(user.id, now);
        await txRepo.recordLogin({ userId: user.id, username, ip, userAgent, success: true, createdAt: now });
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** Revokes the caller's session if there is a live one; logging out twice is not an error. */
    async logout(req: FastifyRequest) {
      const token = bearerToken(req);
      if (!token) return null;
      const db = req.tx ?? app.db;
      const r = createAuthRepository(db);
      const session = await r.findSession(sha256(token));
      if (!session || session.revokedAt) return null;
      req.auth = {
        sessionId: session.id,
        userId: session.userId,
        username: session.username,
        roleId: session.activeRoleId,
        roleCode: session.roleCode,
        mustChangePassword: session.mustChangePassword,
      };
      await r.revokeSession(session.id, clock.now(), 'logout');
      return null;
    },

    async captcha(req: FastifyRequest, username?: string) {
      const now = clock.now();
      const text = app.captchaText();
      const c = { text, data: renderCaptcha(text, { noise: 3, color: true, background: '#f2f3f5' }) };
      const id = randomUUID();
      const expiresAt = addSeconds(now, CAPTCHA_TTL_SECONDS);
      await repo().createCaptcha({ id, answerHash: sha256(c.text.toLowerCase()), expiresAt, createdAt: now });
      const user = username ? await repo().findUserByLogin(username) : undefined;
      return {
        captchaId: id,
        image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
        expiresAt: expiresAt.toISOString(),
        required: await captchaRequiredFor(req.ip, user?.failedLoginCount ?? 0),
      };
    },

    async sms(req: FastifyRequest, body: SmsBody) {
      const now = clock.now();
      const r = createAuthRepository(req.tx ?? app.db);
      const latest = await r.latestSmsCode(body.phone, body.purpose);
      if (body.action === 'send') {
        if (latest) {
          const wait = Math.ceil(
            (latest.createdAt.getTime() + config.SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
          );
          if (wait > 0) throw businessError(429, 'sms.tooSoon', { seconds: wait });
        }
        const result = {
          sent: true as const,
          expiresIn: config.SMS_CODE_TTL_SECONDS,
          resendAfter: config.SMS_RESEND_SECONDS,
        };
        const code = newNumericCode(6);
        // The answer is the same whether or not the phone has an account: no account discovery.
        await r.createSmsCode({
          phone: body.phone,
          purpose: body.purpose,
          codeHash: sha256(code),
          expiresAt: addSeconds(now, config.SMS_CODE_TTL_SECONDS),
          createdAt: now,
        });
        if (!(await r.findUserByPhone(body.phone))) return result;
        const content = t(req.locale, 'sms.message', { code, minutes: Math.round(config.SMS_CODE_TTL_SECONDS / 60) });
        const [queued] = await r.queueSms({
          phone: body.phone,
          purpose: body.purpose,
          content,
          sender: config.SMS_SENDER,
          createdAt: now,
        });
        if (queued && !(await chargeSms(req.tx ?? app.db, queued.id, now))) {
          req.log.warn({ smsId: queued.id }, 'sms not sent: the SMS account balance is too low');
        } else {
          req.log.info(
            { smsId: queued?.id, phone: body.phone, purpose: body.purpose },
            'sms queued in outbox (no gateway configured)',
          );
        }
        return result;
      }
      const wrong = businessError(400, 'sms.codeWrong');
      if (!latest || latest.consumedAt || latest.expiresAt <= now || latest.attempts >= SMS_MAX_ATTEMPTS) throw wrong;
      if (latest.codeHash !== sha256(body.code)) {
        // The guess is counted although the call fails.
        await r.updateSmsCode(latest.id, { attempts: latest.attempts + 1 });
        throw new CommitThenFail(wrong);
      }
      const ticket = newToken();
      await r.updateSmsCode(latest.id, {
        consumedAt: now,
        ticketHash: sha256(ticket),
        ticketExpiresAt: addSeconds(now, SMS_TICKET_TTL_SECONDS),
      });
      return { verified: true as const, ticket, expiresIn: SMS_TICKET_TTL_SECONDS };
    },

    async roleInfo(req: FastifyRequest): Promise<RoleInfo> {
      const auth = req.auth!;
      const r = repo();
      const [profile, roles, menuRows, permissions] = await Promise.all([
        r.profile(auth.userId),
        r.rolesOf(auth.userId),
        auth.roleId ? r.menusOfRole(auth.roleId) : Promise.resolve([]),
        auth.roleId ? r.permissionsOf(auth.roleId) : Promise.resolve([]),
      ]);
      if (!profile) throw new AppError(401, 50008, 'auth.illegalToken');
      const u = profile.user;
      const en = req.locale === 'en-US';
      return {
        name: u.displayName || u.username,
        avatar: u.avatar,
        job: u.job,
        organization: String(u.enterpriseId ?? ''),
        location: u.location,
        email: u.email,
        introduction: u.introduction,
        personalWebsite: u.personalWebsite,
        jobName: u.jobName,
        organizationName: profile.departmentName ?? profile.enterpriseName ?? '',
        locationName: u.locationName,
        phone: u.phone ?? '',
        registrationDate: u.createdAt.toISOString(),
        accountId: String(u.id),
        certification: u.certification,
        role: auth.roleCode ?? '',
        roles: roles.map((role) => ({ code: role.code, name: en && role.nameEn ? role.nameEn : role.name })),
        menus: menuRows.filter((m) => m.type !== 'button').map((m) => m.name),
        permissions,
        userInfos: {
          userId: u.id,
          username: u.username,
          enterpriseId: u.enterpriseId,
          departmentId: u.departmentId,
          mustChangePassword: u.mustChangePassword,
        },
      };
    },

    async menuTree(req: FastifyRequest, withButtons: boolean): Promise<MenuNode[]> {
      const roleId = req.auth?.roleId;
      if (!roleId) return [];
      const rows = await repo().menusOfRole(roleId);
      return buildMenuTree(withButtons ? rows : rows.filter((m) => m.type !== 'button'));
    },
  };
}

/** Rows to a tree; an entry whose parent is not granted is left out with its parent. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of rows) {
    nodes.set(m.id, {
      id: m.id,
      type: m.type as MenuNode['type'],
      path: m.path,
      name: m.name,
      meta: {
        locale: m.locale,
        title: { 'zh-CN': m.titleZh, 'en-US': m.titleEn },
        requiresAuth: m.requiresAuth,
        ...(m.icon ? { icon: m.icon } : {}),
        order: m.orderNum,
        hideInMenu: m.hidden,
        ignoreCache: m.ignoreCache,
        roles: ['*'],
        ...(m.permission ? { permission: m.permission } : {}),
        ...(m.externalLink ? { externalLink: m.externalLink } : {}),
      },
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const m of rows) {
    const node = nodes.get(m.id)!;
    if (m.parentId === null) roots.push(node);
    else nodes.get(m.parentId)?.children.push(node);
  }
  return roots;
}
