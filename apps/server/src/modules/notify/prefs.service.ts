import type { NotifyPrefs, NotifyPrefsInput } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { createPrefsRepository, type LoadedPrefs, withInApp } from './prefs.repository.ts';

/** The signed-in caller's own notification preferences: no route reads or writes another user's. */
export function createPrefsService(app: FastifyInstance) {
  async function answer(ctx: Context, userId: number, prefs: LoadedPrefs): Promise<NotifyPrefs> {
    const [contact] = await ctx.db
      .select({ phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return {
      channels: prefs.channels,
      locale: prefs.locale,
      quietHours: prefs.quiet,
      phone: contact?.phone ?? '',
      email: contact?.email ?? '',
    };
  }

  return {
    async get(ctx: Context): Promise<NotifyPrefs> {
      const userId = ctx.auth!.userId;
      return answer(ctx, userId, await createPrefsRepository(ctx.db).get(userId));
    },

    async update(ctx: Context, input: NotifyPrefsInput): Promise<NotifyPrefs> {
      const userId = ctx.auth!.userId;
      const repo = createPrefsRepository(ctx.db);
      const before = await repo.get(userId);
      const prefs: LoadedPrefs = { channels: withInApp(input.channels), locale: input.locale, quiet: input.quietHours };
      await repo.upsert(userId, prefs, app.clock.now());
      ctx.audit({ targetId: userId, before, after: prefs });
      return answer(ctx, userId, prefs);
    },
  };
}
