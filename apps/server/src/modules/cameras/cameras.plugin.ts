import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startCameraStatus } from './camera-status.ts';
import { camerasRoutes } from './cameras.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { keepVideoSources } from './video/csp.ts';
import { RtspConversions } from './video/rtsp.ts';
import { videoRoutes } from './video.routes.ts';

/**
 * Cameras (issue 19): the registry, platform accounts, layouts and public links (cameras.routes.ts);
 * playing, PTZ and source checks (video.routes.ts); this server's own streams, the demo clips and RTSP
 * conversions (media.routes.ts, `/api/media/…`, ticketed).
 */
export const camerasPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('rtspConversions', new RtspConversions(app));
  app.decorate('cameraStatus', startCameraStatus(app));
  app.addHook('onClose', async () => {
    await app.cameraStatus.stop();
    await app.rtspConversions.close();
  });
  await app.register(camerasRoutes);
  await app.register(videoRoutes);
  await app.register(mediaRoutes);
  keepVideoSources(app);
});
