import {
  type AlarmConditionInput,
  type AlarmRuleInput,
  type AlarmSeverity,
  alarmRuleInputSchema,
  type OfflineRuleInput,
  offlineRuleInputSchema,
  ROLE_ADMIN,
  thingModelSchema,
} from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import { ruleValues } from '../../modules/alarm-rules/alarm-rules.mappers.ts';
import { DEFAULT_OFFLINE_AFTER_SECONDS } from '../../modules/telemetry/telemetry.repository.ts';
import type { Queryable } from '../client.ts';
import { alarmOfflineRules, alarmRules, departments, devices, deviceTypes, stations } from '../schema/index.ts';
import { builtinDeviceTypes } from './device-types.ts';
import { markSeeded, seededKeys } from './marks.ts';

/**
 * Each built-in type's offline timeout: its thing model's (the telemetry sweep's figure, 600 s by
 * default), stricter for a station's gateway (the station's one link: silent three minutes, the
 * station is blind) and its camera (a dark camera is noticed at once).
 */
const STRICTER: Record<string, number> = { gateway: 180, camera: 300 };
/** Losing sight of a station's pumps or wet well is dangerous: critical, and by SMS too. */
const CRITICAL_OFFLINE = new Set(['pump_controller', 'level_gauge']);

/** The offline rule of a built-in type, as an administrator would enter it. */
export function builtinOfflineRule(typeCode: string, typeId: number, model: unknown): OfflineRuleInput {
  const own = thingModelSchema.safeParse(model).data?.offlineAfterSeconds ?? DEFAULT_OFFLINE_AFTER_SECONDS;
  const critical = CRITICAL_OFFLINE.has(typeCode);
  return {
    deviceTypeId: typeId,
    deviceId: null,
    enabled: true,
    timeoutSeconds: Math.min(own, STRICTER[typeCode] ?? own),
    deadbandSeconds: 60,
    severity: critical ? 'critical' : 'major',
    recipients: { userIds: [], roleCodes: [ROLE_ADMIN], departmentIds: [] },
    sms: critical,
  };
}

/**
 * The offline rule of each built-in device type: sensible for any installation (a communication
 * failure must never read as normal), so seeded with or without the demo. Once per type (mark
 * `alarm-offline-rule:{code}`): a rule an administrator changed or removed stays so, and a type
 * that already has a rule of its own keeps it.
 */
export async function seedOfflineRules(db: Queryable, now: Date): Promise<void> {
  const keys = builtinDeviceTypes.map((t) => `alarm-offline-rule:${t.code}`);
  const done = await seededKeys(db, keys);
  const todo = builtinDeviceTypes.filter((t) => !done.has(`alarm-offline-rule:${t.code}`)).map((t) => t.code);
  if (todo.length === 0) return;
  await markSeeded(db, keys);
  const types = await db
    .select({ id: deviceTypes.id, code: deviceTypes.code, model: deviceTypes.model })
    .from(deviceTypes)
    .where(inArray(deviceTypes.code, todo));
  if (types.length === 0) return;
  await db
    .insert(alarmOfflineRules)
    .values(
      types.map((t) => ({
        ...offlineRuleInputSchema.parse(builtinOfflineRule(t.code, t.id, t.model)),
        createdAt: now,
        updatedAt: now,
      })),
    )
    // One type rule per type (a partial unique index): a type that has one keeps it.
    .onConflictDoNothing();
}

/** Who the demo rules tell, by the demo organisation's names (resolved to ids when seeded). */
type Crew = '泵站运维班' | '管网巡检班' | '水质检测中心' | '调度中心';

/** A demo rule before its ids are known: its device type and scope by code, its crews by name. */
export interface DemoRule {
  key: string;
  type: string;
  /** Scope 'devices': the devices of the type these codes match. */
  devices?: (code: string, stationKind: string | null) => boolean;
  crews: Crew[];
  /** Escalate to the administrators after so many minutes unacknowledged (the crew is told first). */
  escalateAfter?: number;
  rule: Omit<AlarmRuleInput, 'deviceTypeId' | 'scope' | 'deviceIds' | 'recipients' | 'escalation' | 'severity'> & {
    severity: AlarmSeverity;
  };
}

