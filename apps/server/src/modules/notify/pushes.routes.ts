import { notifyApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditOf, route } from '../../lib/route.ts';
import { createPushesService, createPushScheduler, type PushScheduler } from './pushes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans scheduled pushes as they come due, and large pushes right after their request commits. */
    notifyPushes: PushScheduler;
  }
}

/**
 * Message push (issue 16): the push log and its deliveries, the estimate, sending now or at a time,
 * resending the failed, cancelling a scheduled push; and the sweep that plans scheduled pushes.
 * Reading needs notify:view (a route takes one permission; administrators hold both), the writes
 * notify:push.
 */
export const pushesRoutes = fp(async (app: FastifyInstance) => {
  const scheduler = createPushScheduler(app);
  app.decorate('notifyPushes', scheduler);
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const seconds = app.config.NOTIFY_SCHEDULE_SECONDS;
    if (seconds === 0) return;
    // Pushes a stopped server left unplanned, then whatever comes due.
    scheduler.kick();
    timer = setInterval(() => scheduler.kick(), seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await scheduler.stop();
  });

  const pushes = createPushesService(app);
  const view = { permission: Permissions.notifyView };
  const push = { permission: Permissions.notifyPush };
  const audit = auditOf('notify-pushes');

  route(app, notifyApi.pushes, { access: view }, (req, ctx) => pushes.list(ctx, req.query));
  route(app, notifyApi.push, { access: view }, (req, ctx) => pushes.get(ctx, req.params.id));
  route(app, notifyApi.deliveries, { access: view }, (req, ctx) => pushes.deliveries(ctx, req.params.id, req.query));
  // A read that writes nothing: no operation-log row.
  route(app, notifyApi.estimate, { access: push, audit: false }, (req, ctx) => pushes.estimate(ctx, req.body));
  route(app, notifyApi.create, { access: push, audit: audit('push') }, (req, ctx) => pushes.create(ctx, req.body));
  route(app, notifyApi.resend, { access: push, audit: audit('resend') }, (req, ctx) =>
    pushes.resend(ctx, req.params.id),
  );
  route(app, notifyApi.cancel, { access: push, audit: audit('cancel') }, (req, ctx) =>
    pushes.cancel(ctx, req.params.id),
  );
});
