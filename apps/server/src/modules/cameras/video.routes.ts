import { camerasApi, Permissions, PTZ_SOURCE_KINDS } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cameras } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { businessError, notFound } from '../../lib/errors.ts';
import { auditOf, route } from '../../lib/route.ts';
import { ezvizPtz } from './video/ezviz.ts';
import { playOf } from './video/play.ts';
import { probeSource } from './video/probe.ts';
import './video/rtsp.ts';
import { wvpPtz } from './video/wvp.ts';

const audit = auditOf('cameras');

/** A camera the caller may see (its region within their scope), else 404. */
async function visibleCamera(ctx: Context, id: number) {
  const [camera] = await ctx.db.select().from(cameras).where(eq(cameras.id, id));
  if (!camera || !inRegionScope(await ctx.scope(), camera.regionId)) throw notFound();
  return camera;
}

/**
 * Playing, PTZ and source checks (issue 19). The play answer is the only way a browser learns a
 * stream's address: a ticketed path on this server, a platform's short-lived address, or the stored
 * URL; never a credential.
 */
export async function videoRoutes(app: FastifyInstance) {
  route(app, camerasApi.play, { access: 'session' }, async (req, ctx) => {
    const camera = await visibleCamera(ctx, req.params.id);
    if (!camera.enabled) throw businessError(409, 'camera.disabled');
    return playOf(app, camera);
  });

  route(
    app,
    camerasApi.ptz,
    { access: { permission: Permissions.cameraPtz }, audit: audit('camera.ptz') },
    async (req, ctx) => {
      const camera = await visibleCamera(ctx, req.params.id);
      if (!camera.enabled) throw businessError(409, 'camera.disabled');
      if (!camera.ptz || !PTZ_SOURCE_KINDS.includes(camera.sourceKind as never))
        throw businessError(409, 'camera.ptzUnsupported');
      ctx.audit({ targetId: camera.id, after: { code: camera.code, ...req.body } });
      const drive = camera.sourceKind === 'ezviz' ? ezvizPtz : wvpPtz;
      await drive(app, ctx.db, camera, req.body.command, req.body.speed);
      return null;
    },
  );

  // A check, not a write: nothing is stored (the periodic status check stores what it finds).
  route(app, camerasApi.probe, { access: { permission: Permissions.cameraWrite }, audit: false }, async (req, ctx) => {
    const body = req.body;
    const stored = body.cameraId === null ? null : await visibleCamera(ctx, body.cameraId);
    const result = await probeSource(app, {
      ...body,
      password: body.password ?? stored?.password ?? '',
    });
    return { ok: result.ok, detail: t(req.locale, result.detail.key, result.detail.params), ms: result.ms };
  });
}