const cmp = (
  metric: string,
  op: 'gt' | 'ge' | 'lt' | 'le' | 'eq',
  value: number | boolean,
  setpoint: 'highAlarmLevel' | 'lowAlarmLevel' | null = null,
): AlarmConditionInput => ({ kind: 'compare', metric, op, value, setpoint });
const range = (metric: string, op: 'between' | 'outside', min: number, max: number): AlarmConditionInput => ({
  kind: 'range',
  metric,
  op,
  min,
  max,
});
const event = (key: string): AlarmConditionInput => ({ kind: 'event', event: key });
/** OR of single conditions: each group one condition. */
const anyOf = (...conditions: AlarmConditionInput[]) => conditions.map((c) => ({ conditions: [c] }));

const isPump = (code: string) => /^PS\d\d-P\d+$/.test(code);

/**
 * The demo city's default rules: what a drainage and supply utility watches, with thresholds set
 * against the demo plant (db/seed/demo-pump-stations.ts, simulator/city.ts) and the standards that
 * apply where each instrument sits. Names and descriptions are the operators' own text, in Chinese.
 */
export const DEMO_ALARM_RULES: DemoRule[] = [
  {
    key: 'high-level',
    type: 'level_gauge',
    crews: ['泵站运维班', '调度中心'],
    rule: {
      name: '前池高液位',
      description:
        '前池液位达到所在泵站配置的高液位报警值（未配置时 4.0 m）并持续 1 分钟；回落到报警值以下 0.1 m 并保持 2 分钟后自动解除。',
      severity: 'major',
      groups: anyOf(cmp('level', 'ge', 4, 'highAlarmLevel')),
      durationMinutes: 1,
      clearDeadband: 0.1,
      clearDelayMinutes: 2,
    },
  },
  {
    key: 'very-high-level',
    type: 'level_gauge',
    crews: ['泵站运维班', '调度中心'],
    rule: {
      name: '前池超高液位',
      description:
        '前池液位达到 5.0 m：比各演示泵站的高液位报警值（3.5–4.5 m）高 0.5 m 以上，距最浅的前池池顶（6 m）约 1 m，有漫溢、淹泵房的危险。池深不同的泵站请复制本规则，按该站池顶减 1 m 设定并限定到该站。未确认每 15 分钟提醒，并发短信。',
      severity: 'critical',
      groups: anyOf(cmp('level', 'ge', 5)),
      durationMinutes: 1,
      clearDeadband: 0.1,
      clearDelayMinutes: 2,
      reminderMinutes: 15,
      sms: true,
    },
  },
  {
    key: 'low-level',
    type: 'level_gauge',
    crews: ['泵站运维班'],
    rule: {
      name: '前池低液位',
      description:
        '前池液位降到所在泵站配置的低液位报警值（未配置时 0.9 m）并持续 2 分钟：接近干转保护水位，检查水泵是否停泵、液位计是否正常。',
      severity: 'minor',
      groups: anyOf(cmp('level', 'le', 0.9, 'lowAlarmLevel')),
      durationMinutes: 2,
      clearDeadband: 0.1,
      clearDelayMinutes: 2,
    },
  },
  {
    key: 'pump-trip',
    type: 'pump_controller',
    crews: ['泵站运维班'],
    escalateAfter: 10,
    rule: {
      name: '水泵故障跳闸',
      description:
        '控制器上报水泵故障事件（过载、缺相等），或故障信号为真。现场复位后故障信号恢复并保持 5 分钟自动解除。先通知泵站运维班，未确认每 15 分钟提醒，10 分钟未确认升级通知管理员，并发短信。',
      severity: 'critical',
      groups: anyOf(event('pump_fault'), cmp('fault', 'eq', true)),
      clearDelayMinutes: 5,
      reminderMinutes: 15,
      sms: true,
    },
  },
  {
    key: 'sewage-pump-overload',
    type: 'pump_controller',
    devices: (code, kind) => isPump(code) && kind === 'sewage',
    crews: ['泵站运维班'],
    rule: {
      name: '污水泵过载',
      description:
        '污水泵站水泵（额定 12–19 kW，380 V 满载电流约 25–37 A）电流持续 2 分钟超过 42 A，约为最大一台满载电流的 115%，多为叶轮缠绕杂物（湿巾、布条），应安排清理；电流回落到 40 A 以下 2 分钟后解除。',
      severity: 'major',
      groups: anyOf(cmp('current', 'gt', 42)),
      durationMinutes: 2,
      clearDeadband: 2,
      clearDelayMinutes: 2,
    },
  },
  {
    key: 'storm-pump-overload',
    type: 'pump_controller',
    devices: (code, kind) => isPump(code) && kind !== 'sewage',
    crews: ['泵站运维班'],
    rule: {
      name: '雨水泵过载',
      description:
        '雨水及雨污合建泵站水泵（额定 28–35 kW，380 V 满载电流约 52–65 A）电流持续 2 分钟超过 70 A，约为最大一台满载电流的 107%，检查叶轮是否被杂物卡阻；电流回落到 67 A 以下 2 分钟后解除。',
      severity: 'major',
      groups: anyOf(cmp('current', 'gt', 70)),
      durationMinutes: 2,
      clearDeadband: 3,
      clearDelayMinutes: 2,
    },
  },
  {
    key: 'cover-open',
    type: 'manhole_cover_sensor',
    crews: ['管网巡检班'],
    rule: {
      name: '井盖开启',
      description:
        '井盖传感器上报开启事件，或开启信号为真，或倾角在 15°–90° 之间：井盖被掀开、移位或丢失，有行人车辆坠落危险，请就近派人到场。超出 90° 量程的倾角读数是传感器故障，不算开启。恢复后保持 5 分钟自动解除。',
      severity: 'major',
      groups: anyOf(event('cover_open'), cmp('open', 'eq', true), range('tilt', 'between', 15, 90)),
      clearDeadband: 1,
      clearDelayMinutes: 5,
    },
  },
  // No rule for the supply network's analysers: they measure at the water-quality sites (TAP-01…04), whose
  // GB 5749-2022 tap limits judge every reading and alarm an exceedance (issue 18). A rule beside them
  // raised a second alarm for the same event.
  {
    key: 'inlet-quality',
    type: 'water_quality_analyser',
    devices: (code, kind) => kind === 'sewage' && /^PS\d\d-WQ\d+$/.test(code),
    crews: ['水质检测中心', '泵站运维班'],
    rule: {
      name: '泵站进水水质异常',
      description:
        '污水泵站进水（排水户排入下水道的污水），按 GB/T 31962-2015《污水排入城镇下水道水质标准》A、B 级：pH 6.5–9.5，氨氮不超过 45 mg/L，化学需氧量不超过 500 mg/L。超出多为工业废水偷排，持续 5 分钟即报警，请通知排水管理部门溯源；恢复后保持 10 分钟解除。（GB 18918 一级 A 是污水厂出水标准，不适用于进水。）',
      severity: 'major',
      groups: anyOf(range('ph', 'outside', 6.5, 9.5), cmp('ammonia', 'gt', 45), cmp('cod', 'gt', 500)),
      durationMinutes: 5,
      clearDeadband: 0.1,
      clearDelayMinutes: 10,
    },
  },
  {
    key: 'heavy-rain',
    type: 'rain_gauge',
    crews: ['调度中心'],
    rule: {
      name: '短时强降水',
      description:
        '雨强达到 20 mm/h 并持续 10 分钟，即中国气象局短时强降水标准（1 小时雨量 ≥ 20 mm）：提醒调度提前开泵腾空前池、安排巡查易涝点。雨强回落到 15 mm/h 以下 15 分钟后解除。',
      severity: 'warning',
      groups: anyOf(cmp('intensity', 'ge', 20)),
      durationMinutes: 10,
      clearDeadband: 5,
      clearDelayMinutes: 15,
    },
  },
  {
    key: 'mains-lost',
    type: 'gateway',
    crews: ['泵站运维班', '调度中心'],
    rule: {
      name: '网关市电中断',
      description:
        '站端网关上报市电中断事件，或供电电压低于 23 V（24 V 直流电源转由后备电池供电）：泵站水泵无法运行，前池液位将持续上涨。电压恢复后保持 5 分钟解除。未确认每 15 分钟提醒，并发短信。',
      severity: 'critical',
      groups: anyOf(event('power_loss'), cmp('supply_voltage', 'lt', 23)),
      clearDeadband: 0.3,
      clearDelayMinutes: 5,
      reminderMinutes: 15,
      sms: true,
    },
  },
];

