import type {
  AlarmCondition,
  AlarmRecipients,
  AlarmRuleValues,
  MetricSpec,
  ThingModel,
  ValidationMessageKey,
} from '@water/contracts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { together } from '../../lib/together.ts';
import type { RequestValidationError } from '../../lib/validation.ts';
import { modelOf } from '../pump-stations/pump-stations.mappers.ts';
import { createAlarmRulesRepository } from './alarm-rules.repository.ts';

export type Issue = RequestValidationError['issues'][number];
type Path = (string | number)[];

export const issue = (path: Path, message: ValidationMessageKey): Issue => ({
  code: 'custom',
  path,
  message,
  input: undefined,
});

const NUMERIC = new Set(['number', 'integer']);

/**
 * A condition against the metric's data type: numbers take every comparison (a number, or a
 * station set-point), ranges and rates; booleans, enums and strings only = and ≠ with a value of
 * their kind (an enum's one of its options); any metric may be watched for silence.
 */
function conditionIssues(c: AlarmCondition, model: ThingModel, at: Path): Issue[] {
  if (c.kind === 'event') {
    return model.events.some((e) => e.key === c.event) ? [] : [issue([...at, 'event'], 'validation.unknownEvent')];
  }
  const metric: MetricSpec | undefined = model.metrics.find((m) => m.key === c.metric);
  if (!metric) return [issue([...at, 'metric'], 'validation.unknownMetric')];
  const numeric = NUMERIC.has(metric.dataType);
  switch (c.kind) {
    case 'nodata':
      return [];
    case 'range':
    case 'rate':
      return numeric ? [] : [issue([...at, 'metric'], 'validation.metricWrongType')];
    case 'compare': {
      if (numeric) {
        return typeof c.value === 'number' ? [] : [issue([...at, 'value'], 'validation.valueWrongType')];
      }
      const issues: Issue[] = [];
      if (c.op !== 'eq' && c.op !== 'ne') issues.push(issue([...at, 'op'], 'validation.metricWrongType'));
      if (c.setpoint !== null) issues.push(issue([...at, 'setpoint'], 'validation.metricWrongType'));
      const fits =
        metric.dataType === 'boolean'
          ? typeof c.value === 'boolean'
          : typeof c.value === 'string' &&
            (metric.dataType !== 'enum' || metric.options.some((o) => o.value === c.value));
      if (!fits) issues.push(issue([...at, 'value'], 'validation.valueWrongType'));
      return issues;
    }
  }
}

/** Recipients that exist: users, role codes, departments, each at its own path. */
async function recipientIssues(ctx: Context, r: AlarmRecipients, at: Path): Promise<Issue[]> {
  const repo = createAlarmRulesRepository(ctx.db);
  const [userIds, roleCodes, departmentIds] = await together(
    ctx.db,
    () => repo.userIds(r.userIds),
    () => repo.roleCodes(r.roleCodes),
    () => repo.departmentIds(r.departmentIds),
  );
  return [
    ...r.userIds.flatMap((id, i) => (userIds.has(id) ? [] : [issue([...at, 'userIds', i], 'validation.unknownUser')])),
    ...r.roleCodes.flatMap((code, i) =>
      roleCodes.has(code) ? [] : [issue([...at, 'roleCodes', i], 'validation.unknownRole')],
    ),
    ...r.departmentIds.flatMap((id, i) =>
      departmentIds.has(id) ? [] : [issue([...at, 'departmentIds', i], 'validation.unknownDepartment')],
    ),
  ];
}

export const checkRecipients = (ctx: Context, r: AlarmRecipients, at: Path = ['recipients']) =>
  recipientIssues(ctx, r, at);

/**
 * What the contract cannot check of a rule, each a 400 naming its field: the device type exists and
 * its thing model has every metric and event the conditions name, each condition suits its metric's
 * data type; the scope's devices are in service, of the type and within the caller's region limit,
 * its station too, its region exists (and is within the limit); every recipient exists.
 */
export async function ruleIssues(ctx: Context, v: AlarmRuleValues): Promise<Issue[]> {
  const repo = createAlarmRulesRepository(ctx.db);
  const scope = await ctx.scope();
  const issues: Issue[] = [];
  const type = await repo.deviceType(v.deviceTypeId);
  if (!type) issues.push(issue(['deviceTypeId'], 'validation.unknownDeviceType'));
  else {
    const model = modelOf(type.model);
    v.groups.forEach((g, gi) => {
      g.conditions.forEach((c, ci) => {
        issues.push(...conditionIssues(c, model, ['groups', gi, 'conditions', ci]));
      });
    });
  }

  if (v.scope === 'devices') {
    const found = await repo.devicesOf(v.deviceIds);
    v.deviceIds.forEach((id, i) => {
      const d = found.get(id);
      if (!d || d.archivedAt !== null || !inRegionScope(scope, d.regionId)) {
        issues.push(issue(['deviceIds', i], 'validation.unknownDevice'));
      } else if (type && d.typeId !== type.id) issues.push(issue(['deviceIds', i], 'validation.deviceOfOtherType'));
    });
  } else if (v.scope === 'station' && v.stationId !== null) {
    const station = await repo.station(v.stationId);
    if (!station || !inRegionScope(scope, station.regionId)) {
      issues.push(issue(['stationId'], 'validation.unknownStation'));
    }
  } else if (v.scope === 'region' && v.regionId !== null) {
    const region = await repo.region(v.regionId);
    if (!region || !inRegionScope(scope, region.id)) issues.push(issue(['regionId'], 'validation.unknownRegion'));
  }

  issues.push(...(await recipientIssues(ctx, v.recipients, ['recipients'])));
  if (v.escalation) {
    issues.push(...(await recipientIssues(ctx, v.escalation.recipients, ['escalation', 'recipients'])));
  }
  return issues;
}
