import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  type LoginBody,
  type MenuNode,
  ROLE_ADMIN,
  type RoleInfo,
  type SmsBody,
} from '@water/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { MenuRow } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { captchaImage } from '../../lib/captcha.ts';
import { addMinutes, addSeconds } from '../../lib/clock.ts';
import { AppError, businessError, CommitThenFail } from '../../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newNumericCode, newToken, sha256 } from '../../lib/tokens.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { sendMessage } from '../messages/send-message.ts';
import { chargeSms } from '../workplace/sms-account.ts';
import { type AuthRepository, createAuthRepository, forgetLoginFailures, loginKey } from './auth.repository.ts';

const CAPTCHA_TTL_SECONDS = 120;
const SMS_MAX_ATTEMPTS = 5;
const SMS_TICKET_TTL_SECONDS = 600;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
});

export function createAuthService(app: FastifyInstance) {
  const { config, clock } = app;
  const repo = (): AuthRepository => createAuthRepository(app.db);

  /** Whether a login under a name with `failures` needs a captcha from `ip` now. */
  async function captchaRequiredFor(ip: string, failures: number): Promise<boolean> {
    if (config.CAPTCHA_AFTER_FAILURES === 0) return true;
    if (failures >= config.CAPTCHA_AFTER_FAILURES) return true;
    // One person's typos stay with their own name; only wrong passwords for many names (credential
    // stuffing) put a captcha in front of everyone behind the address, e.g. a control room's.
    if (config.CAPTCHA_AFTER_IP_FAILURES === 0) return false;
    const since = addMinutes(clock.now(), -config.LOGIN_LOCK_MINUTES);
    return (await repo().ipPasswordFailuresSince(ip, since)) >= config.CAPTCHA_AFTER_IP_FAILURES;
  }

  /** Spends the captcha whatever the answer: each one is good for a single try. */
  async function captchaSolved(db: Queryable, id: string | undefined, code: string | undefined, at: Date) {
    if (!id || !code) return false;
    const captcha = await createAuthRepository(db).consumeCaptcha(id, at);
    return !!captcha && captcha.answerHash === sha256(code.trim().toLowerCase());
  }

  return {
    async login(req: FastifyRequest, body: LoginBody) {
      const r = repo();
      const now = clock.now();
      const { ip, userAgent } = client(req);
      const username = body.username;
      if (!username) throw businessError(400, 'auth.usernameRequired');
      if (!body.password) throw businessError(400, 'auth.passwordRequired');
      const key = loginKey(username);
      const window = addMinutes(now, -config.LOGIN_LOCK_MINUTES);

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

      // Everything up to the password check reads only the name's own record, never the account:
      // an unknown name is counted, gated and locked exactly like a real one.
      const user = await r.findUserByLogin(username);
      const state = await r.failuresOf(key, now, window);
      if (state.lockedUntil) {
        const minutes = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000));
        await fail('locked', user?.id ?? null, state.failures, (d) =>
          businessError(423, 'auth.locked', { minutes }, d),
        );
      }

      if (await captchaRequiredFor(ip, state.failures)) {
        if (!body.captchaId || !body.captchaCode) {
          await fail('captcha_missing', user?.id ?? null, state.failures, (d) =>
            businessError(400, 'auth.captchaRequired', {}, d),
          );
        }
        if (!(await captchaSolved(app.db, body.captchaId, body.captchaCode, now))) {
          await fail('captcha_wrong', user?.id ?? null, state.failures, (d) =>
            businessError(400, 'auth.captchaWrong', {}, d),
          );
        }
      }

      const passwordOk = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyAgainstDummy(body.password).then(() => false);
      if (!user || !passwordOk) {
        const lockUntil = addMinutes(now, config.LOGIN_LOCK_MINUTES);
        const after = await r.addFailure(key, now, window, config.LOGIN_MAX_FAILURES, lockUntil);
        if (user) await r.mirrorFailures(user.id, after.failures, after.lockedUntil);
        await r.pruneFailures(addMinutes(now, -2 * config.LOGIN_LOCK_MINUTES));
        return fail('bad_credentials', user?.id ?? null, after.failures, (d) =>
          after.lockedUntil
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
        await txRepo.clearFailures([key]);
        await forgetLoginFailures(tx, user);
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
      const id = randomUUID();
      const expiresAt = addSeconds(now, CAPTCHA_TTL_SECONDS);
      await repo().createCaptcha({ id, answerHash: sha256(text.toLowerCase()), expiresAt, createdAt: now });
      // The name's own record, never the account: the same answer for a name nobody has.
      const failures = username
        ? (await repo().failuresOf(loginKey(username), now, addMinutes(now, -config.LOGIN_LOCK_MINUTES))).failures
        : 0;
      return {
        captchaId: id,
        image: captchaImage(text),
        expiresAt: expiresAt.toISOString(),
        required: await captchaRequiredFor(req.ip, failures),
      };
    },

    async sms(req: FastifyRequest, reply: FastifyReply, body: SmsBody) {
      const now = clock.now();
      const db = req.tx ?? app.db;
      const r = createAuthRepository(db);
      const latest = await r.latestSmsCode(body.phone, body.purpose);
      if (body.action === 'send') {
        // Each code costs the prepaid account: a person must ask, and a spent captcha stays spent.
        if (!(await captchaSolved(db, body.captchaId, body.captchaCode, now))) {
          throw new CommitThenFail(businessError(400, 'auth.captchaWrong'));
        }
        if (latest) {
          const wait = Math.ceil(
            (latest.createdAt.getTime() + config.SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
          );
          if (wait > 0) throw new CommitThenFail(businessError(429, 'sms.tooSoon', { seconds: wait }));
        }
        // The caps count requests, known phones or not, so that they too tell nothing about accounts.
        const day = new Date(now.getTime() - DAY_MS);
        if ((await r.smsCodesSince({ phone: body.phone }, day)) >= config.SMS_PHONE_DAILY_LIMIT) {
          throw new CommitThenFail(businessError(429, 'sms.phoneDailyLimit', { limit: config.SMS_PHONE_DAILY_LIMIT }));
        }
        if ((await r.smsCodesSince({ ip: req.ip }, day)) >= config.SMS_IP_DAILY_LIMIT) {
          throw new CommitThenFail(businessError(429, 'sms.ipDailyLimit', { limit: config.SMS_IP_DAILY_LIMIT }));
        }
        const hour = new Date(now.getTime() - HOUR_MS);
        const lastHour = await r.codeSmsSince(hour);
        if (lastHour >= config.SMS_HOURLY_LIMIT) {
          if (await r.claimHourlyCapAlert(now, hour)) {
            const limit = config.SMS_HOURLY_LIMIT;
            await sendMessage(
              app,
              db,
              { roles: [ROLE_ADMIN] },
              {
                type: 'message',
                title: t(DEFAULT_LOCALE, 'sms.hourlyLimitAlertTitle', { limit }),
                content: t(DEFAULT_LOCALE, 'sms.hourlyLimitAlertContent', { count: lastHour }),
                source: 'sms-hourly-cap',
                sourceId: now.toISOString(),
              },
              // The refusal commits what it wrote, then answers; live delivery once the answer is out.
              (fn) => reply.raw.once('finish', () => void Promise.resolve(fn()).catch(() => {})),
            );
          }
          throw new CommitThenFail(businessError(429, 'sms.hourlyLimit'));
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
          ip: req.ip,
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
        if (queued && !(await chargeSms(db, queued.id, now, { ip: req.ip }))) {
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
