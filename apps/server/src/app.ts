import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { randomCaptchaText } from './lib/tokens.ts';
import { validatorCompiler } from './lib/validation.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { alarmRulesRoutes } from './modules/alarm-rules/alarm-rules.routes.ts';
import { alarmsRoutes } from './modules/alarms/alarms.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { camerasPlugin } from './modules/cameras/cameras.plugin.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { deviceArchivesRoutes } from './modules/device-archives/device-archives.routes.ts';
import { deviceTypesRoutes } from './modules/device-types/device-types.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { devicesTransferRoutes } from './modules/devices/devices-transfer.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { notifyPlugin } from './modules/notify/notify.plugin.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { pumpControlRoutes } from './modules/pump-control/pump-control.routes.ts';
import { pumpStationsRoutes } from './modules/pump-stations/pump-stations.routes.ts';
import { regionsRoutes } from './modules/regions/regions.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { stationAnalysisRoutes } from './modules/station-analysis/station-analysis.routes.ts';
import { stationHistoryRoutes } from './modules/station-history/station-history.routes.ts';
import { stationLiveRoutes } from './modules/station-live/station-live.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { waterQualityPlugin } from './modules/water-quality/water-quality.plugin.ts';
import { workplaceRoutes } from './modules/workplace/workplace.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { mqttPlugin } from './plugins/mqtt.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { requestInputPlugin } from './plugins/request-input.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import './types.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  captchaText?: () => string;
}

export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger = false,
  captchaText = randomCaptchaText,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('captchaText', captchaText);
  // While closing, answers in flight end their keep-alive connection, so close() does not wait
  // for clients' idle sockets (Fastify only drops the connections idle when close() starts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });

  // Cross-cutting plugins first.
  await app.register(errorHandlerPlugin);
  await app.register(requestInputPlugin);
  await app.register(securityHeadersPlugin);
  // API answers of 1 KB and more, compressed as they go (CSV exports too: a stream stays a stream,
  // X-Total-Rows untouched). Console files come precompressed from the build and pass through.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(rateLimit, {
    max: config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    // The limit is on API calls: console files and uploads do not spend it (a page load is ~40 files).
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, context) =>
      new AppError(429, 429, 'http.tooManyRequests', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(multipart);
  await app.register(mqttPlugin);
  await app.register(realtimePlugin);
  await app.register(webPlugin);

  // Modules: the table of contents of the API.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(messagesRoutes);
  await app.register(noticesRoutes);
  await app.register(contentRoutes);
  await app.register(workplaceRoutes);
  await app.register(organizationRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(logsRoutes);
  await app.register(deviceTypesRoutes);
  await app.register(regionsRoutes);
  await app.register(devicesRoutes);
  await app.register(devicesTransferRoutes);
  await app.register(deviceArchivesRoutes);
  await app.register(telemetryRoutes);
  await app.register(monitoringRoutes);
  await app.register(pumpStationsRoutes);
  await app.register(stationLiveRoutes);
  await app.register(stationHistoryRoutes);
  await app.register(stationAnalysisRoutes);
  await app.register(alarmRulesRoutes);
  await app.register(notifyPlugin);
  await app.register(alarmsRoutes);
  await app.register(pumpControlRoutes);
  await app.register(waterQualityPlugin);
  await app.register(camerasPlugin);

  return app;
}
