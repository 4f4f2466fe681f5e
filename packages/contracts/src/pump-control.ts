import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';
import { commandSpecSchema } from './device-types.ts';
import { deviceCodeSchema } from './devices.ts';
import { stationLiveSchema } from './pump-station-live.ts';

const tags = ['pump-control'] as const;

/**
 * Pump control (issue 17), as a SCADA HMI does it: the commands a pump controller's thing model
 * declares (start, stop, set frequency, reset fault, set mode), checked against interlocks on the
 * server before they leave and again by the controller itself, confirmed with a reason, approved by a
 * second person where the station asks for it, and tracked as persistent commands (ThingsBoard's
 * two-way RPC): awaiting approval → pending → sent → acknowledged → succeeded / failed / timed out /
 * cancelled. A command an interlock refused (`blocked`), an approval refused (`refused`) or not given
 * in time (`expired`) is kept too: the station's command history holds every attempt.
 */

export const PUMP_COMMAND_STATES = [
  'awaiting_approval',
  'pending',
  'sent',
  'acknowledged',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'blocked',
  'refused',
  'expired',
] as const;
export type PumpCommandState = (typeof PUMP_COMMAND_STATES)[number];

/** States a command can still move on from; the rest are final. */
export const PUMP_COMMAND_OPEN_STATES = ['awaiting_approval', 'pending', 'sent', 'acknowledged'] as const;
export const isOpenCommandState = (s: PumpCommandState) => (PUMP_COMMAND_OPEN_STATES as readonly string[]).includes(s);

/**
 * Why the server refuses a command, each with its message in the operator's language
 * (`pumpControl.interlock.{code}` in the server's and the console's messages):
 * - `local_mode`: the pump is switched to local at its panel; the console commands nothing;
 * - `auto_mode`: the pump is in automatic: its PLC starts it and sets its speed from the level
 *   set-points, so start and set frequency need remote manual first (stop, the safe direction, is
 *   taken in automatic too: the controller takes the pump into remote manual and stops it);
 * - `dry_run`: a start with the wet-well level at or below the dry-run protection level;
 * - `fault`: the pump is in fault: only a fault reset is taken;
 * - `min_off_time`: a start inside the pump's minimum off-time since it last stopped (anti-short-cycle);
 * - `max_starts`: a start beyond the station's maximum starts per pump per hour;
 * - `offline`: the pump's controller is offline (or it has none);
 * - `busy`: another command for the same pump is still open;
 * - `stale_level`: the wet-well level is older than the station allows (or missing), so a start's
 *   safety cannot be judged;
 * - `maintenance`: the pump is locked out for maintenance;
 * - `already`: the pump already is as asked (running for a start, stopped for a stop, in that mode, not
 *   in fault for a reset).
 */
export const PUMP_INTERLOCKS = [
  'local_mode',
  'auto_mode',
  'dry_run',
  'fault',
  'min_off_time',
  'max_starts',
  'offline',
  'busy',
  'stale_level',
  'maintenance',
  'already',
] as const;
export type PumpInterlock = (typeof PUMP_INTERLOCKS)[number];

/**
 * The pump controller's command keys the console knows how to check. Other commands a type's thing
 * model declares are sent as declared, with the generic interlocks (offline, busy, local, maintenance).
 */
export const PUMP_COMMAND_KEYS = ['start', 'stop', 'set_frequency', 'reset_fault', 'set_mode'] as const;
/** The modes the console may switch a pump to; `local` is a switch at the panel, never a command. */
export const PUMP_REMOTE_MODES = ['auto', 'remote'] as const;
/** A pump controller's mode as it reports it (its `mode` metric). */
export const PUMP_MODES = ['auto', 'remote', 'local'] as const;
export type PumpMode = (typeof PUMP_MODES)[number];

