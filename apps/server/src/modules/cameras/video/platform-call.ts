import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/client.ts';
import { videoPlatforms } from '../../../db/schema/index.ts';
import { businessError } from '../../../lib/errors.ts';

export type PlatformRow = typeof videoPlatforms.$inferSelect;

/** How long a call to a video platform's API may take. */
export const platformTimeoutMs = (app: FastifyInstance) => Math.max(app.config.VIDEO_PROBE_TIMEOUT_MS, 10_000);

/**
 * The platform a camera is reached through, of the kind its source needs; 503 when it is gone. `db`:
 * the request's transaction when there is one (an audited PTZ call), so that reading and storing the
 * platform's token never waits on it.
 */
export async function platformOf(db: Queryable, platformId: number | null, kind: 'ezviz' | 'wvp') {
  const [platform] =
    platformId === null ? [] : await db.select().from(videoPlatforms).where(eq(videoPlatforms.id, platformId));
  if (!platform || platform.kind !== kind) throw businessError(503, 'camera.sourceUnavailable', { detail: kind });
  return platform;
}

/** A platform that could not be reached (503), or that answered with an error of its own (502): its words, cut short. */
export const unreachable = (error: unknown) =>
  businessError(503, 'camera.platformError', {
    detail:
      (error as { name?: string })?.name === 'TimeoutError'
        ? 'timeout'
        : String((error as Error)?.message ?? error).slice(0, 120),
  });
export const refused = (message: string) =>
  businessError(502, 'camera.platformError', { detail: message.slice(0, 120) });
