import { API_BASE, envelope, Permissions, publicApi, stationLiveApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { authenticate } from '../../plugins/auth.ts';
import { startStationLivePush } from './station-live.push.ts';
import { createStationLiveService } from './station-live.service.ts';

/** Per IP: a wall display polls every 10 s (6 a minute); an office behind one address has room for dozens. */
export const PUBLIC_OVERVIEW_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/**
 * Live pump stations (issue 14): the real-time list and a station's mimic and trend, for any
 * signed-in user within their region limit; the public home's aggregates for anyone (unless an
 * administrator switched it off) and that switch; station updates pushed over the live channel.
 */
export async function stationLiveRoutes(app: FastifyInstance) {
  const live = createStationLiveService(app);
  const settings = { permission: Permissions.systemSettingWrite };

  route(app, stationLiveApi.list, { access: 'session' }, (req, ctx) => live.list(ctx, req.query));
  route(app, stationLiveApi.get, { access: 'session' }, (req, ctx) => live.get(ctx, req.params.id));
  route(app, stationLiveApi.trend, { access: 'session' }, (req, ctx) =>
    live.trend(ctx, req.params.id, req.query.hours),
  );

  // No sign-in (unless an administrator switched public access off): only aggregates (see the contract's publicOverviewSchema), cached a few seconds, and
  // its own per-IP limit. The web polls it (PUBLIC_OVERVIEW_POLL_MS): the live channel stays for
  // signed-in sessions only, and one cached answer serves every wall screen alike. Registered by hand,
  // not with route(): it sends the cached envelope's JSON text (made once per computation, checked
  // against the schema in the module's tests), gzipped once too, instead of validating, serialising and
  // compressing it per viewer.
  const overview = publicApi.overview;
  app.route({
    method: overview.method,
    url: API_BASE + overview.path,
    config: { access: 'public', audit: false, rateLimit: PUBLIC_OVERVIEW_RATE_LIMIT },
    // Gzipped once per computation (below): the compression plugin's hooks have nothing to do here.
    compress: false,
    schema: { summary: overview.summary, tags: [...overview.tags], response: { 200: envelope(overview.data) } },
    handler: async (req, reply) => {
      // Switched off, the home is no longer public but stays the landing page of a signed-in user.
      const signedIn = () =>
        authenticate(app, req).then(
          () => true,
          () => false,
        );
      const body = await live.publicOverviewBody(req.locale, signedIn);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(body.gzip);
      }
      return reply.send(body.text);
    },
  });
  route(app, publicApi.getSetting, { access: settings }, (_req, ctx) => live.publicHome(ctx));
  route(
    app,
    publicApi.setSetting,
    { access: settings, audit: { module: 'system', action: 'public-home' } },
    (req, ctx) => live.setPublicHome(ctx, req.body.enabled),
  );

  const stop = startStationLivePush(app, live);
  app.addHook('onClose', async () => stop());
}
