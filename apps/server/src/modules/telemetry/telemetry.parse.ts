import {
  DEVICE_EVENTS_MAX,
  type DeadLetterReason,
  deviceEventMessageSchema,
  deviceStatusMessageSchema,
  EVENT_PARAM_TEXT_MAX,
  EVENT_PARAMS_MAX_KEYS,
  type MetricSpec,
  Quality,
  telemetryBatchSchema,
  telemetryMessageSchema,
} from '@water/contracts';

/** One reading as the device sent it, before the thing model has looked at it. */
export interface RawPoint {
  metric: string;
  ts: Date;
  raw: number | boolean | string;
}

/** A thing-model event as the device sent it, before the thing model has looked at its key. */
export interface RawEvent {
  event: string;
  ts: Date;
  params: Record<string, number | boolean | string | null>;
}

export interface DeadLetter {
  reason: DeadLetterReason;
  detail: string;
  payload: string;
}

/** What a message turned into: points and events to store, a status the device announced, dead letters. */
export interface ParsedMessage {
  points: RawPoint[];
  /** From `devices/{code}/events`. */
  events?: RawEvent[];
  /** From `devices/{code}/status`: true online, false offline. */
  online?: boolean;
  deadLetters: DeadLetter[];
}

export type MessageKind = 'telemetry' | 'batch' | 'status' | 'events' | 'auto';

export interface ParseOptions {
  receivedAt: Date;
  maxFutureSkewMs: number;
}

const PAYLOAD_KEEP = 4000;
const MAX_POINTS_PER_MESSAGE = 10_000;
const MAX_TEXT = 256;
/** Before this a device's clock was never set (1970 after a power cut): not a reading's time. */
const EARLIEST_TS = Date.UTC(2000, 0, 1);
const METRIC_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const NON_FINITE_TEXT = /^\s*[+-]?(nan|infinity|inf)\s*$/i;

class Refused extends Error {
  constructor(
    readonly reason: DeadLetterReason,
    detail: string,
  ) {
    super(detail);
  }
}

