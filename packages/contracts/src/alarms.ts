import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { dateTimeSchema, idListQuery, idSchema, plainText, text } from './common/validation.ts';

const ruleTags = ['alarm-rules'] as const;
const tags = ['alarms'] as const;

/**
 * Alarms (issue 15): rules on thing-model metrics and events, offline rules, and the alarm lifecycle
 * (ThingsBoard's four states: active or cleared, acknowledged or not).
 */

/** Most to least urgent; the order the console sorts and colours by. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning', 'info'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** The four states of an alarm: two independent flags, active/cleared and acknowledged/not. */
export const ALARM_STATES = ['active-unack', 'active-ack', 'cleared-unack', 'cleared-ack'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/**
 * What raised an alarm: a rule's conditions, a device losing communication (an offline rule), or a
 * water-quality result beyond its site's limit (issue 18: raised by a site and parameter, online or
 * from the lab; no rule, and no device for a lab result).
 */
export const ALARM_KINDS = ['rule', 'offline', 'water_quality'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

export const COMPARE_OPS = ['gt', 'ge', 'lt', 'le', 'eq', 'ne'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export const RANGE_OPS = ['between', 'outside'] as const;
export type RangeOp = (typeof RANGE_OPS)[number];
export const RATE_DIRECTIONS = ['rise', 'fall', 'either'] as const;
export type RateDirection = (typeof RATE_DIRECTIONS)[number];

/**
 * A station set-point a compare condition may take its threshold from, so that one rule serves
 * stations whose wells differ (the level gauge's station's high-alarm level, not one fixed metre).
 */
export const STATION_SETPOINTS = ['highAlarmLevel', 'lowAlarmLevel', 'protectionLevel'] as const;
export type StationSetpoint = (typeof STATION_SETPOINTS)[number];

/** Which devices of the rule's type it watches: all, chosen ones, one station's, one region's (and below). */
export const RULE_SCOPES = ['type', 'devices', 'station', 'region'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

const metricKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'validation.thingKey' });
const finite = z.number().finite();
const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * One condition on a device's thing model. A metric condition names a metric of the rule's device
 * type; the server refuses an unknown metric or an operator its data type has not (400, the field named).
 */
export const alarmConditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('compare'),
    metric: metricKey,
    op: z.enum(COMPARE_OPS),
    /** A number for numeric metrics; true/false for booleans (eq/ne); an option value for enums (eq/ne). */
    value: z.union([finite, z.boolean(), text(32)]),
    /** Take the threshold from the device's station instead (numeric metrics); `value` applies where the station has none. */
    setpoint: z.enum(STATION_SETPOINTS).nullable().default(null),
  }),
  z
    .object({
      kind: z.literal('range'),
      metric: metricKey,
      op: z.enum(RANGE_OPS),
      min: finite,
      max: finite,
    })
    .refine((c) => c.min < c.max, { error: 'validation.rangeOrder', path: ['max'] }),
  z.object({
    kind: z.literal('rate'),
    metric: metricKey,
    direction: z.enum(RATE_DIRECTIONS),
    /** The change, in the metric's unit, within the window that meets the condition. */
    amount: z.number().finite().positive(),
    windowMinutes: minutes(1, 1440),
  }),
  z.object({
    kind: z.literal('nodata'),
    metric: metricKey,
    /** No reading of the metric for this long. */
    minutes: minutes(1, 10_080),
  }),
  z.object({
    kind: z.literal('event'),
    /** An event key of the type's thing model (a pump's `pump_fault`, a cover's `cover_open`). */
    event: metricKey,
  }),
]);
export type AlarmCondition = z.infer<typeof alarmConditionSchema>;
export type AlarmConditionInput = z.input<typeof alarmConditionSchema>;

/** Conditions that must all hold (AND). A rule's groups are alternatives (OR): it fires when any group holds. */
export const alarmConditionGroupSchema = z.object({
  conditions: z.array(alarmConditionSchema).min(1, { error: 'validation.required' }).max(10),
});

