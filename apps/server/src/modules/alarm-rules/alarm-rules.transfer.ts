import {
  type AlarmRecipients,
  type AlarmRuleInput,
  type AlarmRuleValues,
  alarmRuleInputSchema,
  type Locale,
  type PortableAlarmRule,
  portableAlarmRuleSchema,
} from '@water/contracts';
import type { Context } from '../../lib/context.ts';
import { issueText } from '../../lib/validation.ts';
import { type Issue, issue, ruleIssues } from './alarm-rules.check.ts';
import { valuesOf } from './alarm-rules.mappers.ts';
import { createAlarmRulesRepository } from './alarm-rules.repository.ts';

type Repo = ReturnType<typeof createAlarmRulesRepository>;
type RuleRecord = Parameters<typeof valuesOf>[0];
type PortableRecipients = PortableAlarmRule['recipients'];

const present = <T>(values: (T | undefined)[]): T[] => values.filter((v): v is T => v !== undefined);

/**
 * Rules as a file another installation can read: the device type, devices, station and region by
 * code, recipients by username, role code and department name. A device or person since removed is
 * left out.
 */
export async function toPortable(repo: Repo, records: RuleRecord[]): Promise<PortableAlarmRule[]> {
  const rules = records.map(valuesOf);
  const people = rules.flatMap((r) => [r.recipients, ...(r.escalation ? [r.escalation.recipients] : [])]);
  const [types, devices, stations, regions, users, departments] = await Promise.all([
    repo.typeCodes([...new Set(rules.map((r) => r.deviceTypeId))]),
    repo.deviceCodes([...new Set(rules.flatMap((r) => r.deviceIds))]),
    repo.stationCodes([...new Set(present(rules.map((r) => r.stationId ?? undefined)))]),
    repo.regionCodes([...new Set(present(rules.map((r) => r.regionId ?? undefined)))]),
    repo.userIds([...new Set(people.flatMap((p) => p.userIds))]),
    repo.departmentIds([...new Set(people.flatMap((p) => p.departmentIds))]),
  ]);
  const recipients = (p: AlarmRecipients): PortableRecipients => ({
    users: present(p.userIds.map((id) => users.get(id))),
    roles: p.roleCodes,
    departments: present(p.departmentIds.map((id) => departments.get(id))),
  });
  return rules.map((r) => ({
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    severity: r.severity,
    deviceType: types.get(r.deviceTypeId) ?? '',
    scope: r.scope,
    devices: present(r.deviceIds.map((id) => devices.get(id))),
    station: r.stationId === null ? null : (stations.get(r.stationId) ?? null),
    region: r.regionId === null ? null : (regions.get(r.regionId) ?? null),
    groups: r.groups,
    durationMinutes: r.durationMinutes,
    repeat: r.repeat,
    schedule: r.schedule,
    clearDeadband: r.clearDeadband,
    clearDelayMinutes: r.clearDelayMinutes,
    throttleMinutes: r.throttleMinutes,
    reminderMinutes: r.reminderMinutes,
    recipients: recipients(r.recipients),
    escalation: r.escalation && {
      afterMinutes: r.escalation.afterMinutes,
      recipients: recipients(r.escalation.recipients),
    },
    sms: r.sms,
  }));
}

/** Where a field of the rule input is in the portable form (ids there, codes and names here). */
const PORTABLE_NAMES: Record<string, string> = {
  deviceTypeId: 'deviceType',
  deviceIds: 'devices',
  stationId: 'station',
  regionId: 'region',
  userIds: 'users',
  roleCodes: 'roles',
  departmentIds: 'departments',
};
const portablePath = (path: PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'string' && Object.hasOwn(PORTABLE_NAMES, p) ? PORTABLE_NAMES[p] : String(p)))
    .join('.');

/**
 * One rule of a file as the rule input, its codes and names resolved to this installation's ids,
 * or the first thing that stops it (a code unknown here).
 */