/**
 * The demo city's default rules (DEMO_ALARM_RULES), each once (mark `demo:alarm-rule:{key}`): a rule
 * an administrator changed or removed stays so. A rule whose type or chosen devices are gone is left
 * out. Rows go straight into alarm_rules as the rule API would write them (alarmRuleInputSchema,
 * then the API's ruleValues).
 */
export async function seedDemoAlarmRules(db: Queryable, now: Date): Promise<void> {
  const keys = DEMO_ALARM_RULES.map((r) => `demo:alarm-rule:${r.key}`);
  const done = await seededKeys(db, keys);
  const todo = DEMO_ALARM_RULES.filter((r) => !done.has(`demo:alarm-rule:${r.key}`));
  if (todo.length === 0) return;
  await markSeeded(db, keys);

  const types = new Map(
    (
      await db
        .select({ id: deviceTypes.id, code: deviceTypes.code })
        .from(deviceTypes)
        .where(inArray(deviceTypes.code, [...new Set(todo.map((r) => r.type))]))
    ).map((t) => [t.code, t.id]),
  );
  const crews = new Map(
    (
      await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(inArray(departments.name, [...new Set(todo.flatMap((r) => r.crews))]))
    ).map((d) => [d.name, d.id]),
  );
  const demoDevices = await db
    .select({ id: devices.id, code: devices.code, typeId: devices.typeId, stationKind: stations.kind })
    .from(devices)
    .leftJoin(stations, eq(stations.id, devices.stationId))
    .where(inArray(devices.typeId, [...types.values()]));

  const rows = todo.flatMap((r) => {
    const typeId = types.get(r.type);
    if (typeId === undefined) return [];
    const deviceIds = r.devices
      ? demoDevices.filter((d) => d.typeId === typeId && r.devices!(d.code, d.stationKind)).map((d) => d.id)
      : [];
    if (r.devices && deviceIds.length === 0) return [];
    const departmentIds = r.crews.flatMap((name) => (crews.has(name) ? [crews.get(name)!] : []));
    const admins = { userIds: [], roleCodes: [ROLE_ADMIN], departmentIds: [] };
    const input: AlarmRuleInput = {
      ...r.rule,
      deviceTypeId: typeId,
      scope: r.devices ? 'devices' : 'type',
      deviceIds,
      // The crew that acts on it, with the administrators; escalation to them when they are told later.
      recipients: r.escalateAfter
        ? departmentIds.length
          ? { userIds: [], roleCodes: [], departmentIds }
          : admins
        : { userIds: [], roleCodes: [ROLE_ADMIN], departmentIds },
      escalation: r.escalateAfter ? { afterMinutes: r.escalateAfter, recipients: admins } : null,
    };
    return [{ ...ruleValues(alarmRuleInputSchema.parse(input)), createdAt: now, updatedAt: now }];
  });
  if (rows.length > 0) await db.insert(alarmRules).values(rows);
}
