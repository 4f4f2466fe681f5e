import type { FastifyInstance } from 'fastify';

/** Probes for load balancers and orchestrators; outside /api and its envelope on purpose. */
export async function healthRoutes(app: FastifyInstance) {
  const config = { rateLimit: false as const, access: 'public' as const };
  app.get('/healthz', { config, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config, schema: { hide: true } }, async (req, reply) => {
    try {
      await app.database.ping();
      // The broker is reported, not required: the console stays useful while devices reconnect.
      return { status: 'ready', database: app.database.kind, mqtt: app.mqtt.status() };
    } catch (err) {
      req.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
}
