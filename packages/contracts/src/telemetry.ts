import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { DEVICE_STATUSES, deviceCodeSchema } from './devices.ts';

const tags = ['telemetry'] as const;

/**
 * Telemetry ingest (issue 7): devices report over MQTT (`devices/{code}/telemetry`,
 * `devices/{code}/telemetry/batch`, `devices/{code}/status`) or HTTP (`POST /api/ingest/{code}`).
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
  stats: endpoint({
    method: 'GET',
    path: '/telemetry/stats',
    summary: 'Ingest counters of this server since it started',
    tags,
    data: telemetryStatsSchema,
  }),
} as const;
