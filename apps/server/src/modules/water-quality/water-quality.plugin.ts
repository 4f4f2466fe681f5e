import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { waterQualityRoutes } from './water-quality.routes.ts';
import { startWaterQualityAlarms } from './wq-alarms.ts';
import { startWaterQualityOnline, type WqOnline } from './wq-online.ts';
import type { JudgedListener, JudgedOptions, ResultRow } from './wq-record.ts';

/** Results judged and committed, told to whoever listens: the alarm seam, live views. */
export interface WaterQualityHub {
  /** Listen; returns the unsubscribe. */
  onJudged(listener: JudgedListener): () => void;
  /** Call after the results' transaction commits (ctx.afterCommit), never inside it. */
  judged(rows: ResultRow[], options?: JudgedOptions): Promise<void>;
  /**
   * A site or its analysers changed: online judging reads the site ↔ analyser mapping and the sites'
   * limits again now (it does every minute anyway). Call after the commit.
   */
  refresh(): Promise<void>;
  /** Online judging of this server (wq-online.ts): idle and restart for tests. */
  online: WqOnline | null;
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
    async judged(rows, options) {
      if (rows.length === 0) return;
      for (const listener of listeners) {
        try {
          await listener(rows, options);
        } catch (err) {
          app.log.warn({ err }, 'water quality: a judged-results listener failed');
        }
      }
    },
    async refresh() {
      await this.online?.refresh();
    },
    online: null,
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
  app.waterQuality.online = startWaterQualityOnline(app);
});
