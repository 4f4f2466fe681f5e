import path from 'node:path';
import { HISTORY_XLSX_MAX_ROWS } from '@water/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `a whole number from ${min} to ${max}` });

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\/.+/.test(v) && URL.canParse(v), {
  error: 'a postgres:// connection URL, e.g. postgres://user@127.0.0.1:5432/water',
});

/**
 * Every setting the server reads, with its default. The README's settings table mirrors this;
 * `describeSettings()` prints it.
 */
export const settingsSchema = z.object({
  PORT: int(1, 65535).default(8080).describe('HTTP port for the console and the API'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Interface to listen on'),
  DATABASE_URL: postgresUrl
    .optional()
    .describe('PostgreSQL server to use; when unset an embedded PGlite database is used'),
  DATA_DIR: z.string().min(1).default('./data').describe('Where the embedded database (and later uploads) are kept'),
  SEED_DEMO: bool.default(true).describe('Seed the demo city (enterprise, departments, users, roles, menus) at start'),
  SEED_HISTORY: bool
    .default(true)
    .describe('With SEED_DEMO, give the demo devices 30 days of simulated history once, at the first start'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info')
    .describe('pino log level'),
  LOG_PRETTY: bool.default(false).describe('Human-readable logs instead of JSON lines'),
  SESSION_TTL_MINUTES: int(5, 60 * 24 * 30)
    .default(720)
    .describe('Idle minutes after which a session expires (sliding: every call extends it)'),
  SESSION_SINGLE: bool
    .default(false)
    .describe('One session per account: a new sign-in ends the older one (code 50012 there)'),
  LOGIN_MAX_FAILURES: int(1, 100).default(5).describe('Failed sign-ins that lock an account'),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60)
    .default(15)
    .describe('How long a locked account stays locked'),
  CAPTCHA_AFTER_FAILURES: int(0, 100)
    .default(3)
    .describe(
      'Failed sign-ins of one login name (known or not, last lock window) after which it needs a captcha; 0: always',
    ),
  CAPTCHA_AFTER_IP_FAILURES: int(0, 100_000)
    .default(20)
    .describe(
      'Wrong passwords from one IP (any names, last lock window) after which every login from it needs a captcha; 0: never by IP',
    ),
  LOGIN_RATE_LIMIT: int(1, 10_000).default(20).describe('Login attempts per IP per minute before HTTP 429'),
  API_RATE_LIMIT: int(1, 1_000_000).default(1200).describe('API calls per IP per minute'),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024)
    .default(1024 * 1024)
    .describe('Largest JSON body accepted (413 above it)'),
  TRUST_PROXY: bool.default(false).describe('Take the client IP from X-Forwarded-For (set behind a load balancer)'),
  SMS_SENDER: z
    .enum(['outbox'], { error: 'outbox' })
    .default('outbox')
    .describe('SMS sender; `outbox` writes messages to the sms_outbox table and the log'),
  SMS_CODE_TTL_SECONDS: int(60, 3600).default(300).describe('Lifetime of an SMS code'),
  SMS_RESEND_SECONDS: int(10, 3600).default(60).describe('Minimum gap between two codes to a phone'),
  SMS_PHONE_DAILY_LIMIT: int(1, 1000).default(10).describe('SMS codes one phone may be sent in 24 hours'),
  SMS_IP_DAILY_LIMIT: int(1, 100_000).default(30).describe('SMS codes one IP may ask for in 24 hours'),
  SMS_HOURLY_LIMIT: int(1, 1_000_000)
    .default(200)
    .describe(
      'SMS codes the whole system sends in an hour; past it codes are refused and administrators told once an hour',
    ),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/]+/.test(v) && URL.canParse(v), {
      error: 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional()
    .describe(
      'Mail server for e-mail notifications (smtp://user:pass@host:587, smtps:// for TLS); when unset e-mail is off',
    ),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s):// URL without a trailing slash, e.g. https://ops.example.com' })
    .refine((v) => !v.endsWith('/'), {
      error: 'an http(s):// URL without a trailing slash, e.g. https://ops.example.com',
    })
    .optional()
    .describe(
      "The console's address as users reach it (https://ops.example.com): links in SMS, e-mail and chat messages start with it; when unset they are paths",
    ),
  SMTP_FROM: z
    .string()
    .min(3)
    .max(200)
    .default('Water Ops <noreply@water.local>')
    .describe('Sender of e-mail notifications'),
  NOTIFY_POLL_MS: int(0, 60_000)
    .default(1000)
    .describe(
      'How often the notification outbox is looked at for due deliveries, in ms (a push also wakes it); 0: never (tests)',
    ),
  NOTIFY_BATCH: int(1, 5000).default(200).describe('Deliveries the notification worker takes in one round at most'),
  NOTIFY_LEASE_SECONDS: int(5, 3600)
    .default(60)
    .describe("How long a worker's claim on a delivery lasts; a crashed worker's deliveries are taken again after it"),
  NOTIFY_MAX_ATTEMPTS: int(1, 20)
    .default(5)
    .describe(
      'Attempts at a delivery that keeps failing for a passing reason before it is given up (back-off 30 s, 2 min, 10 min, 30 min, 2 h)',
    ),
  NOTIFY_RATE_PER_USER_PER_MINUTE: int(1, 100_000)
    .default(6)
    .describe(
      'SMS, e-mails and webhook calls one recipient gets in a minute at most; more wait for the next minute (in-app: no limit)',
    ),
  NOTIFY_RATE_PER_CHANNEL_PER_MINUTE: int(1, 1_000_000)
    .default(600)
    .describe(
      'SMS, e-mails and webhook calls sent in a minute per channel at most; more wait (robots: 20 a minute, Feishu 100, as their docs say)',
    ),
  NOTIFY_HTTP_TIMEOUT_MS: int(100, 120_000)
    .default(10_000)
    .describe('How long a webhook or robot call may take before it counts as failed (and is retried)'),
  NOTIFY_SCHEDULE_SECONDS: int(0, 3600)
    .default(15)
    .describe('How often scheduled pushes that came due are planned into the outbox; 0: never (tests)'),
  MQTT_URL: z
    .string()
    .refine((v) => /^(mqtts?|wss?):\/\/.+/.test(v) && URL.canParse(v), {
      error: 'an mqtt://, mqtts://, ws:// or wss:// URL, e.g. mqtt://127.0.0.1:1883',
    })
    .optional()
    .describe('External MQTT broker (Mosquitto, EMQX); when unset the embedded broker runs'),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, { error: 'letters, digits, _ . : - (at most 64)' })
    .optional()
    .describe(
      "The server's client id on the external broker, where its session lives (default water-ops-{host}-{PORT}); one per server",
    ),
  MQTT_SESSION_EXPIRY_SECONDS: int(0, 2_592_000)
    .default(86_400)
    .describe(
      'How long the external broker keeps QoS 1 readings for the server while it is away (MQTT 5 session expiry); 0: a clean session',
    ),
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[\w.-]{1,64}$/, { error: 'letters, digits, _ . - (at most 64)' })
    .optional()
    .describe(
      "Subscribe as $share/{group}/… on the external broker, so that several servers split the devices' messages instead of each taking all",
    ),
  MQTT_PORT: int(0, 65535)
    .default(1884)
    .describe('Port of the embedded MQTT broker (1884, clear of a Mosquitto on 1883); 0 turns it off'),
  MQTT_HOST: z.string().min(1).default('0.0.0.0').describe('Interface the embedded MQTT broker listens on'),
  TELEMETRY_BATCH_POINTS: int(1, 10_000)
    // 10,000 took gateway ingest on PostgreSQL from ~22k to ~50k points/s (bench:ingest).
    .default(10_000)
    .describe('Points the ingest writer commits in one transaction at most'),
  TELEMETRY_WRITERS: int(1, 8)
    .optional()
    .describe(
      'Batches the ingest writer commits at once (default 2 on PostgreSQL: one is built while the other commits; 1 on the embedded database)',
    ),
  TELEMETRY_FLUSH_MS: int(1, 10_000)
    .default(100)
    .describe('Longest a reading waits for its batch (and an MQTT QoS 1 message for its PUBACK), in ms'),
  TELEMETRY_QUEUE_POINTS: int(100, 10_000_000)
    .default(50_000)
    .describe('Points held while the database is slow or away; beyond it MQTT waits and HTTP ingest answers 503'),
  TELEMETRY_MAX_FUTURE_SKEW_MS: int(0, 86_400_000)
    .default(300_000)
    .describe('How far ahead of the server clock a reading may be stamped before it is dead-lettered'),
  TELEMETRY_SWEEP_SECONDS: int(1, 3600).default(30).describe('How often devices that went silent are marked offline'),
  ALARM_SWEEP_SECONDS: int(0, 3600)
    .default(5)
    .describe(
      'How often alarms due with time alone are judged (durations, no data, offline, escalation); 0: never (tests)',
    ),
  PUMP_COMMAND_SWEEP_MS: int(0, 10_000)
    .default(1000)
    .describe(
      'How often pump commands are swept: approvals not given in time expire, commands without a result time out; 0: never (tests)',
    ),
  TELEMETRY_RAW_DAYS: int(1, 36_500).default(90).describe('Days raw telemetry points are kept'),
  TELEMETRY_ROLLUP_1M_DAYS: int(1, 36_500).default(365).describe('Days 1-minute rollups are kept'),
  TELEMETRY_ROLLUP_1H_DAYS: int(1, 36_500).default(1825).describe('Days 1-hour rollups are kept'),
  TELEMETRY_DEAD_LETTER_DAYS: int(1, 36_500).default(30).describe('Days dead-lettered telemetry messages are kept'),
  INGEST_RATE_LIMIT: int(1, 1_000_000)
    .default(6000)
    .describe('HTTP ingest calls per IP per minute (gateways; apart from API_RATE_LIMIT)'),
  SIMULATOR: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false (on or off)' })
    .transform((v): 'on' | 'off' => (v === 'on' || v === 'true' || v === '1' || v === 'yes' ? 'on' : 'off'))
    .optional()
    .describe(
      'Demo devices report simulated readings through the embedded MQTT broker; unset: on when SEED_DEMO is true and the embedded broker runs; false turns it off',
    ),
  SIMULATOR_INTERVAL_MS: int(200, 3_600_000)
    .default(20_000)
    .describe('Average gap between two reports of one simulated device (each waits 0.5–1.5 times it)'),
  HISTORY_XLSX_MAX_ROWS: int(1, 1_000_000)
    .default(HISTORY_XLSX_MAX_ROWS)
    .describe('Rows an XLSX history export may hold (built in memory); larger exports go as CSV, streamed'),
  FFMPEG_PATH: z
    .string()
    .min(1)
    .default('ffmpeg')
    .describe('The ffmpeg that converts RTSP cameras to HLS on demand (Debian: apt-get install ffmpeg)'),
  VIDEO_RTSP_IDLE_SECONDS: int(5, 3600)
    .default(60)
    .describe('An RTSP conversion stops when nobody has fetched its stream for this long'),
  VIDEO_RTSP_MAX: int(0, 1000)
    .default(16)
    .describe('RTSP conversions one server runs at once (each an ffmpeg process); beyond it play answers 503'),
  VIDEO_PROBE_TIMEOUT_MS: int(200, 60_000)
    .default(5000)
    .describe('How long a camera source may take to answer a check (on save, and the periodic status check)'),
  VIDEO_STATUS_SECONDS: int(0, 86_400)
    .default(120)
    .describe("How often enabled cameras' sources are checked for the online/offline state; 0: never (tests)"),
  VIDEO_TICKET_MINUTES: int(1, 24 * 60)
    .default(120)
    .describe("How long a stream address this server gives a console (a demo clip's, an RTSP conversion's) works"),
  WEB_DIST: z.string().optional().describe('Folder of the built console (default apps/web/dist); served at /'),
  MAP_TILE_URL: z
    .string()
    .refine((v) => /^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/.test(v), {
      error: 'an http(s) raster tile URL with {z}, {x} and {y}, e.g. https://tiles.example.com/{z}/{x}/{y}.png',
    })
    .optional()
    .describe(
      'Raster base-map tiles for the console maps; when unset maps draw regions and assets on a plain ground (offline)',
    ),
});

export type Settings = z.infer<typeof settingsSchema>;

export interface Config extends Settings {
  dataDir: string;
  webDist: string;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads settings from `env`; on a bad value throws a ConfigError whose message is one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(settingsSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === '' ? [] : [[key, value.trim()]];
    }),
  );
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'settings');
    const shown = typeof input[name] === 'string' ? ` (got "${input[name]}")` : '';
    throw new ConfigError(`Invalid setting ${name}${shown}: expected ${issue?.message}`);
  }
  const s = parsed.data;
  return {
    ...s,
    dataDir: path.resolve(process.cwd(), s.DATA_DIR),
    webDist: path.resolve(process.cwd(), s.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}

export function describeSettings(): { name: string; default: string; meaning: string }[] {
  return Object.entries(settingsSchema.shape).map(([name, schema]) => {
    const def = schema.safeParse(undefined);
    return {
      name,
      default: def.success && def.data !== undefined ? String(def.data) : '(unset)',
      meaning: schema.description ?? '',
    };
  });
}