/** Who is told: users, holders of roles (by code), members of departments (and below). */
export const alarmRecipientsSchema = z
  .object({
    userIds: z.array(idSchema).max(100).default([]),
    roleCodes: z.array(text(64).min(1)).max(50).default([]),
    departmentIds: z.array(idSchema).max(100).default([]),
  })
  .default({ userIds: [], roleCodes: [], departmentIds: [] });
export type AlarmRecipients = z.infer<typeof alarmRecipientsSchema>;
/**
 * Recipients as answered: plain ids. A response schema is encoded on the way out, and the input's
 * id parsing (a string or a number, transformed) cannot be encoded.
 */
export const alarmRecipientsOutSchema = z.object({
  userIds: z.array(z.number().int()),
  roleCodes: z.array(z.string()),
  departmentIds: z.array(z.number().int()),
});

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(TIME_OF_DAY, { error: 'validation.timeOfDay' });

/**
 * When a rule is armed, in the utility's time (UTC+8): days 1 (Monday) to 7 (Sunday), from–to in
 * HH:mm; a `to` before `from` runs past midnight. Outside it, nothing is raised (active alarms still clear).
 */
export const alarmScheduleSchema = z.object({
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1, { error: 'validation.required' })
    .max(7)
    .refine((d) => new Set(d).size === d.length, { error: 'validation.duplicateKey' }),
  from: timeOfDay,
  to: timeOfDay,
});
export type AlarmSchedule = z.infer<typeof alarmScheduleSchema>;

export const alarmRuleInputSchema = z
  .object({
    name: plainText(60).min(1, { error: 'validation.required' }),
    description: plainText(300).default(''),
    enabled: z.boolean().default(true),
    severity: z.enum(ALARM_SEVERITIES),
    deviceTypeId: idSchema.describe('the thing model the conditions speak of'),
    scope: z.enum(RULE_SCOPES).default('type'),
    deviceIds: z.array(idSchema).max(500).default([]).describe("scope 'devices': devices of the type"),
    stationId: idSchema.nullable().default(null).describe("scope 'station'"),
    regionId: idSchema.nullable().default(null).describe("scope 'region': the region and every region below it"),
    groups: z.array(alarmConditionGroupSchema).min(1, { error: 'validation.required' }).max(5),
    durationMinutes: minutes(0, 1440).default(0).describe('the conditions hold this long before the alarm is raised'),
    repeat: z
      .object({ count: z.number().int().min(2).max(100), withinMinutes: minutes(1, 1440) })
      .nullable()
      .default(null)
      .describe('raised when the conditions are met this many times within the window'),
    schedule: alarmScheduleSchema.nullable().default(null).describe('armed only then; null: always'),
    clearDeadband: z
      .number()
      .finite()
      .min(0)
      .default(0)
      .describe('hysteresis: a threshold condition clears only this far back on the safe side'),
    clearDelayMinutes: minutes(0, 1440)
      .default(0)
      .describe('the conditions stay off this long before the alarm clears; for event rules, the quiet time'),
    throttleMinutes: minutes(0, 1440)
      .default(0)
      .describe('per device: at most one notification of the rule this often'),
    reminderMinutes: minutes(1, 1440).nullable().default(null).describe('remind while unacknowledged, every N minutes'),
    recipients: alarmRecipientsSchema,
    escalation: z
      .object({ afterMinutes: minutes(1, 1440), recipients: alarmRecipientsSchema })
      .nullable()
      .default(null)
      .describe('unacknowledged after N minutes: these are told too'),
    sms: z.boolean().default(false).describe('also an SMS (charged) to each recipient with a phone'),
  })
  .refine((r) => r.scope !== 'devices' || r.deviceIds.length > 0, {
    error: 'validation.required',
    path: ['deviceIds'],
  })
  .refine((r) => r.scope !== 'station' || r.stationId !== null, { error: 'validation.required', path: ['stationId'] })
  .refine((r) => r.scope !== 'region' || r.regionId !== null, { error: 'validation.required', path: ['regionId'] });
export type AlarmRuleInput = z.input<typeof alarmRuleInputSchema>;
export type AlarmRuleValues = z.output<typeof alarmRuleInputSchema>;

