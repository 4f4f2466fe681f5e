import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { StartupError } from './lib/errors.ts';
import { checkHttpPort, httpListenError } from './lib/listen.ts';
import { type Simulator, startConfiguredSimulator } from './simulator/simulator.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = {
  level: config.LOG_LEVEL,
  ...(config.LOG_PRETTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } } } : {}),
  redact: ['req.headers.authorization', 'req.headers.cookie'],
};

try {
  await checkHttpPort(config.PORT, config.HOST);
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const app = await buildApp({ config, database, logger }).catch(async (err: unknown) => {
  // A port already taken (MQTT_PORT): one line naming the setting, as for a bad setting.
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  await database.close().catch(() => {});
  process.exit(1);
});

let simulator: Simulator | null = null;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown took over 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    // Its devices' connections first: the embedded broker waits for its clients to leave.
    await simulator?.stop();
    await app.close(); // stops accepting, waits for requests in flight
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await database.migrate();
  const seeded = await seed(database.db, {
    demo: config.SEED_DEMO,
    dataDir: config.dataDir,
    history: config.SEED_HISTORY,
    alarmRules: true,
  });
  if (seeded.history) app.log.info({ ...seeded.history }, 'seed: demo history written');
  if (seeded.waterQuality) app.log.info({ ...seeded.waterQuality }, 'seed: demo water-quality results written');
  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: unknown) => {
    throw httpListenError(err, config.PORT, config.HOST) ?? err;
  });
  // The demo's live data is a nicety: a simulator that cannot start leaves the server serving.
  simulator = await startConfiguredSimulator(app).catch((err: unknown) => {
    app.log.error({ err }, 'simulator: start failed');
    return null;
  });
} catch (err) {
  // A reason the operator can mend is one line on its own, as for a bad setting; else the stack.
  if (err instanceof StartupError) console.error(err.message);
  else app.log.fatal({ err }, 'start failed');
  await database.close().catch(() => {});
  process.exit(1);
}
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(
  `Water Ops Console ready on http://${shown}:${config.PORT} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL server'}; API docs /api/docs; MQTT: ${app.mqtt.status().mode} ${app.mqtt.status().endpoint})`,
);
