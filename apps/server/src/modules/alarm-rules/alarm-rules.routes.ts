import { alarmRulesApi, offlineRulesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createAlarmRulesService } from './alarm-rules.service.ts';
import { createOfflineRulesService } from './offline-rules.service.ts';

export async function alarmRulesRoutes(app: FastifyInstance) {
  const rules = createAlarmRulesService(app);
  const offline = createOfflineRulesService(app);
  // The rule screens are administrators': reading the rules needs the same permission as writing them.
  const write = { permission: Permissions.alarmRuleWrite };
  const audit = auditOf('alarm-rules');

  route(app, alarmRulesApi.list, { access: write }, (req, ctx) => rules.list(ctx, req.query));
  route(app, alarmRulesApi.exportRules, { access: write }, (req, ctx) => rules.exportRules(ctx, req.query.ids));
  route(app, alarmRulesApi.get, { access: write }, (req, ctx) => rules.get(ctx, req.params.id));
  route(app, alarmRulesApi.create, { access: write, audit: audit('create') }, (req, ctx) =>
    rules.create(ctx, req.body),
  );
  route(app, alarmRulesApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    rules.update(ctx, req.params.id, req.body),
  );
  route(app, alarmRulesApi.setEnabled, { access: write, audit: audit('status') }, (req, ctx) =>
    rules.setEnabled(ctx, req.params.id, req.body.enabled),
  );
  route(app, alarmRulesApi.copy, { access: write, audit: audit('copy') }, (req, ctx) => rules.copy(ctx, req.params.id));
  route(app, alarmRulesApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    rules.remove(ctx, req.params.id),
  );
  route(app, alarmRulesApi.importRules, { access: write, audit: audit('import') }, (req, ctx) =>
    rules.importRules(ctx, req.body),
  );
  // A replay of stored readings: it reads and writes nothing, so it leaves no operation-log row.
  route(app, alarmRulesApi.preview, { access: write, audit: false }, (req, ctx) => rules.preview(ctx, req.body));

  route(app, offlineRulesApi.list, { access: write }, (req, ctx) => offline.list(ctx, req.query));
  route(app, offlineRulesApi.create, { access: write, audit: audit('offline-rule.create') }, (req, ctx) =>
    offline.create(ctx, req.body),
  );
  route(app, offlineRulesApi.update, { access: write, audit: audit('offline-rule.update') }, (req, ctx) =>
    offline.update(ctx, req.params.id, req.body),
  );
  route(app, offlineRulesApi.remove, { access: write, audit: audit('offline-rule.delete') }, (req, ctx) =>
    offline.remove(ctx, req.params.id),
  );
}