export const alarmRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  severity: z.enum(ALARM_SEVERITIES),
  deviceTypeId: z.number().int(),
  deviceTypeName: z.string().describe('in the caller language'),
  scope: z.enum(RULE_SCOPES),
  deviceIds: z.array(z.number().int()),
  stationId: z.number().int().nullable(),
  regionId: z.number().int().nullable(),
  scopeName: z.string().describe('the station, region or devices in words, for the list'),
  groups: z.array(alarmConditionGroupSchema),
  /** The conditions in words, in the caller language ("液位 ≥ 高液位报警值 或 …"). */
  summary: z.string(),
  durationMinutes: z.number().int(),
  repeat: z.object({ count: z.number().int(), withinMinutes: z.number().int() }).nullable(),
  schedule: alarmScheduleSchema.nullable(),
  clearDeadband: z.number(),
  clearDelayMinutes: z.number().int(),
  throttleMinutes: z.number().int(),
  reminderMinutes: z.number().int().nullable(),
  recipients: alarmRecipientsOutSchema,
  escalation: z.object({ afterMinutes: z.number().int(), recipients: alarmRecipientsOutSchema }).nullable(),
  sms: z.boolean(),
  activeAlarms: z.number().int().describe('its alarms active now'),
  updatedAt: z.string(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

export const alarmRuleListQuerySchema = pageQuerySchema.extend({
  keyword: text(50).optional().describe('name'),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  deviceTypeId: idSchema.optional(),
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const alarmRuleEnabledBodySchema = z.object({ enabled: z.boolean() });

/**
 * A rule as exported and imported (JSON): portable between installations, so it names the device
 * type, devices and station by code, the region by code, and recipients by username, role code and
 * department name instead of ids.
 */
export const portableAlarmRuleSchema = z.object({
  name: plainText(60).min(1, { error: 'validation.required' }),
  description: plainText(300).default(''),
  enabled: z.boolean().default(true),
  severity: z.enum(ALARM_SEVERITIES),
  deviceType: text(32).min(1),
  scope: z.enum(RULE_SCOPES).default('type'),
  devices: z.array(text(64).min(1)).max(500).default([]),
  station: text(32).nullable().default(null),
  region: text(64).nullable().default(null),
  groups: z.array(alarmConditionGroupSchema).min(1).max(5),
  durationMinutes: minutes(0, 1440).default(0),
  repeat: z
    .object({ count: z.number().int().min(2).max(100), withinMinutes: minutes(1, 1440) })
    .nullable()
    .default(null),
  schedule: alarmScheduleSchema.nullable().default(null),
  clearDeadband: z.number().finite().min(0).default(0),
  clearDelayMinutes: minutes(0, 1440).default(0),
  throttleMinutes: minutes(0, 1440).default(0),
  reminderMinutes: minutes(1, 1440).nullable().default(null),
  recipients: z
    .object({
      users: z.array(text(64)).max(100).default([]),
      roles: z.array(text(64)).max(50).default([]),
      departments: z.array(text(64)).max(100).default([]),
    })
    .default({ users: [], roles: [], departments: [] }),
  escalation: z
    .object({
      afterMinutes: minutes(1, 1440),
      recipients: z.object({
        users: z.array(text(64)).max(100).default([]),
        roles: z.array(text(64)).max(50).default([]),
        departments: z.array(text(64)).max(100).default([]),
      }),
    })
    .nullable()
    .default(null),
  sms: z.boolean().default(false),
});
export type PortableAlarmRule = z.infer<typeof portableAlarmRuleSchema>;

export const ALARM_RULES_FORMAT = 'water-ops/alarm-rules';
export const ALARM_RULES_IMPORT_MAX = 500;

export const alarmRulesFileSchema = z.object({
  format: z.literal(ALARM_RULES_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  rules: z.array(z.unknown()).min(1, { error: 'validation.required' }).max(ALARM_RULES_IMPORT_MAX),
});
export type AlarmRulesFile = z.infer<typeof alarmRulesFileSchema>;

export const alarmRulesImportResultSchema = z.object({
  created: z.number().int(),
  /** Each refused rule with its position in the file, its name and the reason (field named). */
  errors: z.array(z.object({ index: z.number().int(), name: z.string(), field: z.string(), msg: z.string() })),
});
export type AlarmRulesImportResult = z.infer<typeof alarmRulesImportResultSchema>;

export const alarmRulesExportQuerySchema = z.object({
  ids: idListQuery(5000, ALARM_RULES_IMPORT_MAX).optional().describe('comma-separated rule ids; all rules when absent'),
});

export const ALARM_PREVIEW_HOURS = 24;
export const ALARM_PREVIEW_DEVICES_MAX = 200;

/** What a rule would have done over the last 24 h of stored history, replayed through the engine's evaluator. */
export const alarmRulePreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Devices the rule watches (at most ALARM_PREVIEW_DEVICES_MAX replayed). */
  devices: z.number().int(),
  replayed: z.number().int(),
  points: z.number().int().describe('readings replayed'),
  /** Alarms that would have been raised. */
  raised: z.number().int(),
  byDevice: z.array(
    z.object({
      deviceId: z.number().int(),
      code: z.string(),
      name: z.string(),
      raised: z.number().int(),
      /** Minutes it would have stood active. */
      activeMinutes: z.number(),
      firstAt: z.string().nullable(),
    }),
  ),
  /** The first raises, newest last (at most 50). */
  raises: z.array(z.object({ deviceId: z.number().int(), at: z.string(), value: z.string() })),
  /** Conditions the replay cannot judge from stored readings (events are not replayed), in words. */
  notReplayed: z.array(z.string()),
});
export type AlarmRulePreview = z.infer<typeof alarmRulePreviewSchema>;

export const alarmRulesApi = {
  list: endpoint({
    method: 'GET',
    path: '/alarm-rules',
    summary: 'Alarm rules: search, filter by severity, device type and enabled; paginate',
    tags: ruleTags,
    query: alarmRuleListQuerySchema,
    data: pageOf(alarmRuleSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/alarm-rules/:id',
    summary: 'One alarm rule',
    tags: ruleTags,
    params: idParamsSchema,
    data: alarmRuleSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/alarm-rules',
    summary: 'Add a rule; its metrics and events are checked against the device type’s thing model',
    tags: ruleTags,
    body: alarmRuleInputSchema,
    data: alarmRuleSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/alarm-rules/:id',
    summary: 'Replace a rule; its active alarms stay and are judged by the new conditions',
    tags: ruleTags,
    params: idParamsSchema,
    body: alarmRuleInputSchema,
    data: alarmRuleSchema,
  }),
  setEnabled: endpoint({
    method: 'PUT',
    path: '/alarm-rules/:id/enabled',
    summary: 'Enable or disable a rule (disabling leaves its active alarms to be cleared by hand)',
    tags: ruleTags,
    params: idParamsSchema,
    body: alarmRuleEnabledBodySchema,
    data: alarmRuleSchema,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/alarm-rules/:id/copy',
    summary: 'Copy a rule (disabled, named “… (copy)”)',
    tags: ruleTags,
    params: idParamsSchema,
    data: alarmRuleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/alarm-rules/:id',
    summary: 'Remove a rule; its alarms stay in the records',
    tags: ruleTags,
    params: idParamsSchema,
    data: z.null(),
  }),
  exportRules: endpoint({
    method: 'GET',
    path: '/alarm-rules/export',
    summary: 'Rules as a portable JSON file (codes and names instead of ids)',
    tags: ruleTags,
    query: alarmRulesExportQuerySchema,
    data: z.unknown().describe('application/json file'),
    download: true,
  }),
  importRules: endpoint({
    method: 'POST',
    path: '/alarm-rules/import',
    summary: 'Add the rules of an exported file; each bad rule is reported with its reason, the good ones are added',
    tags: ruleTags,
    body: alarmRulesFileSchema,
    data: alarmRulesImportResultSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/alarm-rules/preview',
    summary: 'Replay the last 24 h of stored history through a rule (not saved) and say how often it would have fired',
    tags: ruleTags,
    body: alarmRuleInputSchema,
    data: alarmRulePreviewSchema,
  }),
};

/* ---------- offline rules ---------- */

export const offlineRuleInputSchema = z.object({
  deviceTypeId: idSchema,
  /** One device of the type; null: every device of the type without a rule of its own. */
  deviceId: idSchema.nullable().default(null),
  enabled: z.boolean().default(true),
  /** Silence after which the device is alarmed as offline. */
  timeoutSeconds: z
    .number()
    .int()
    .min(30)
    .max(7 * 86_400),
  /** Extra silence tolerated beyond the timeout, so that a report a little late does not raise and clear an alarm. */
  deadbandSeconds: z.number().int().min(0).max(86_400).default(60),
  severity: z.enum(ALARM_SEVERITIES).default('major'),
  recipients: alarmRecipientsSchema,
  sms: z.boolean().default(false),
});
export type OfflineRuleInput = z.input<typeof offlineRuleInputSchema>;
export type OfflineRuleValues = z.output<typeof offlineRuleInputSchema>;

export const offlineRuleSchema = z.object({
  id: z.number().int(),
  deviceTypeId: z.number().int(),
  deviceTypeName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
  enabled: z.boolean(),
  timeoutSeconds: z.number().int(),
  deadbandSeconds: z.number().int(),
  severity: z.enum(ALARM_SEVERITIES),
  recipients: alarmRecipientsOutSchema,
  sms: z.boolean(),
  /** Devices the rule governs now (1 for a device rule). */
  devices: z.number().int(),
  /** Of them, offline-alarmed now. */
  offline: z.number().int(),
  updatedAt: z.string(),
});
export type OfflineRule = z.infer<typeof offlineRuleSchema>;

export const offlineRuleListQuerySchema = pageQuerySchema.extend({
  deviceTypeId: idSchema.optional(),
  keyword: text(50).optional().describe('device code or name'),
});

export const offlineRulesApi = {
  list: endpoint({
    method: 'GET',
    path: '/alarm-offline-rules',
    summary: 'Offline rules: per device type, and per device overriding its type',
    tags: ruleTags,
    query: offlineRuleListQuerySchema,
    data: pageOf(offlineRuleSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/alarm-offline-rules',
    summary: 'Add an offline rule (one per type, one per device)',
    tags: ruleTags,
    body: offlineRuleInputSchema,
    data: offlineRuleSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/alarm-offline-rules/:id',
    summary: 'Change an offline rule',
    tags: ruleTags,
    params: idParamsSchema,
    body: offlineRuleInputSchema,
    data: offlineRuleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/alarm-offline-rules/:id',
    summary: 'Remove an offline rule',
    tags: ruleTags,
    params: idParamsSchema,
    data: z.null(),
  }),
};

/* ---------- alarms ---------- */

/** What happened to an alarm: the timeline's entries. `comment` is a user's; the rest are the system's. */
export const ALARM_ENTRY_KINDS = [
  'raised',
  'repeated',
  'acknowledged',
  'cleared',
  'auto-cleared',
  'shelved',
  'unshelved',
  'assigned',
  'escalated',
  'reminded',
  'notified',
  'comment',
] as const;
export type AlarmEntryKind = (typeof ALARM_ENTRY_KINDS)[number];

export const alarmSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALARM_KINDS),
  ruleId: z.number().int().nullable(),
  /**
   * The rule's name; “communication lost” for an offline alarm; for a water-quality alarm the site and
   * parameter (“出厂水 游离氯 超标”); in the caller language.
   */
  title: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  state: z.enum(ALARM_STATES),
  /** Null for a water-quality alarm raised by a lab result (its site is the source); '' code and name then. */
  deviceId: z.number().int().nullable(),
  deviceCode: z.string(),
  deviceName: z.string(),
  deviceTypeName: z.string(),
  /** A water-quality alarm's site (shown where a device would be); null for other alarms. */
  siteId: z.number().int().nullable(),
  siteName: z.string(),
  stationId: z.number().int().nullable(),
  stationName: z.string(),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  /**
   * The device's metric the alarm is about (the chart's), or null (events, offline, a lab
   * water-quality result: `metricName` and `unit` are then the parameter's).
   */
  metric: z.string().nullable(),
  metricName: z.string(),
  unit: z.string(),
  /** The condition that held, in words ("液位 ≥ 4.2 m"). */
  condition: z.string(),
  /** The threshold line of the chart, when the condition has one. */
  threshold: z.number().nullable(),
  firstValue: z.string().nullable(),
  lastValue: z.string().nullable(),
  /** Times the condition was met again while the alarm stood. */
  count: z.number().int(),
  raisedAt: z.string(),
  lastAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  clearedAt: z.string().nullable(),
  clearedBy: z.string().nullable().describe('null: cleared automatically'),
  clearReason: z.string().nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  shelvedUntil: z.string().nullable(),
  /** 0 until escalated, then how many times. */
  escalations: z.number().int(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALARM_ENTRY_KINDS),
  at: z.string(),
  /** Who: null for the system. */
  userName: z.string().nullable(),
  /** A comment's text, a clear's reason, the assignee, the shelving time, the value: in words. */
  text: z.string(),
});
export type AlarmEntry = z.infer<typeof alarmEntrySchema>;

export const alarmDetailSchema = alarmSchema.extend({
  entries: z.array(alarmEntrySchema),
  /** The rule now (null when removed, or an offline alarm). */
  ruleSummary: z.string().nullable(),
});
export type AlarmDetail = z.infer<typeof alarmDetailSchema>;

const dateTime = dateTimeSchema;

/** The alarms a list shows: `open` still needs someone (active, or cleared but unacknowledged); `all` the records. */
export const ALARM_LIST_VIEWS = ['open', 'all'] as const;

const alarmFilters = {
  view: z.enum(ALARM_LIST_VIEWS).default('open'),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  state: z.enum(ALARM_STATES).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  stationId: idSchema.optional(),
  regionId: idSchema.optional().describe('this region and every region below it'),
  deviceTypeId: idSchema.optional(),
  ruleId: idSchema.optional(),
  assignedToMe: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  keyword: text(50).optional().describe('device code or name, station, water-quality site, rule'),
  from: dateTime.optional().describe('raised at or after'),
  to: dateTime.optional().describe('raised before'),
};

export const alarmListQuerySchema = pageQuerySchema.extend(alarmFilters);
export type AlarmListQuery = z.input<typeof alarmListQuerySchema>;

export const ALARM_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ALARM_EXPORT_MAX_ROWS = 50_000;
export const alarmExportQuerySchema = z.object({ ...alarmFilters, format: z.enum(ALARM_EXPORT_FORMATS) });

export const alarmStatsQuerySchema = z.object({
  ...alarmFilters,
  view: z.enum(ALARM_LIST_VIEWS).default('all'),
  from: dateTime.describe('raised at or after'),
  to: dateTime.describe('raised before'),
});

export const alarmStatsSchema = z.object({
  total: z.number().int(),
  /** Per utility day (UTC+8), alarms raised by severity. */
  perDay: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD'),
      critical: z.number().int(),
      major: z.number().int(),
      minor: z.number().int(),
      warning: z.number().int(),
      info: z.number().int(),
    }),
  ),
  /** The devices (a lab water-quality alarm: the site) that raised most (top 10). */
  topSources: z.array(
    z.object({
      deviceId: z.number().int().nullable(),
      /** A water-quality site without a device: its name is `deviceName`, its code `deviceCode`. */
      siteId: z.number().int().nullable(),
      deviceCode: z.string(),
      deviceName: z.string(),
      stationName: z.string(),
      count: z.number().int(),
    }),
  ),
  /** Mean seconds from raised to acknowledged / to cleared, over those that were; null when none. */
  meanToAcknowledgeSeconds: z.number().nullable(),
  meanToClearSeconds: z.number().nullable(),
});
export type AlarmStats = z.infer<typeof alarmStatsSchema>;

