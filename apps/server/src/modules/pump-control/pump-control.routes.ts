import { Permissions, pumpControlApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditOf, route } from '../../lib/route.ts';
import { deviceSecret } from '../telemetry/telemetry.routes.ts';
import { createPumpControlService, type PumpControlService } from './pump-control.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pump control of this server: the sweeper and the device side reach for it (and the tests). */
    pumpControl: PumpControlService;
  }
}

/**
 * Pump control (issue 17): commands to pumps, checked against the interlocks, four eyes where the
 * station asks for it, the controllers' answers (MQTT and the HTTP gateway routes) and the sweeper
 * that expires approvals and times commands out. Not encapsulated: `app.pumpControl` is the tests'
 * and the telemetry pipeline's way in.
 */
export const pumpControlRoutes = fp(async (app: FastifyInstance) => {
  const service = createPumpControlService(app);
  app.decorate('pumpControl', service);
  app.telemetry.onCommandReply((code, payload) => service.replyMqtt(code, payload));

  const control = { permission: Permissions.pumpControl };
  const approve = { permission: Permissions.pumpApprove };
  const audit = auditOf('pump-control');

  route(app, pumpControlApi.station, { access: 'session' }, (req, ctx) => service.station(ctx, req.params.id));
  route(
    app,
    pumpControlApi.settings,
    { access: { permission: Permissions.pumpStationWrite }, audit: audit('control-settings') },
    (req, ctx) => service.saveSettings(ctx, req.params.id, req.body),
  );
  route(app, pumpControlApi.send, { access: control, audit: audit('command') }, (req, ctx) =>
    service.send(ctx, req.body),
  );
  route(app, pumpControlApi.stopAll, { access: control, audit: audit('stop-all') }, (req, ctx) =>
    service.stopAll(ctx, req.params.id, req.body),
  );
  route(app, pumpControlApi.approve, { access: approve, audit: audit('approve') }, (req, ctx) =>
    service.approve(ctx, req.params.id, req.body.reason),
  );
  route(app, pumpControlApi.refuse, { access: approve, audit: audit('refuse') }, (req, ctx) =>
    service.refuse(ctx, req.params.id, req.body.reason),
  );
  // The requester, or anyone with pump:control within the station's regions (checked by the service).
  route(app, pumpControlApi.cancel, { access: 'session', audit: audit('cancel-command') }, (req, ctx) =>
    service.cancel(ctx, req.params.id),
  );
  route(app, pumpControlApi.list, { access: 'session' }, (req, ctx) => service.list(ctx, req.query));
  route(app, pumpControlApi.get, { access: 'session' }, (req, ctx) => service.get(ctx, req.params.id));

  // Gateways, not console users: the device secret is checked as ingest checks it.
  const device = {
    access: 'public',
    // Device traffic, not operations: the command's own row records what the answer did.
    audit: false,
    rateLimit: { max: app.config.INGEST_RATE_LIMIT, timeWindow: '1 minute' },
  } as const;
  route(app, pumpControlApi.deviceFetch, device, (req) => service.deviceFetch(req.params.code, deviceSecret(req)));
  route(app, pumpControlApi.deviceReply, device, (req) =>
    service.deviceReply(req.params.code, deviceSecret(req), req.body),
  );

  // The sweeper: approvals not given in time expire, commands without a result time out.
  const every = app.config.PUMP_COMMAND_SWEEP_MS;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (every === 0) return;
    let sweeping = false;
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      service
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'pump command sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
});