async function resolve(repo: Repo, p: PortableAlarmRule): Promise<{ input: AlarmRuleInput } | { issue: Issue }> {
  const typeId = await repo.typeByCode(p.deviceType);
  if (typeId === undefined) return { issue: issue(['deviceType'], 'validation.unknownDeviceType') };
  let deviceIds: number[] = [];
  let stationId: number | null = null;
  let regionId: number | null = null;
  if (p.scope === 'devices') {
    const found = await repo.devicesByCode(p.devices);
    const missing = p.devices.findIndex((code) => !found.has(code));
    if (missing >= 0) return { issue: issue(['devices', missing], 'validation.unknownDevice') };
    deviceIds = p.devices.map((code) => found.get(code)!);
  } else if (p.scope === 'station' && p.station !== null) {
    const id = await repo.stationByCode(p.station);
    if (id === undefined) return { issue: issue(['station'], 'validation.unknownStation') };
    stationId = id;
  } else if (p.scope === 'region' && p.region !== null) {
    const id = await repo.regionByCode(p.region);
    if (id === undefined) return { issue: issue(['region'], 'validation.unknownRegion') };
    regionId = id;
  }
  const recipients = async (r: PortableRecipients, at: string[]): Promise<AlarmRecipients | Issue> => {
    // One after another: an import runs in its write's transaction (one connection).
    const users = await repo.usersByName(r.users);
    const departments = await repo.departmentsByName(r.departments);
    const user = r.users.findIndex((name) => !users.has(name.toLowerCase()));
    if (user >= 0) return issue([...at, 'users', user], 'validation.unknownUser');
    const department = r.departments.findIndex((name) => !departments.has(name));
    if (department >= 0) return issue([...at, 'departments', department], 'validation.unknownDepartment');
    return {
      userIds: r.users.map((name) => users.get(name.toLowerCase())!),
      roleCodes: r.roles,
      departmentIds: r.departments.map((name) => departments.get(name)!),
    };
  };
  const told = await recipients(p.recipients, ['recipients']);
  if ('path' in told) return { issue: told };
  let escalation: AlarmRuleInput['escalation'] = null;
  if (p.escalation) {
    const later = await recipients(p.escalation.recipients, ['escalation', 'recipients']);
    if ('path' in later) return { issue: later };
    escalation = { afterMinutes: p.escalation.afterMinutes, recipients: later };
  }
  return {
    input: {
      name: p.name,
      description: p.description,
      enabled: p.enabled,
      severity: p.severity,
      deviceTypeId: typeId,
      scope: p.scope,
      deviceIds,
      stationId,
      regionId,
      groups: p.groups,
      durationMinutes: p.durationMinutes,
      repeat: p.repeat,
      schedule: p.schedule,
      clearDeadband: p.clearDeadband,
      clearDelayMinutes: p.clearDelayMinutes,
      throttleMinutes: p.throttleMinutes,
      reminderMinutes: p.reminderMinutes,
      recipients: told,
      escalation,
      sms: p.sms,
    },
  };
}

export interface ImportError {
  index: number;
  name: string;
  field: string;
  msg: string;
}

/**
 * One entry of an imported file checked as a new rule would be: the portable schema, its codes
 * resolved here, the rule input's schema, then the same checks as a create. Answers the rule's
 * values, or its first fault (the field in the file's terms) in the caller's language.
 */
export async function importedRule(
  ctx: Context,
  raw: unknown,
  index: number,
): Promise<{ values: AlarmRuleValues } | { error: ImportError }> {
  const locale: Locale = ctx.locale;
  const rawName =
    raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string'
      ? (raw as { name: string }).name.slice(0, 60)
      : '';
  const fail = (i: Issue, name: string) => ({
    error: { index, name, field: portablePath(i.path), msg: issueText(i, locale) },
  });
  const portable = portableAlarmRuleSchema.safeParse(raw, { reportInput: true });
  if (!portable.success) return fail(portable.error.issues[0]!, rawName);
  const name = portable.data.name;
  const resolved = await resolve(createAlarmRulesRepository(ctx.db), portable.data);
  if ('issue' in resolved) return fail(resolved.issue, name);
  const parsed = alarmRuleInputSchema.safeParse(resolved.input, { reportInput: true });
  if (!parsed.success) return fail(parsed.error.issues[0]!, name);
  const issues = await ruleIssues(ctx, parsed.data);
  if (issues.length) return fail(issues[0]!, name);
  return { values: parsed.data };
}