/** Active unacknowledged alarms by severity, within the caller's region limit: the navbar and the workplace card. */
export const alarmCountsSchema = z.object({
  unacknowledged: z.object({
    critical: z.number().int(),
    major: z.number().int(),
    minor: z.number().int(),
    warning: z.number().int(),
    info: z.number().int(),
  }),
  /** Active (acknowledged or not) by severity. */
  active: z.object({
    critical: z.number().int(),
    major: z.number().int(),
    minor: z.number().int(),
    warning: z.number().int(),
    info: z.number().int(),
  }),
  /** The newest open alarms (at most 5). */
  newest: z.array(alarmSchema),
});
export type AlarmCounts = z.infer<typeof alarmCountsSchema>;

export const ALARM_BULK_MAX = 200;
export const alarmIdsBodySchema = z.object({
  ids: z.array(idSchema).min(1, { error: 'validation.required' }).max(ALARM_BULK_MAX),
});
export const alarmClearBodySchema = z.object({ reason: plainText(300).min(1, { error: 'validation.required' }) });
export const alarmShelveBodySchema = z.object({
  /** Until then the alarm notifies nobody and leaves the open list's default view; null unshelves. */
  until: dateTime.nullable(),
});
export const alarmAssignBodySchema = z.object({ userId: idSchema.nullable() });
export const alarmCommentBodySchema = z.object({ text: plainText(500).min(1, { error: 'validation.required' }) });

