import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  type LoginBody,
  type MenuNode,
  ROLE_ADMIN,
  type RoleInfo,
  type SmsBody,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { t } from '../../i18n/messages.ts';
import { captchaImage } from '../../lib/captcha.ts';
import { addMinutes, addSeconds } from '../../lib/clock.ts';
import type { Client, Context, RouteContext } from '../../lib/context.ts';
import { AppError, businessError, CommitThenFail } from '../../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newNumericCode, newToken, sha256 } from '../../lib/tokens.ts';
import { sendMessage } from '../messages/send-message.ts';
import { chargeSms } from '../workplace/sms-account.ts';
import { type AuthRepository, createAuthRepository, forgetLoginFailures, loginKey } from './auth.repository.ts';

const CAPTCHA_TTL_SECONDS = 120;
const SMS_MAX_ATTEMPTS = 5;
const SMS_TICKET_TTL_SECONDS = 600;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
    async login({ ip, userAgent }: Client, body: LoginBody) {
      const r = repo();
      const now = clock.now();
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
    async logout(ctx: Context, token: string | null) {
      if (!token) return null;
      const r = createAuthRepository(ctx.db);
      const session = await r.findSession(sha256(token));
      if (!session || session.revokedAt) return null;
      // A public route: the log row names the user whose session this was.
      ctx.audit({ actor: { userId: session.userId, username: session.username } });
      await r.revokeSession(session.id, clock.now(), 'logout');
      return null;
    },

    async captcha(ip: string, username?: string) {
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
        required: await captchaRequiredFor(ip, failures),
      };
    },

    /** Sends an SMS code, or checks one for a ticket. On a refusal that commits what it wrote, `ctx.reply` tells when the answer is out. */
    async sms(ctx: RouteContext, { ip }: Client, body: SmsBody) {
      const now = clock.now();
      const { db } = ctx;
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
        if ((await r.smsCodesSince({ ip }, day)) >= config.SMS_IP_DAILY_LIMIT) {
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
              (fn) => ctx.reply.raw.once('finish', () => void Promise.resolve(fn()).catch(() => {})),
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
          ip,
          createdAt: now,
        });
        if (!(await r.findUserByPhone(body.phone))) return result;
        const content = t(ctx.locale, 'sms.message', { code, minutes: Math.round(config.SMS_CODE_TTL_SECONDS / 60) });
        const [queued] = await r.queueSms({
          phone: body.phone,
          purpose: body.purpose,
          content,
          sender: config.SMS_SENDER,
          createdAt: now,
        });
        if (queued && !(await chargeSms(db, queued.id, now, { ip }))) {
          ctx.log.warn({ smsId: queued.id }, 'sms not sent: the SMS account balance is too low');
        } else {
          ctx.log.info(
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

    async roleInfo(ctx: Context): Promise<RoleInfo> {
      const info = await repo().roleInfo(ctx.auth!, ctx.locale);
      if (!info) throw new AppError(401, 50008, 'auth.illegalToken');
      return info;
    },

    async menuTree(ctx: Context, withButtons: boolean): Promise<MenuNode[]> {
      const roleId = ctx.auth?.roleId;
      if (!roleId) return [];
      return repo().menuTree(roleId, withButtons);
    },
  };
}
