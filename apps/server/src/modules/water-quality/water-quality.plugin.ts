import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { waterQualityRoutes } from './water-quality.routes.ts';
import { startWaterQualityAlarms } from './wq-alarms.ts';
import { startWaterQualityOnline } from './wq-online.ts';
import type { JudgedListener, ResultRow } from './wq-record.ts';

/** Results judged and committed, told to whoever listens: the alarm seam, live views. */
export interface WaterQualityHub {
  /** Listen; returns the unsubscribe. */
  onJudged(listener: JudgedListener): () => void;
  /** Call after the results' transaction commits (ctx.afterCommit), never inside it. */
  judged(rows: ResultRow[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Water quality's judged results (issue 18). */
    waterQuality: WaterQualityHub;
  }
}

function createHub(app: FastifyInstance): WaterQualityHub {
  const listeners = new Set<JudgedListener>();
  return {
    onJudged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async judged(rows) {
      if (rows.length === 0) return;
      for (const listener of listeners) {
        try {
          await listener(rows);
        } catch (err) {
          app.log.warn({ err }, 'water quality: a judged-results listener failed');
        }
      }
    },
  };
}

/**
 * Water quality (issue 18): the routes, online results judged from the analysers' readings as they
 * arrive, and exceedances raised and cleared as alarms. Not encapsulated: `app.waterQuality` is shared.
 */
export const waterQualityPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('waterQuality', createHub(app));
  await app.register(waterQualityRoutes);
  startWaterQualityAlarms(app);
  startWaterQualityOnline(app);
});
