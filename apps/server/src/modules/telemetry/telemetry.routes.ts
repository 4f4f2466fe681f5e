import { Permissions, telemetryApi } from '@water/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import {
  createTelemetryService,
  INGEST_TOPICS,
  IngestUnavailableError,
  startTelemetryJobs,
} from './telemetry.service.ts';
import { QueueFullError, WriterClosedError } from './telemetry.writer.ts';

/** The secret a device's HTTP call carries (`Authorization: Device <secret>`, or X-Device-Secret). */
export const deviceSecret = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  const match = header ? /^Device\s+(\S+)$/i.exec(header) : null;
  const alt = req.headers['x-device-secret'];
  return match?.[1] ?? (typeof alt === 'string' ? alt : '');
};

/**
 * Not encapsulated: the pipeline (`app.telemetry`) is what later modules (alarm rules, history,
 * commands) and the tests reach for, like `app.mqtt`.
 */
export const telemetryRoutes = fp(async (app: FastifyInstance) => {
  const service = createTelemetryService(app);
  app.decorate('telemetry', service);
  app.mqtt.setAuthenticator(service.authenticateMqtt);
  app.mqtt.setPublishHandler(service.handleMqtt, INGEST_TOPICS);

  // The ingest body is read raw: malformed JSON is a dead letter with its reason, not a bare 400.
  await app.register(async (ingest) => {
    ingest.removeContentTypeParser(['application/json', 'text/plain']);
    ingest.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    /** The queue is full, the server closing or the database away: the device comes back later. */
    const busy = (err: unknown, reply: FastifyReply) => {
      if (err instanceof QueueFullError || err instanceof WriterClosedError || err instanceof IngestUnavailableError) {
        reply.header('retry-after', '1');
        return new AppError(503, 503, 'telemetry.busy');
      }
      return err;
    };
    const raw = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    const options = {
      // Devices, not console users: the device secret is checked by the handler.
      access: 'public',
      // Device data, not operations: kept out of the operation log (readings are counted in /api/telemetry/stats).
      audit: false,
      rateLimit: { max: app.config.INGEST_RATE_LIMIT, timeWindow: '1 minute' },
    } as const;
    route(ingest, telemetryApi.ingest, options, async (req, { reply }) => {
      try {
        return await service.ingestHttp(req.params.code, deviceSecret(req), raw(req));
      } catch (err) {
        throw busy(err, reply);
      }
    });
    route(ingest, telemetryApi.ingestEvents, options, async (req, { reply }) => {
      try {
        return await service.ingestEventsHttp(req.params.code, deviceSecret(req), raw(req));
      } catch (err) {
        throw busy(err, reply);
      }
    });
  });

  route(app, telemetryApi.stats, { access: { permission: Permissions.telemetryStats } }, async () =>
    service.writer.stats(),
  );

  const stop = startTelemetryJobs(app, service);
  // Commits what is queued before the database closes (server.ts closes the app, then the database).
  app.addHook('onClose', async () => {
    await stop();
    await service.writer.close();
    service.stopLive();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: ReturnType<typeof createTelemetryService>;
  }
}
