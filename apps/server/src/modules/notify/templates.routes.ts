import { notifyApi, Permissions } from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationLog } from '../../db/schema/index.ts';
import { auditOf, maskSecrets, route, storableText } from '../../lib/route.ts';
import { createChannelsService } from './channels.service.ts';
import { createPrefsService } from './prefs.service.ts';
import { createTemplatesService } from './templates.service.ts';

/** Message templates, channels and each user's own notification preferences (issue 16). */
export async function templatesRoutes(app: FastifyInstance) {
  const templates = createTemplatesService(app);
  const channels = createChannelsService(app);
  const prefs = createPrefsService(app);
  const view = { permission: Permissions.notifyView };
  const write = { permission: Permissions.notifyTemplateWrite };
  const templateAudit = auditOf('notify-templates');
  const channelAudit = auditOf('notify-channels');

  route(app, notifyApi.templates, { access: view }, (req, ctx) => templates.list(ctx, req.query));
  route(app, notifyApi.updateTemplate, { access: write, audit: templateAudit('update') }, (req, ctx) =>
    templates.update(ctx, req.params.id, req.body),
  );
  route(app, notifyApi.resetTemplate, { access: write, audit: templateAudit('reset') }, (req, ctx) =>
    templates.reset(ctx, req.params.id),
  );
  // Renders a draft with sample values: it reads and writes nothing, so it leaves no operation-log row.
  route(app, notifyApi.previewTemplate, { access: view, audit: false }, async (req) => templates.preview(req.body));

  route(app, notifyApi.channels, { access: view }, (_req, ctx) => channels.list(ctx));
  route(app, notifyApi.updateChannel, { access: write, audit: channelAudit('update') }, (req, ctx) =>
    channels.update(ctx, req.params.channel, req.body),
  );
  // A test sends a real message (an SMS is charged) to the caller. It runs outside a transaction:
  // the delivery worker sends on its own connections (on PGlite a query outside an open transaction
  // waits for it to end), and a webhook may take seconds. Its operation-log row is written once the
  // outcome is known.
  route(app, notifyApi.testChannel, { access: write, audit: false }, async (req, ctx) => {
    const started = performance.now();
    try {
      const outcome = await channels.test(ctx, req.params.channel);
      await logTest(req, { result: 'success', after: { ok: outcome.ok, error: outcome.error }, started });
      return outcome;
    } catch (err) {
      await logTest(req, { result: 'failure', error: err instanceof Error ? err.message : String(err), started });
      throw err;
    }
  });

  route(app, notifyApi.prefs, { access: 'session' }, (_req, ctx) => prefs.get(ctx));
  route(app, notifyApi.updatePrefs, { access: 'session', audit: auditOf('account')('notify-prefs') }, (req, ctx) =>
    prefs.update(ctx, req.body),
  );

  /** The channel test's operation-log row, as `route` writes an audited write's. */
  async function logTest(
    req: FastifyRequest,
    entry: { result: 'success' | 'failure'; after?: unknown; error?: string; started: number },
  ): Promise<void> {
    const params = req.params as { channel: string };
    await app.db
      .insert(operationLog)
      .values({
        userId: req.auth?.userId ?? null,
        username: req.auth?.username ?? '',
        module: 'notify-channels',
        action: 'test',
        targetId: params.channel,
        method: req.method,
        path: storableText(req.url.split('?')[0] ?? req.url),
        params: maskSecrets({ ...params }),
        after: entry.after === undefined ? null : maskSecrets(entry.after),
        result: entry.result,
        error: storableText(entry.error ?? '').slice(0, 500),
        ip: req.ip,
        durationMs: Math.round(performance.now() - entry.started),
        createdAt: app.clock.now(),
      })
      .catch((err: unknown) => req.log.error({ err }, 'operation log write failed'));
  }
}
