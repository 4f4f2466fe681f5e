import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotifyDelivery } from './delivery/delivery-worker.ts';
import type { NotifyDelivery } from './notify-types.ts';
import { pushesRoutes } from './pushes.routes.ts';
import { templatesRoutes } from './templates.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery worker: alarms and pushes kick it after they commit. */
    notifyDelivery: NotifyDelivery;
  }
}

/**
 * Notifications (issue 16): templates, channels and preferences; pushes and the push log; the
 * delivery worker. Not encapsulated: the alarm engine's notify() plans pushes and kicks the worker.
 */
export const notifyPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('notifyDelivery', createNotifyDelivery(app));
  await app.register(templatesRoutes);
  await app.register(pushesRoutes);
});