/** A station's control settings (the pump-station configuration holds none of these). */
export const controlSettingsSchema = z.object({
  requireApproval: z.boolean().describe('four eyes: a second person with pump:approve approves each command'),
  approvalMinutes: z.number().int().min(1).max(120).describe('time an approval may take; the command expires after it'),
  minOffSeconds: z.number().int().min(0).max(3600).describe('minimum off-time of a pump before it starts again'),
  maxStartsPerHour: z.number().int().min(1).max(60).describe('starts of one pump in any 60 minutes'),
  levelMaxAgeSeconds: z
    .number()
    .int()
    .min(10)
    .max(3600)
    .describe('a wet-well level older than this is stale: no start is judged on it'),
  commandTtlSeconds: z
    .number()
    .int()
    .min(5)
    .max(600)
    .describe('time a command may take from sending to its result; then it has timed out'),
});
export type ControlSettings = z.infer<typeof controlSettingsSchema>;
export const DEFAULT_CONTROL_SETTINGS: ControlSettings = {
  requireApproval: false,
  approvalMinutes: 10,
  minOffSeconds: 300,
  maxStartsPerHour: 6,
  levelMaxAgeSeconds: 120,
  commandTtlSeconds: 30,
};

// Text values are plain text (no markup), like every other text a body carries.
const commandParams = z.record(z.string(), z.union([z.number(), z.boolean(), plainText(200)]));

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const pumpCommandSchema = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  pumpId: z.number().int(),
  pumpNumber: z.number().int(),
  pumpName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string(),
  command: z.string().describe('the thing-model command key'),
  commandName: z.string().describe('its name in the reader’s language'),
  params: commandParams,
  reason: z.string().describe('why the operator sent it'),
  state: z.enum(PUMP_COMMAND_STATES),
  interlock: z.enum(PUMP_INTERLOCKS).nullable().describe('the interlock that blocked it'),
  detail: z
    .string()
    .describe('in the reader’s language: why it was blocked, refused or failed (the device’s reason), or empty'),
  result: commandParams.nullable().describe('what the device reported with its result'),
  batchId: z.string().nullable().describe('the stop-all it belongs to'),
  requestedBy: person,
  requestedAt: z.string(),
  approvalRequired: z.boolean(),
  approvalDeadline: z.string().nullable(),
  approvedBy: person.describe('who approved or refused it'),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('when a sent command times out without a result'),
});
export type PumpCommand = z.infer<typeof pumpCommandSchema>;

export const pumpCommandInputSchema = z.object({
  pumpId: idSchema,
  command: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'validation.thingKey' }),
  params: commandParams.default({}),
  reason: plainText(200).min(2, { error: 'validation.required' }),
  /** The console's key for this submit: a repeat (double click, retry) returns the first command. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.idempotencyKey' }),
});
export type PumpCommandInput = z.input<typeof pumpCommandInputSchema>;

export const stopAllInputSchema = pumpCommandInputSchema.pick({ reason: true, idempotencyKey: true });

export const stopAllResultSchema = z.object({
  batchId: z.string(),
  commands: z.array(pumpCommandSchema).describe('one per pump of the station: sent, awaiting approval or blocked'),
});

export const decisionInputSchema = z.object({ reason: plainText(200).default('') });

/** What the control screen shows of one pump: its mode, what it may be commanded and what each would meet now. */
export const controlPumpSchema = z.object({
  pumpId: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string(),
  mode: z.enum(PUMP_MODES).nullable().describe('null: not reported (or stale)'),
  commands: z.array(commandSpecSchema).describe('what its controller’s thing model declares'),
  /** Each command's interlock now, were it sent (null: it would go); recomputed on the server when sent. */
  checks: z.record(z.string(), z.enum(PUMP_INTERLOCKS).nullable()),
  startsLastHour: z.number().int(),
  lastStopAt: z.string().nullable(),
  /** Until when a start meets the minimum off-time, or null. */
  restUntil: z.string().nullable(),
  openCommand: pumpCommandSchema.nullable(),
});
export type ControlPump = z.infer<typeof controlPumpSchema>;

export const controlStationSchema = z.object({
  station: stationLiveSchema,
  settings: controlSettingsSchema,
  pumps: z.array(controlPumpSchema),
  at: z.string(),
});
export type ControlStation = z.infer<typeof controlStationSchema>;

export const pumpCommandListQuerySchema = pageQuerySchema.extend({
  stationId: idSchema.optional(),
  pumpId: idSchema.optional(),
  state: z.enum(PUMP_COMMAND_STATES).optional(),
  command: text(32).optional(),
  /** `approvals`: awaiting an approval the caller may give (not their own). */
  view: z.enum(['all', 'approvals']).default('all'),
  from: text(40).optional().describe('requested at or after (ISO 8601)'),
  to: text(40).optional().describe('requested before (ISO 8601)'),
});
export type PumpCommandListQuery = z.input<typeof pumpCommandListQuerySchema>;

