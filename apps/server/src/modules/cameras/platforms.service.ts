import type { VideoPlatform, videoPlatformInputSchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { toPlatform } from './cameras.mappers.ts';
import { createCamerasRepository, type PlatformRow, type PlatformValues } from './cameras.repository.ts';
import { issue } from './cameras.service.ts';

type PlatformInput = z.output<typeof videoPlatformInputSchema>;

/**
 * The row a write stores. An EZVIZ account keeps an app key and secret, a wvp server a username and
 * password; the other pair is stored empty. Secrets: absent keeps the stored one, text replaces it.
 */
function values(v: PlatformInput, stored: PlatformRow | undefined, now: Date): PlatformValues {
  const ezviz = v.kind === 'ezviz';
  return {
    name: v.name,
    kind: v.kind,
    apiUrl: v.apiUrl,
    appKey: ezviz ? v.appKey : '',
    appSecret: ezviz ? (v.appSecret ?? stored?.appSecret ?? '') : '',
    username: ezviz ? '' : v.username,
    password: ezviz ? '' : (v.password ?? stored?.password ?? ''),
    remark: v.remark,
    updatedAt: now,
  };
}

/** What the cached access token was fetched with: a change to any of it makes the token worthless. */
const CREDENTIALS = ['kind', 'apiUrl', 'appKey', 'appSecret', 'username', 'password'] as const;

/**
 * Video platform accounts (issue 19): EZVIZ open-platform apps and wvp (GB28181) servers. They are
 * configuration: every call needs video:camera:write, and no answer carries a secret or the token.
 */
export function createPlatformsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createCamerasRepository(ctx.db);

  async function platform(ctx: Context, id: number): Promise<VideoPlatform> {
    const r = repo(ctx);
    const row = await r.platform(id);
    if (!row) throw notFound();
    return toPlatform(row, (await r.platformCounts()).get(id) ?? 0);
  }

  return {
    async list(ctx: Context): Promise<VideoPlatform[]> {
      const r = repo(ctx);
      const rows = await r.platforms();
      const counts = await r.platformCounts();
      return rows.map((p) => toPlatform(p, counts.get(p.id) ?? 0));
    },

    async create(ctx: Context, v: PlatformInput) {
      const now = app.clock.now();
      const id = await repo(ctx).insertPlatform(values(v, undefined, now), now);
      const after = await platform(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    /** A cached token is dropped when what it was fetched with changes; a platform in use keeps its kind. */
    async update(ctx: Context, id: number, v: PlatformInput) {
      const r = repo(ctx);
      const stored = await r.platform(id);
      if (!stored) throw notFound();
      const before = await platform(ctx, id);
      if (v.kind !== stored.kind && before.cameraCount > 0)
        throw new RequestValidationError('body', [issue(['kind'], 'validation.platformKindInUse')]);
      const next = values(v, stored, app.clock.now());
      const stale = CREDENTIALS.some((k) => stored[k] !== next[k]);
      await r.updatePlatform(id, stale ? { ...next, accessToken: null, tokenExpiresAt: null } : next);
      const after = await platform(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await platform(ctx, id);
      if (before.cameraCount > 0) throw new AppError(409, 409, 'camera.platformInUse', { count: before.cameraCount });
      await repo(ctx).deletePlatform(id);
      ctx.audit({ targetId: id, before });
      return null;
    },
  };
}
