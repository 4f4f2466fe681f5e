import type { FastifyInstance } from 'fastify';
import type { NotifyDelivery } from '../notify-types.ts';

// Placeholder until the delivery worker lands (issue 16, delivery part).
export function createNotifyDelivery(_app: FastifyInstance): NotifyDelivery {
  return {
    kick() {},
    async drain() {},
    async sendTest() {
      return { ok: false, code: 'channelOff', detail: '', retryable: false, ms: 0 };
    },
    stats: () => ({ sent: 0, failed: 0, retried: 0, givenUp: 0, rounds: 0 }),
    async stop() {},
  };
}