/** A command as the controller receives it on `devices/{code}/commands` (MQTT, QoS 1) or from the HTTP fetch. */
export const deviceCommandSchema = z.object({
  id: z.number().int(),
  command: z.string(),
  params: commandParams,
  /** Epoch ms the command was sent and after which the controller must not act on it. */
  ts: z.number().int(),
  expiresAt: z.number().int(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/**
 * A controller's answer on `devices/{code}/commands/ack` (or POSTed): `accepted` (acknowledged,
 * acting on it), then `succeeded` or `failed`; `rejected` at once when its own interlocks refuse.
 */
export const DEVICE_COMMAND_REPLIES = ['accepted', 'rejected', 'succeeded', 'failed'] as const;
export const deviceCommandReplySchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(DEVICE_COMMAND_REPLIES),
  reason: plainText(200).optional().describe('the controller’s own words, kept as said (plain text)'),
  result: commandParams.optional(),
});
export type DeviceCommandReply = z.infer<typeof deviceCommandReplySchema>;

/** A command moving on, to the connections watching its station (`subscribe-stations`). */
export const pumpCommandLiveEventSchema = z.object({
  type: z.literal('pump-command'),
  command: pumpCommandSchema,
});
export type PumpCommandLiveEvent = z.infer<typeof pumpCommandLiveEventSchema>;

export const pumpControlApi = {
  station: endpoint({
    method: 'GET',
    path: '/pump-control/stations/:id',
    summary:
      'A station as the control screen shows it: live state, settings, each pump’s mode, commands and interlocks',
    tags,
    params: idParamsSchema,
    data: controlStationSchema,
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/pump-control/stations/:id/settings',
    summary:
      'A station’s control settings: four eyes, approval time, anti-short-cycle, starts per hour, level age, time-out',
    tags,
    params: idParamsSchema,
    body: controlSettingsSchema,
    data: controlSettingsSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: '/pump-control/commands',
    summary:
      'Send a command to a pump (pump:control, within the role’s regions): checked against every interlock, recorded, approved or sent',
    tags,
    body: pumpCommandInputSchema,
    data: pumpCommandSchema,
  }),
  stopAll: endpoint({
    method: 'POST',
    path: '/pump-control/stations/:id/stop-all',
    summary: 'Stop every pump of a station: each pump is checked on its own',
    tags,
    params: idParamsSchema,
    body: stopAllInputSchema,
    data: stopAllResultSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/pump-control/commands/:id/approve',
    summary: 'Approve a command awaiting approval (pump:approve, not one’s own): it is checked again and sent',
    tags,
    params: idParamsSchema,
    body: decisionInputSchema,
    data: pumpCommandSchema,
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/pump-control/commands/:id/refuse',
    summary: 'Refuse a command awaiting approval (pump:approve, not one’s own)',
    tags,
    params: idParamsSchema,
    body: decisionInputSchema,
    data: pumpCommandSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/pump-control/commands/:id/cancel',
    summary: 'Cancel a command not yet sent (awaiting approval or pending)',
    tags,
    params: idParamsSchema,
    data: pumpCommandSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/pump-control/commands',
    summary: 'Command history within the caller’s region limit, newest first',
    tags,
    query: pumpCommandListQuerySchema,
    data: pageOf(pumpCommandSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/pump-control/commands/:id',
    summary: 'One command',
    tags,
    params: idParamsSchema,
    data: pumpCommandSchema,
  }),
  deviceFetch: endpoint({
    method: 'GET',
    path: '/ingest/:code/commands',
    summary:
      'A gateway that does not speak MQTT fetches its pending commands (header `Authorization: Device <secret>`); each fetched one counts as sent',
    tags,
    params: z.object({ code: deviceCodeSchema }),
    data: z.array(deviceCommandSchema),
  }),
  deviceReply: endpoint({
    method: 'POST',
    path: '/ingest/:code/commands/ack',
    summary:
      'A gateway posts a command’s answer (accepted, rejected, succeeded, failed), as on `devices/{code}/commands/ack`',
    tags,
    params: z.object({ code: deviceCodeSchema }),
    body: deviceCommandReplySchema,
    data: z.object({ state: z.enum(PUMP_COMMAND_STATES) }),
  }),
} as const;
