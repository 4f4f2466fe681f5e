import { camerasApi as api, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createCamerasService } from './cameras.service.ts';
import { createLayoutsService } from './layouts.service.ts';
import { createPlatformsService } from './platforms.service.ts';
import { createSharesService } from './shares.service.ts';
import { videoKey } from './video/keys.ts';

/**
 * Cameras (issue 19, `/bz/cameraList`, `/bz/camera`, `/bz/cameraDetails`): every operator reads the
 * cameras of their regions and keeps their own layouts; registering cameras and the video platforms
 * needs video:camera:write (the platforms are configuration: reading them too), public links
 * video:camera:share. A public link opens its one camera without a session.
 */
export async function camerasRoutes(app: FastifyInstance) {
  const cameras = createCamerasService(app);
  const platforms = createPlatformsService(app);
  const layouts = createLayoutsService(app);
  const shares = createSharesService(app);
  const write = { permission: Permissions.cameraWrite };
  const share = { permission: Permissions.cameraShare };
  const audit = auditOf('cameras');

  // The signing key is read before any write needs it inside its transaction (PGlite runs one at a time).
  // A database away at start (a PostgreSQL server restarting) must not stop the server: the key is read
  // again when first needed (a server database has more than one connection).
  app.addHook('onReady', async () => {
    await videoKey(app.database).catch((err: unknown) =>
      app.log.warn({ err }, 'cameras: the video signing key could not be read at start; read when first needed'),
    );
  });

  route(app, api.list, { access: 'session' }, (req, ctx) => cameras.list(ctx, req.query));
  route(app, api.tree, { access: 'session' }, (_req, ctx) => cameras.tree(ctx));
  route(app, api.get, { access: 'session' }, (req, ctx) => cameras.get(ctx, req.params.id));
  route(app, api.create, { access: write, audit: audit('camera.create') }, (req, ctx) => cameras.create(ctx, req.body));
  route(app, api.update, { access: write, audit: audit('camera.update') }, (req, ctx) =>
    cameras.update(ctx, req.params.id, req.body),
  );
  route(app, api.setEnabled, { access: write, audit: audit('camera.status') }, (req, ctx) =>
    cameras.setEnabled(ctx, req.params.id, req.body.enabled),
  );
  route(app, api.remove, { access: write, audit: audit('camera.delete') }, (req, ctx) =>
    cameras.remove(ctx, req.params.id),
  );

  route(app, api.platforms, { access: write }, (_req, ctx) => platforms.list(ctx));
  route(app, api.createPlatform, { access: write, audit: audit('platform.create') }, (req, ctx) =>
    platforms.create(ctx, req.body),
  );
  route(app, api.updatePlatform, { access: write, audit: audit('platform.update') }, (req, ctx) =>
    platforms.update(ctx, req.params.id, req.body),
  );
  route(app, api.deletePlatform, { access: write, audit: audit('platform.delete') }, (req, ctx) =>
    platforms.remove(ctx, req.params.id),
  );

  // The caller's own layouts: a write of their own settings, logged like any other.
  route(app, api.layouts, { access: 'session' }, (_req, ctx) => layouts.list(ctx));
  route(app, api.createLayout, { access: 'session', audit: audit('layout.create') }, (req, ctx) =>
    layouts.create(ctx, req.body),
  );
  route(app, api.updateLayout, { access: 'session', audit: audit('layout.update') }, (req, ctx) =>
    layouts.update(ctx, req.params.id, req.body),
  );
  route(app, api.deleteLayout, { access: 'session', audit: audit('layout.delete') }, (req, ctx) =>
    layouts.remove(ctx, req.params.id),
  );

  route(app, api.shares, { access: share }, (req, ctx) => shares.list(ctx, req.params.id));
  route(app, api.share, { access: share, audit: audit('camera.share') }, (req, ctx) =>
    shares.create(ctx, req.params.id, req.body),
  );
  route(app, api.revokeShare, { access: share, audit: audit('camera.share-revoke') }, (req, ctx) =>
    shares.revoke(ctx, req.params.id, req.params.shareId),
  );
  // A read for anyone holding a link: not logged (its making was), and limited per address.
  route(app, api.publicView, { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, (req, ctx) =>
    shares.view(ctx, req.query.token),
  );
}
