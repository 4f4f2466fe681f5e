import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { DEVICE_STATUSES, deviceCodeSchema } from './devices.ts';

const tags = ['telemetry'] as const;

/**
 * Telemetry ingest (issue 7): devices report over MQTT (`devices/{code}/telemetry`,
 * `devices/{code}/telemetry/batch`, `devices/{code}/status`, `devices/{code}/events`) or HTTP
 * (`POST /api/ingest/{code}`, `POST /api/ingest/{code}/events`).
 */
export const TELEMETRY_TOPIC_PREFIX = 'devices';

/**
 * Quality flags stored with every point, combinable as bits: 0 a good reading; 1 outside the
 * metric's min–max (or not one of an enum's options); 2 a metric the device type does not model;
 * 4 the value had another type than the model's and was coerced (a string "3.2" for a number).
 */
export const Quality = { good: 0, outOfRange: 1, unknownMetric: 2, coerced: 4 } as const;

/** Why a message (or one entry of a batch) went to the dead-letter table instead of the points. */
export const DEAD_LETTER_REASONS = [
  'malformed_json',
  'bad_payload',
  'non_finite',
  'bad_timestamp',
  'future_timestamp',
  'bad_metric_key',
  'value_too_long',
  'too_many_points',
  'write_failed',
  /** An event key the device type's thing model does not declare. */
  'unknown_event',
  /** An event's params that are not a small flat object of scalars. */
  'bad_params',
  'too_many_events',
] as const;
export type DeadLetterReason = (typeof DEAD_LETTER_REASONS)[number];

/** Epoch milliseconds or an ISO 8601 string; missing means the server's receive time. */
export const telemetryTsSchema = z.union([z.number(), z.string().max(40)]);
/** Metric key → reading. NaN and ±Infinity (`1e999`, "NaN") are dead-lettered, never stored. */
export const telemetryValuesSchema = z.record(z.string(), z.union([z.number(), z.boolean(), z.string()]));

/** `devices/{code}/telemetry`, or an HTTP body. */
export const telemetryMessageSchema = z.object({
  ts: telemetryTsSchema.optional(),
  values: telemetryValuesSchema,
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

/** `devices/{code}/telemetry/batch`, or an HTTP body: readings a gateway or a logger buffered. */
export const telemetryBatchSchema = z.object({ points: z.array(telemetryMessageSchema) });
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

/** `devices/{code}/status`: a device saying it goes (a Last Will) or comes back. */
export const deviceStatusMessageSchema = z.object({ online: z.boolean(), ts: telemetryTsSchema.optional() });

/** Events one message may carry (`{ events: [...] }`). */
export const DEVICE_EVENTS_MAX = 100;
/** An event's params: at most this many keys, each a number, a boolean, null or a string this long at most. */
export const EVENT_PARAMS_MAX_KEYS = 20;
export const EVENT_PARAM_TEXT_MAX = 200;

/**
 * `devices/{code}/events`, or an HTTP body: an event of the device type's thing model (a pump
 * controller's `pump_fault`, a cover sensor's `cover_open`), when it happened, and a few details.
 * An event the model does not declare, a bad time or bad params are dead-lettered with their reason.
 */
export const deviceEventMessageSchema = z.object({
  event: z.string().min(1).max(64).describe("a key of the type's `model.events`"),
  ts: telemetryTsSchema.optional(),
  params: z
    .record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()]))
    .optional()
    .describe(`flat: at most ${EVENT_PARAMS_MAX_KEYS} keys, strings of ${EVENT_PARAM_TEXT_MAX} characters at most`),
});
export type DeviceEventMessage = z.infer<typeof deviceEventMessageSchema>;

/** Several events in one message (a logger's buffer): each bad entry is dead-lettered alone. */
export const deviceEventBatchSchema = z.object({ events: z.array(deviceEventMessageSchema).max(DEVICE_EVENTS_MAX) });

export const eventIngestResultSchema = z.object({
  accepted: z.number().int().describe('events stored now'),
  duplicates: z.number().int().describe('events already stored for the same device, key and time'),
  rejected: z.number().int().describe('entries moved to the dead-letter table'),
});
export type EventIngestResult = z.infer<typeof eventIngestResultSchema>;

// The device's own pattern: a code no device can have (`%00`, spaces) is a 400 before any lookup.
export const ingestParamsSchema = z.object({ code: deviceCodeSchema });

export const ingestResultSchema = z.object({
  accepted: z.number().int().describe('points stored now (flagged ones included)'),
  duplicates: z.number().int().describe('points already stored for the same device, metric and time'),
  flagged: z.number().int().describe('stored points carrying a quality flag'),
  rejected: z.number().int().describe('entries moved to the dead-letter table'),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

export const telemetryStatsSchema = z.object({
  points: z.object({
    received: z.number().int(),
    stored: z.number().int(),
    duplicates: z.number().int(),
    flagged: z.number().int(),
    rejected: z.number().int().describe('points of a device that turned out unknown, disabled or archived'),
    pending: z
      .number()
      .int()
      .describe('received, not yet committed: received = stored + duplicates + rejected + pending'),
  }),
  messages: z.object({
    rejected: z.number().int().describe('unknown device or bad secret (HTTP 401, MQTT connection refused)'),
    deadLettered: z.number().int(),
  }),
  batches: z.object({
    committed: z.number().int(),
    failed: z.number().int().describe('attempts that failed and were retried'),
    lastError: z
      .string()
      .nullable()
      .describe('kind of the last failure and its SQLSTATE; never the statement or its parameters'),
    lastCommitAt: z.string().nullable(),
  }),
  queue: z.object({ capacity: z.number().int(), pending: z.number().int() }),
});
export type TelemetryStats = z.infer<typeof telemetryStatsSchema>;

/** Pushed on the live channel when a device goes online or offline. */
export const deviceStatusEventSchema = z.object({
  type: z.literal('device-status'),
  deviceId: z.number().int(),
  code: z.string(),
  from: z.enum(DEVICE_STATUSES),
  to: z.enum(DEVICE_STATUSES),
  at: z.string(),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;

export const telemetryApi = {
  ingest: endpoint({
    method: 'POST',
    path: '/ingest/:code',
    summary:
      'Readings from a gateway that does not speak MQTT. Header `Authorization: Device <secret>` (or `X-Device-Secret`); body as the MQTT payload: `{ ts?, values }` or `{ points: [{ ts?, values }] }`. Answers after the points are committed; 503 with Retry-After when the ingest queue is full',
    tags,
    params: ingestParamsSchema,
    data: ingestResultSchema,
  }),
  ingestEvents: endpoint({
    method: 'POST',
    path: '/ingest/:code/events',
    summary:
      'Thing-model events from a device that does not speak MQTT (as `devices/{code}/events`). Same device-secret header as the readings; body `{ event, ts?, params? }` or `{ events: [...] }` (at most 100). An event counts as the device being heard. Answers after the events are committed; 503 with Retry-After when the ingest queue is full',
    tags,
    params: ingestParamsSchema,
    data: eventIngestResultSchema,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/telemetry/stats',
    summary: 'Ingest counters of this server since it started',
    tags,
    data: telemetryStatsSchema,
  }),
} as const;