export const alarmBulkResultSchema = z.object({
  /** Alarms the call changed; the others were already so, or outside the caller's reach. */
  changed: z.number().int(),
});

/** A user an alarm may be assigned to: one who may handle alarms. */
export const alarmAssigneeSchema = z.object({ id: z.number().int(), name: z.string(), username: z.string() });

export const alarmsApi = {
  list: endpoint({
    method: 'GET',
    path: '/alarms',
    summary: 'Alarms within the caller’s region limit: open ones (default) or all records, filtered; newest first',
    tags,
    query: alarmListQuerySchema,
    data: pageOf(alarmSchema),
  }),
  counts: endpoint({
    method: 'GET',
    path: '/alarms/counts',
    summary: 'Active alarms by severity (unacknowledged and all) and the newest open ones: the navbar and workplace',
    tags,
    data: alarmCountsSchema,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/alarms/stats',
    summary: 'Alarms per severity per day, top sources, mean time to acknowledge and to clear',
    tags,
    query: alarmStatsQuerySchema,
    data: alarmStatsSchema,
  }),
  exportAlarms: endpoint({
    method: 'GET',
    path: '/alarms/export',
    summary: `The filtered alarm records as CSV or XLSX (at most ${ALARM_EXPORT_MAX_ROWS} rows)`,
    tags,
    query: alarmExportQuerySchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
  assignees: endpoint({
    method: 'GET',
    path: '/alarms/assignees',
    summary: 'Users an alarm may be assigned to (enabled users whose role may handle alarms)',
    tags,
    data: z.array(alarmAssigneeSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/alarms/:id',
    summary: 'One alarm with its timeline (system entries and comments)',
    tags,
    params: idParamsSchema,
    data: alarmDetailSchema,
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/alarms/acknowledge',
    summary: 'Acknowledge alarms (bulk); those already acknowledged or out of reach are left',
    tags,
    body: alarmIdsBodySchema,
    data: alarmBulkResultSchema,
  }),
  clear: endpoint({
    method: 'POST',
    path: '/alarms/:id/clear',
    summary: 'Clear an active alarm by hand, with a reason',
    tags,
    params: idParamsSchema,
    body: alarmClearBodySchema,
    data: alarmDetailSchema,
  }),
  shelve: endpoint({
    method: 'POST',
    path: '/alarms/:id/shelve',
    summary: 'Shelve an alarm until a time (no notifications meanwhile), or unshelve it',
    tags,
    params: idParamsSchema,
    body: alarmShelveBodySchema,
    data: alarmDetailSchema,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/alarms/:id/assign',
    summary: 'Assign an alarm to a person (who is told), or unassign it',
    tags,
    params: idParamsSchema,
    body: alarmAssignBodySchema,
    data: alarmDetailSchema,
  }),
  comment: endpoint({
    method: 'POST',
    path: '/alarms/:id/comments',
    summary: 'Add a comment to an alarm’s timeline',
    tags,
    params: idParamsSchema,
    body: alarmCommentBodySchema,
    data: alarmDetailSchema,
  }),
};

/** An alarm raised, changed or cleared, to the connections whose region limit covers it. */
export const alarmLiveEventSchema = z.object({
  type: z.literal('alarm'),
  change: z.enum(['raised', 'updated', 'cleared', 'acknowledged']),
  alarm: alarmSchema,
});
export type AlarmLiveEvent = z.infer<typeof alarmLiveEventSchema>;
