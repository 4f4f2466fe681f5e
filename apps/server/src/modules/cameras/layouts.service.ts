import type { CameraLayout, cameraLayoutInputSchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { toLayout } from './cameras.mappers.ts';
import { createCamerasRepository } from './cameras.repository.ts';
import { issue } from './cameras.service.ts';

type LayoutInput = z.output<typeof cameraLayoutInputSchema>;

/**
 * A user's saved live-view grids (issue 19): each user reads and writes only their own (another's
 * id is not found), names are unique per user, and every tile shows a camera the user may see.
 */
export function createLayoutsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createCamerasRepository(ctx.db);
  const userOf = (ctx: Context) => ctx.auth!.userId;

  async function own(ctx: Context, id: number) {
    const row = await repo(ctx).layout(id);
    if (!row || row.userId !== userOf(ctx)) throw notFound();
    return row;
  }

  async function check(ctx: Context, v: LayoutInput, except: number | null) {
    const r = repo(ctx);
    const scope = await ctx.scope();
    const ids = [...new Set(v.tiles.filter((x): x is number => x !== null))];
    const found = new Map((await r.regionsOf(ids)).map((c) => [c.id, c.regionId]));
    const issues = v.tiles.flatMap((id, i) =>
      id === null || (found.has(id) && inRegionScope(scope, found.get(id) ?? null))
        ? []
        : [issue(['tiles', i], 'validation.unknownCamera')],
    );
    if (issues.length) throw new RequestValidationError('body', issues);
    if (await r.layoutNamed(userOf(ctx), v.name, except)) throw new AppError(409, 409, 'camera.layoutNameTaken');
  }

  return {
    async list(ctx: Context): Promise<CameraLayout[]> {
      return (await repo(ctx).layouts(userOf(ctx))).map(toLayout);
    },

    async create(ctx: Context, v: LayoutInput) {
      await check(ctx, v, null);
      const row = await repo(ctx).insertLayout({
        userId: userOf(ctx),
        name: v.name,
        grid: v.grid,
        tiles: v.tiles,
        updatedAt: app.clock.now(),
      });
      const after = toLayout(row);
      ctx.audit({ targetId: row.id, after });
      return after;
    },

    async update(ctx: Context, id: number, v: LayoutInput) {
      const before = toLayout(await own(ctx, id));
      await check(ctx, v, id);
      const after = toLayout(
        await repo(ctx).updateLayout(id, { name: v.name, grid: v.grid, tiles: v.tiles, updatedAt: app.clock.now() }),
      );
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = toLayout(await own(ctx, id));
      await repo(ctx).deleteLayout(id);
      ctx.audit({ targetId: id, before });
      return null;
    },
  };
}