/** PostgreSQL text refuses NUL; payloads are kept as received otherwise, cut to a readable size. */
export const cleanText = (s: string, max: number) => {
  const clean = s.replaceAll('\u0000', '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
};

const deadLetter = (reason: DeadLetterReason, detail: string, payload: string): DeadLetter => ({
  reason,
  detail: cleanText(detail, 500),
  payload: cleanText(payload, PAYLOAD_KEEP),
});

function parseTs(ts: number | string | undefined, { receivedAt, maxFutureSkewMs }: ParseOptions): Date {
  if (ts === undefined) return receivedAt;
  const ms = typeof ts === 'number' ? ts : /^\d{10,16}$/.test(ts.trim()) ? Number(ts) : Date.parse(ts);
  if (typeof ts === 'number' && !Number.isFinite(ts)) throw new Refused('non_finite', `ts is ${ts}`);
  if (!Number.isFinite(ms) || ms < EARLIEST_TS || ms > 8.64e15) throw new Refused('bad_timestamp', `ts ${String(ts)}`);
  if (ms > receivedAt.getTime() + maxFutureSkewMs) {
    throw new Refused('future_timestamp', `ts ${new Date(ms).toISOString()} is ahead of the server clock`);
  }
  return new Date(ms);
}

function entryPoints(entry: { ts?: number | string | undefined; values: Record<string, unknown> }, o: ParseOptions) {
  const ts = parseTs(entry.ts, o);
  const points: RawPoint[] = [];
  for (const [metric, raw] of Object.entries(entry.values)) {
    if (!METRIC_KEY.test(metric)) throw new Refused('bad_metric_key', `metric key "${metric}"`);
    if (typeof raw === 'number' && !Number.isFinite(raw)) throw new Refused('non_finite', `${metric} is ${raw}`);
    if (typeof raw === 'string') {
      if (NON_FINITE_TEXT.test(raw)) throw new Refused('non_finite', `${metric} is "${raw}"`);
      if (raw.length > MAX_TEXT) throw new Refused('value_too_long', `${metric} has ${raw.length} characters`);
    }
    points.push({ metric, ts, raw: raw as RawPoint['raw'] });
  }
  return points;
}

const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** One event entry: its key's shape, its time, its params (a flat object of a few scalars). */
function parseEvent(entry: unknown, o: ParseOptions): RawEvent {
  const nonFinite = findNonFinite(entry, '');
  if (nonFinite) throw new Refused('non_finite', nonFinite);
  const shape = deviceEventMessageSchema.safeParse(entry);
  if (!shape.success) {
    // A params value that is an object or an array: the params are wrong, not the envelope.
    const params = (entry as { params?: unknown } | null)?.params;
    const paramIssue = shape.error.issues.every((i) => i.path[0] === 'params');
    if (paramIssue && params !== undefined) throw new Refused('bad_params', issueText(shape.error));
    throw new Refused('bad_payload', issueText(shape.error));
  }
  const { event, ts, params = {} } = shape.data;
  const keys = Object.keys(params);
  if (keys.length > EVENT_PARAMS_MAX_KEYS) throw new Refused('bad_params', `${keys.length} params`);
  for (const k of keys) {
    if (!PARAM_KEY.test(k)) throw new Refused('bad_params', `param key "${k}"`);
    const v = params[k];
    if (typeof v === 'string' && v.length > EVENT_PARAM_TEXT_MAX) {
      throw new Refused('bad_params', `${k} has ${v.length} characters`);
    }
  }
  return { event, ts: parseTs(ts, o), params };
}

/** `devices/{code}/events`: one event, or `{ events: [...] }` whose bad entries are refused alone. */
function parseEvents(json: unknown, o: ParseOptions): ParsedMessage {
  const list =
    typeof json === 'object' && json !== null && !Array.isArray(json) && 'events' in json
      ? (json as { events: unknown }).events
      : undefined;
  if (list === undefined) return { points: [], events: [parseEvent(json, o)], deadLetters: [] };
  if (!Array.isArray(list)) throw new Refused('bad_payload', 'events: expected an array');
  if (list.length > DEVICE_EVENTS_MAX) throw new Refused('too_many_events', `${list.length} events`);
  const result: ParsedMessage & { events: RawEvent[] } = { points: [], events: [], deadLetters: [] };
  for (const [i, entry] of list.entries()) {
    try {
      result.events.push(parseEvent(entry, o));
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      result.deadLetters.push(deadLetter(err.reason, `events.${i}: ${err.message}`, JSON.stringify(entry)));
    }
  }
  return result;
}

/** JSON.parse reads `1e999` as Infinity; zod would call it a type error, this names it. */
function findNonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path || '(root)'} is ${value}`;
  if (depth > 4 || typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = findNonFinite(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

const issueText = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/**
 * Reads one MQTT payload or HTTP body. Never throws: what cannot be stored becomes a dead letter
 * with its reason. A single message is refused whole; a batch refuses only its bad entries.
 */
export function parseMessage(payload: Buffer | string, kind: MessageKind, o: ParseOptions): ParsedMessage {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { points: [], deadLetters: [deadLetter('malformed_json', (err as Error).message, text)] };
  }
  try {
    if (kind === 'status') {
      const status = deviceStatusMessageSchema.safeParse(json);
      if (!status.success) throw new Refused('bad_payload', issueText(status.error));
      parseTs(status.data.ts, o);
      return { points: [], online: status.data.online, deadLetters: [] };
    }
    if (kind === 'events') return parseEvents(json, o);
    const isBatch =
      kind === 'batch' || (kind === 'auto' && typeof json === 'object' && json !== null && 'points' in json);
    if (!isBatch) {
      const nonFinite = findNonFinite(json, '');
      if (nonFinite) throw new Refused('non_finite', nonFinite);
      const message = telemetryMessageSchema.safeParse(json);
      if (!message.success) throw new Refused('bad_payload', issueText(message.error));
      const points = entryPoints(message.data, o);
      if (points.length > MAX_POINTS_PER_MESSAGE) throw new Refused('too_many_points', `${points.length} values`);
      return { points, deadLetters: [] };
    }
    const batch = telemetryBatchSchema.safeParse(json);
    if (!batch.success) {
      // An entry that is not even an object spoils only itself when the envelope is sound.
      const envelope =
        typeof json === 'object' && json !== null && Array.isArray((json as { points?: unknown }).points);
      if (!envelope) throw new Refused('bad_payload', issueText(batch.error));
    }
    const entries = (json as { points: unknown[] }).points;
    if (entries.length > MAX_POINTS_PER_MESSAGE) throw new Refused('too_many_points', `${entries.length} entries`);
    const result: ParsedMessage = { points: [], deadLetters: [] };
    for (const [i, entry] of entries.entries()) {
      const one = telemetryMessageSchema.safeParse(entry);
      try {
        const nonFinite = findNonFinite(entry, '');
        if (nonFinite) throw new Refused('non_finite', nonFinite);
        if (!one.success) throw new Refused('bad_payload', issueText(one.error));
        result.points.push(...entryPoints(one.data, o));
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        result.deadLetters.push(deadLetter(err.reason, `points.${i}: ${err.message}`, JSON.stringify(entry)));
      }
    }
    if (result.points.length > MAX_POINTS_PER_MESSAGE) {
      throw new Refused('too_many_points', `${result.points.length} values`);
    }
    return result;
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    return { points: [], deadLetters: [deadLetter(err.reason, err.message, text)] };
  }
}

/** A reading as stored: value (numbers, booleans as 1/0) or text, with its quality bits. */
export interface CheckedValue {
  value: number | null;
  text: string | null;
  quality: number;
}

const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const TRUE_TEXT = new Set(['true', '1', 'on', 'yes']);
const FALSE_TEXT = new Set(['false', '0', 'off', 'no']);

const inRange = (spec: MetricSpec, v: number) =>
  (spec.min === null || v >= spec.min) && (spec.max === null || v <= spec.max);

/**
 * Checks a reading against its metric in the thing model. Nothing is dropped: an unknown metric,
 * a value out of range or of another type is stored with its flag so that the readings stay
 * auditable. Strings that cannot become a number stay text, flagged as coerced.
 */
export function checkValue(spec: MetricSpec | undefined, raw: number | boolean | string): CheckedValue {
  if (!spec) {
    if (typeof raw === 'string') return { value: null, text: raw, quality: Quality.unknownMetric };
    return { value: typeof raw === 'boolean' ? Number(raw) : raw, text: null, quality: Quality.unknownMetric };
  }
  switch (spec.dataType) {
    case 'number':
    case 'integer': {
      let value: number;
      let quality: number = Quality.good;
      if (typeof raw === 'number') value = raw;
      else if (typeof raw === 'boolean') {
        value = Number(raw);
        quality = Quality.coerced;
      } else if (NUMERIC_TEXT.test(raw)) {
        value = Number(raw);
        quality = Quality.coerced;
      } else return { value: null, text: raw, quality: Quality.coerced };
      if (spec.dataType === 'integer' && !Number.isInteger(value)) {
        value = Math.round(value);
        quality |= Quality.coerced;
      }
      if (!inRange(spec, value)) quality |= Quality.outOfRange;
      return { value, text: null, quality };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: Number(raw), text: null, quality: Quality.good };
      if (raw === 0 || raw === 1) return { value: raw, text: null, quality: Quality.coerced };
      if (typeof raw === 'string') {
        const lower = raw.trim().toLowerCase();
        if (TRUE_TEXT.has(lower)) return { value: 1, text: null, quality: Quality.coerced };
        if (FALSE_TEXT.has(lower)) return { value: 0, text: null, quality: Quality.coerced };
        return { value: null, text: raw, quality: Quality.coerced };
      }
      return { value: raw, text: null, quality: Quality.coerced | Quality.outOfRange };
    }
    case 'string':
      return typeof raw === 'string'
        ? { value: null, text: raw, quality: Quality.good }
        : { value: null, text: String(raw), quality: Quality.coerced };
    case 'enum': {
      const text = String(raw);
      let quality: number = typeof raw === 'string' ? Quality.good : Quality.coerced;
      if (!spec.options.some((option) => option.value === text)) quality |= Quality.outOfRange;
      return { value: null, text, quality };
    }
  }
}

/**
 * A stored value as the console shows it: text as text, a boolean metric's 1/0 as true/false,
 * anything else as the number (a boolean metric's odd number stays a number, flagged when stored).
 */
export function shownValue(
  spec: MetricSpec | undefined,
  value: number | null,
  text: string | null,
): number | boolean | string {
  if (text !== null || value === null) return text ?? '';
  if (spec?.dataType === 'boolean' && (value === 0 || value === 1)) return value === 1;
  return value;
}
