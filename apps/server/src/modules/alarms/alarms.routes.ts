import { alarmsApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditOf, route } from '../../lib/route.ts';
import { type AlarmEngine, createAlarmEngine } from './alarm-engine.ts';
import { createAlarmsService } from './alarms.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm engine of this server: judges committed readings and events, sweeps what time brings due. */
    alarmEngine: AlarmEngine;
  }
}

/**
 * Alarms (issue 15): the engine, fed by the telemetry pipeline after each commit, and the alarm
 * routes. Not encapsulated: the rule routes tell the engine when rules change.
 */
export const alarmsRoutes = fp(async (app: FastifyInstance) => {
  const engine = createAlarmEngine(app);
  app.decorate('alarmEngine', engine);
  let timer: NodeJS.Timeout | null = null;
  const unsubscribe: (() => void)[] = [];
  // Once the database is migrated (the server migrates after building the app, before listening).
  app.addHook('onReady', async () => {
    // A database away at start does not keep the server from starting (/readyz says so): the
    // engine reads its rules and state at the first sweep that reaches it.
    await engine.start().catch((err: unknown) => app.log.warn({ err }, 'alarm engine: start deferred'));
    unsubscribe.push(
      app.telemetry.onLatest((fresh) => engine.onReadings(fresh)),
      app.telemetry.onEvents((events) => engine.onEvents(events)),
      app.telemetry.onStatusChanges((changes) => engine.onStatusChanges(changes)),
    );
    const seconds = app.config.ALARM_SWEEP_SECONDS;
    if (seconds === 0) return;
    let sweeping = false;
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      engine
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'alarm sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    for (const stop of unsubscribe) stop();
    await engine.stop();
  });

  const alarms = createAlarmsService(app);
  const view = { permission: Permissions.alarmView };
  const handle = { permission: Permissions.alarmHandle };
  const audit = auditOf('alarms');

  route(app, alarmsApi.list, { access: view }, (req, ctx) => alarms.list(ctx, req.query));
  route(app, alarmsApi.counts, { access: view }, (_req, ctx) => alarms.counts(ctx));
  route(app, alarmsApi.stats, { access: view }, (req, ctx) => alarms.stats(ctx, req.query));
  route(app, alarmsApi.exportAlarms, { access: view }, (req, ctx) => alarms.exportAlarms(ctx, req.query));
  route(app, alarmsApi.assignees, { access: handle }, (_req, ctx) => alarms.assignees(ctx));
  route(app, alarmsApi.get, { access: view }, (req, ctx) => alarms.get(ctx, req.params.id));
  route(app, alarmsApi.acknowledge, { access: handle, audit: audit('acknowledge') }, (req, ctx) =>
    alarms.acknowledge(ctx, req.body.ids),
  );
  route(app, alarmsApi.clear, { access: handle, audit: audit('clear') }, (req, ctx) =>
    alarms.clear(ctx, req.params.id, req.body.reason),
  );
  route(app, alarmsApi.shelve, { access: handle, audit: audit('shelve') }, (req, ctx) =>
    alarms.shelve(ctx, req.params.id, req.body.until),
  );
  route(app, alarmsApi.assign, { access: handle, audit: audit('assign') }, (req, ctx) =>
    alarms.assign(ctx, req.params.id, req.body.userId),
  );
  route(app, alarmsApi.comment, { access: handle, audit: audit('comment') }, (req, ctx) =>
    alarms.comment(ctx, req.params.id, req.body.text),
  );
});
