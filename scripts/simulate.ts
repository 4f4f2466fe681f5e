// Load generator for the telemetry path: npm run simulate -- --devices N --rate R --broker URL.
import { parseArgs } from 'node:util';
import { runLoad } from '../apps/server/src/simulator/load.ts';

const usage = `npm run simulate -- [options]
  --broker URL       MQTT broker (default mqtt://127.0.0.1:1884, the server's embedded one)
  --devices N        devices, one connection each (default 100)
  --rate R           messages per second over all devices, QoS 1 (default 100)
  --duration S       seconds to publish (default 10)
  --demo             speak as the demo city's devices with their derived secrets (the embedded
                     broker refuses devices it does not know); default: synthetic SIM-00001…
  --prefix P         code prefix of synthetic devices (default SIM-)
  --secret S         password of every synthetic device, its code as username
  --username U, --password P   one login for all (a broker with its own accounts)`;

const { values } = parseArgs({
  options: {
    broker: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
    devices: { type: 'string', default: '100' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    demo: { type: 'boolean', default: false },
    prefix: { type: 'string' },
    secret: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
const positive = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} expects a positive number (got "${text}")\n\n${usage}`);
    process.exit(1);
  }
  return n;
};
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!/^(mqtts?|wss?):\/\/.+/.test(values.broker) || !URL.canParse(values.broker)) {
  console.error(`--broker expects an mqtt://, mqtts://, ws:// or wss:// URL (got "${values.broker}")`);
  process.exit(1);
}

const devices = Math.floor(positive('devices', values.devices));
const rate = positive('rate', values.rate);
const duration = positive('duration', values.duration);
console.log(
  `${devices} ${values.demo ? 'demo' : 'synthetic'} devices → ${values.broker}, ${rate} msg/s at QoS 1 for ${duration} s`,
);
const result = await runLoad({
  broker: values.broker,
  devices,
  rate,
  durationSeconds: duration,
  identity: values.demo ? 'demo' : 'synthetic',
  ...(values.prefix ? { prefix: values.prefix } : {}),
  ...(values.secret ? { secret: values.secret } : {}),
  ...(values.username ? { username: values.username } : {}),
  ...(values.password ? { password: values.password } : {}),
  onSecond: (s) =>
    console.log(
      `${String(s.second).padStart(4)} s  sent ${s.sent}  acked ${s.acked}  failed ${s.failed}  in flight ${s.inflight}  connected ${s.connected}`,
    ),
});
console.log(
  `devices ${result.devices} (connected at the end ${result.connected}); sent ${result.sent}, acked ${result.acked}, failed ${result.failed}, skipped ${result.skipped} in ${result.seconds} s; PUBACK p50 ${result.ackMs.p50} ms, p99 ${result.ackMs.p99} ms, max ${result.ackMs.max} ms`,
);
console.log(`acked ${result.acked} of ${result.sent} (${Math.round(result.acked / result.seconds)} msg/s)`);
process.exit(result.connected === 0 || result.acked === 0 ? 1 : 0);
