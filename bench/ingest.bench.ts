// npm run bench:ingest — telemetry ingest end to end: MQTT clients → the embedded broker → the batch
// writer → committed rows, in two loads: gateways publishing `devices/{code}/telemetry/batch` with
// many points a message, and devices publishing one point a message on `devices/{code}/telemetry`.
// All at QoS 1: a PUBACK follows its batch's commit, so the run ends at the last PUBACK; then
// `count(*)` of telemetry_points must equal the points sent (none lost) and the writer must have
// counted no duplicate or rejected point. The stream itself (its publishers in a child process, the
// broker, the checks) is ingest-stream.ts, which bench:alarms runs too.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Targets: 50,000 points/s on PostgreSQL, 10,000 on PGlite (2 cores).
// BENCH_BROKER=mqtt://127.0.0.1:1883 measures the path through an external broker (Mosquitto): the
// publishers connect there and the server subscribes with its one connection (MQTT_URL).
// BENCH_BROKER=mosquitto starts a private Mosquitto for the run, configured as the README advises
// (no limit on the messages it queues for the server); a stock one drops QoS 1 messages beyond 1,000
// queued for a client, which this bench then reports as lost at the broker.
// Knobs: BENCH_GATEWAYS, BENCH_GATEWAY_POINTS (total), BENCH_ENTRIES (per message; 10 metrics each),
// BENCH_SINGLE_CLIENTS, BENCH_SINGLE_POINTS (total), TELEMETRY_BATCH_POINTS/FLUSH_MS/QUEUE_POINTS.
import { sql } from 'drizzle-orm';
import { openBench } from './harness.ts';
import { type StreamServer, seedStreamDevices, startStreamServer, streamPlan } from './ingest-stream.ts';

const pg = Boolean(process.env.BENCH_DATABASE_URL);
const PG_TARGET = 50_000;
const PGLITE_TARGET = 10_000;
const plan = streamPlan(
  pg ? { gatewayPoints: 1_000_000, singlePoints: 200_000 } : { gatewayPoints: 200_000, singlePoints: 50_000 },
);

const bench = await openBench();
const { database } = bench;
let stream: StreamServer | undefined;
try {
  await seedStreamDevices(database, plan);
  await database.db.execute(sql.raw('vacuum analyze'));
  stream = await startStreamServer(bench, plan);
  console.log(stream.describe());

  const base = Date.now() - 30 * 86_400_000;
  const gateway = await stream.run('gateway', base);
  const single = await stream.run('single', base);

  const target = pg ? PG_TARGET : PGLITE_TARGET;
  console.log(
    `ingest on ${database.kind}${stream.broker ? ` through ${stream.broker}` : ''}: gateway batches ${Math.round(gateway.rate).toLocaleString('en')} points/s, single points ` +
      `${Math.round(single.rate).toLocaleString('en')} points/s, 0 lost (target ≥ ${target.toLocaleString('en')} points/s): ` +
      `${gateway.rate >= target ? 'met' : 'NOT met'}`,
  );
} finally {
  await (stream ? stream.close() : bench.close());
}
