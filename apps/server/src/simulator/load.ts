import { type MetricSpec, thingModelSchema } from '@water/contracts';
import mqtt from 'mqtt';
import { demoDeviceCodes } from '../db/seed/demo-city.ts';
import { demoDeviceSecret } from '../db/seed/demo-secrets.ts';
import { builtinDeviceTypes } from '../db/seed/device-types.ts';

export interface LoadOptions {
  /** mqtt://host:port (or mqtts://, ws://, wss://). */
  broker: string;
  devices: number;
  /** Messages per second over all devices. */
  rate: number;
  durationSeconds: number;
  /**
   * Who the devices are: `demo` speaks as the demo city's devices with their derived secrets (the
   * server's embedded broker accepts them), cycling through them past their count; `synthetic`
   * invents SIM-00001… with `secret` as each one's password, or `username`/`password` for all, or none.
   */
  identity: 'demo' | 'synthetic';
  prefix?: string;
  secret?: string;
  username?: string;
  password?: string;
  /** Called once a second with the counts of that second. */
  onSecond?: (second: LoadSecond) => void;
}

export interface LoadSecond {
  second: number;
  sent: number;
  acked: number;
  failed: number;
  inflight: number;
  connected: number;
}

export interface LoadResult {
  devices: number;
  connected: number;
  sent: number;
  acked: number;
  failed: number;
  /** Messages not sent because their device's connection was down or had 100 unacknowledged. */
  skipped: number;
  seconds: number;
  ackMs: { p50: number; p99: number; max: number };
}

const models = new Map(builtinDeviceTypes.map((t) => [t.code, thingModelSchema.parse(t.model).metrics]));
/** What a synthetic device reports: a wet-well station's usual points. */
const SYNTHETIC: MetricSpec[] = (models.get('level_gauge') ?? []).concat(models.get('pump_controller') ?? []);

/** A plausible value for a metric: within its range, the first option of an enum. */
function plausible(spec: MetricSpec, random: () => number): number | boolean | string {
  switch (spec.dataType) {
    case 'boolean':
      return random() < 0.5;
    case 'enum':
      return spec.options?.[0]?.value ?? '';
    case 'string':
      return 'ok';
    default: {
      const min = spec.min ?? 0;
      const max = spec.max ?? min + 1000;
      const v = min + (max - min) * (0.2 + 0.6 * random());
      return spec.dataType === 'integer' ? Math.round(v) : Math.round(v * 100) / 100;
    }
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * A load generator for the telemetry path: N devices, each its own MQTT connection, publishing
 * `devices/{code}/telemetry` at QoS 1 at R messages a second in total for a while, counting what was
 * sent and what the broker acknowledged (on the server's embedded broker a PUBACK means committed).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const random = Math.random;
  const demo = demoDeviceCodes();
  const prefix = options.prefix ?? 'SIM-';
  const fleet = Array.from({ length: options.devices }, (_, i) => {
    if (options.identity === 'demo') {
      const d = demo[i % demo.length]!;
      return { code: d.code, password: demoDeviceSecret(d.code), metrics: models.get(d.type) ?? [] };
    }
    const code = `${prefix}${String(i + 1).padStart(5, '0')}`;
    return { code, password: options.secret, metrics: SYNTHETIC };
  });

  const clients: { code: string; client: mqtt.MqttClient; metrics: MetricSpec[]; pending: number }[] = [];
  // Connect in waves, so that a thousand devices do not knock on the broker at once.
  for (let i = 0; i < fleet.length; i += 50) {
    await Promise.all(
      fleet.slice(i, i + 50).map(async (d, k) => {
        const client = mqtt.connect(options.broker, {
          clientId: `load-${process.pid}-${i + k}-${d.code}`,
          username: options.username ?? (options.identity === 'demo' || d.password ? d.code : undefined),
          password: options.password ?? d.password,
          reconnectPeriod: 2000,
          connectTimeout: 5000,
        });
        client.on('error', () => {});
        clients.push({ code: d.code, client, metrics: d.metrics, pending: 0 });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          // A refused login ends the wait as well (the client keeps retrying in the background).
          client.once('connect', done);
          client.once('error', done);
        });
      }),
    );
  }

  const totals = { sent: 0, acked: 0, failed: 0, skipped: 0 };
  const second = { sent: 0, acked: 0, failed: 0 };
  const latencies: number[] = [];
  let next = 0;
  let attempts = 0;
  const connected = () => clients.filter((c) => c.client.connected).length;

  const publishOne = () => {
    // Round robin over the fleet: every device reports at R / N a second.
    const c = clients[next++ % clients.length];
    if (!c?.client.connected || c.pending >= 100) {
      totals.skipped++;
      return;
    }
    const values: Record<string, number | boolean | string> = {};
    for (const m of c.metrics) values[m.key] = plausible(m, random);
    const at = performance.now();
    c.pending++;
    totals.sent++;
    second.sent++;
    c.client.publish(`devices/${c.code}/telemetry`, JSON.stringify({ ts: Date.now(), values }), { qos: 1 }, (err) => {
      c.pending--;
      if (err) {
        totals.failed++;
        second.failed++;
        return;
      }
      totals.acked++;
      second.acked++;
      latencies.push(performance.now() - at);
    });
  };

  const started = performance.now();
  let seconds = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= options.durationSeconds) {
        clearInterval(tick);
        resolve();
        return;
      }
      // Catch up by the clock, not by the timer: a late tick sends what its lateness owes.
      for (const due = Math.floor(options.rate * elapsed); attempts < due; attempts++) publishOne();
      if (Math.floor(elapsed) > seconds) {
        seconds = Math.floor(elapsed);
        const inflight = clients.reduce((n, c) => n + c.pending, 0);
        options.onSecond?.({ second: seconds, ...second, inflight, connected: connected() });
        second.sent = second.acked = second.failed = 0;
      }
    }, 50);
  });
  // What was sent gets a few seconds to be acknowledged before the connections close.
  const waitUntil = performance.now() + 5000;
  while (clients.some((c) => c.pending > 0) && performance.now() < waitUntil)
    await new Promise((r) => setTimeout(r, 50));
  const stillConnected = connected();
  await Promise.all(clients.map((c) => c.client.endAsync(true).catch(() => {})));
  latencies.sort((a, b) => a - b);
  return {
    devices: fleet.length,
    connected: stillConnected,
    ...totals,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ackMs: {
      p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
      max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    },
  };
}
