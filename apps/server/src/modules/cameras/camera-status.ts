import type { CameraSourceKind } from '@water/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cameras } from '../../db/schema/index.ts';
import { probeSource } from './video/probe.ts';

/** Cameras checked at once: a slow source holds one slot, not the round. */
const AT_ONCE = 4;

export interface CameraStatusChecker {
  /** Checks every enabled camera once and stores what it finds; resolves when the round is done. */
  runOnce(): Promise<{ checked: number; online: number }>;
  stop(): Promise<void>;
}

/**
 * The online/offline state of cameras (issue 19): every VIDEO_STATUS_SECONDS (0: never, tests call
 * `runOnce`) each enabled camera's source is checked as a player would reach it (probe.ts), a few at
 * a time, and the verdict stored with its reason and time. A disabled camera keeps its last state.
 * Rounds never overlap.
 */
export function startCameraStatus(app: FastifyInstance): CameraStatusChecker {
  let round: Promise<{ checked: number; online: number }> | null = null;
  let stopped = false;

  async function check() {
    const rows = await app.db
      .select()
      .from(cameras)
      .where(eq(cameras.enabled, true))
      .orderBy(sql`${cameras.statusCheckedAt} asc nulls first`, asc(cameras.id));
    let next = 0;
    let online = 0;
    const worker = async () => {
      while (!stopped && next < rows.length) {
        const camera = rows[next++];
        if (!camera) break;
        const result = await probeSource(app, { ...camera, sourceKind: camera.sourceKind as CameraSourceKind });
        if (result.ok) online++;
        await app.db
          .update(cameras)
          .set({
            status: result.ok ? 'online' : 'offline',
            statusDetail: result.ok ? null : result.detail,
            statusCheckedAt: app.clock.now(),
          })
          .where(eq(cameras.id, camera.id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, rows.length) }, worker));
    return { checked: rows.length, online };
  }

  const runOnce = () => {
    round ??= check().finally(() => {
      round = null;
    });
    return round;
  };

  const seconds = app.config.VIDEO_STATUS_SECONDS;
  const timer =
    seconds > 0
      ? setInterval(() => {
          runOnce().catch((err: unknown) => app.log.warn({ err }, 'camera: status check failed'));
        }, seconds * 1000)
      : null;
  timer?.unref();
  // The first round soon after start, not a whole interval later.
  const first = seconds > 0 ? setTimeout(() => void runOnce().catch(() => {}), 5000) : null;
  first?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await round?.catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic check of cameras' sources (issue 19). */
    cameraStatus: CameraStatusChecker;
  }
}
