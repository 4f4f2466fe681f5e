/**
 * Camera video as an operator's wall receives it (issue 19): `npm run bench:video`.
 *
 * 1. Starts the real server process (apps/server/src/server.ts, as `npm start` runs it: PGlite in a
 *    temporary DATA_DIR, the demo seed without history, no simulator, no MQTT port) serving the build
 *    in apps/web/dist (or WEB_DIST), and adds demo-clip cameras until 16 play (the demo city has 12).
 * 2. Samples the server's CPU time and memory (/proc/<pid>) for BASELINE_S seconds idle.
 * 3. Opens the live view `/#/bz/camera?grid=16&cameras=…` in Debian's Chromium (Playwright) with a
 *    session, and records for each of the 16 <video> elements the moment it was created and the moment
 *    its first frame was decoded (`loadeddata`), in the page's clock from navigation start.
 * 4. Keeps the 16 tiles playing for HOLD_S seconds and samples the server again: CPU (% of one core),
 *    resident memory (its peak, sampled each second), and the media bytes it sent (CDP's encodedDataLength of /api/media/ answers);
 *    checks that every tile's currentTime advanced over the hold.
 * 5. Prints the figures and the targets: first frame of all 16 tiles ≤ 5 s from navigation (p95 of
 *    the tiles), server CPU with 16 viewers ≤ 10 % of one core, memory growth ≤ 50 MB.
 *
 * The last line is the slowest tile's time to first frame, in ms.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ADMIN, quantiles } from './harness.ts';
import { startServerProcess } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build at ${dist}: run \`npm run build:web\` first.`);
  process.exit(1);
}
const TILES = 16;
const BASELINE_S = Number(process.env.BASELINE_S ?? 10);
const HOLD_S = Number(process.env.HOLD_S ?? 30);
const print = (line: string) => process.stdout.write(`${line}\n`);

// 1. The server.
const server = await startServerProcess(dist, 'video');
const { origin } = server;

/** The server process's CPU time (user + system, seconds) and resident memory (MB), from /proc. */
function sample(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss) / 1024, at: performance.now() };
}
const cpuPercent = (a: ReturnType<typeof sample>, b: ReturnType<typeof sample>) =>
  ((b.cpu - a.cpu) / ((b.at - a.at) / 1000)) * 100;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.msg}`);
  return envelope.data;
}

try {
  await server.ready();
  const pid = server.pid;
  const login = (await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  }).then((r) => r.json())) as Envelope<{ token: string }>;
  const token = login.data.token;

  type Row = { id: number; code: string; url: string; stationId: number | null; sourceKind: string };
  const list = await api<{ list: Row[] }>(token, 'GET', '/cameras?pageSize=100');
  const demo = list.list.filter((c) => c.sourceKind === 'hls' && c.url.startsWith('/api/media/demo/'));
  if (demo.length === 0) throw new Error('no demo-clip cameras: is the demo seed on?');
  const ids = demo.map((c) => c.id);
  // More viewers of the same clips, as a wall shows (the demo city has 12 cameras).
  for (let i = 0; ids.length < TILES; i++) {
    const like = demo[i % demo.length] as Row;
    const made = await api<Row>(token, 'POST', '/cameras', {
      code: `BENCH-${String(i + 1).padStart(2, '0')}`,
      name: `Bench ${i + 1}`,
      stationId: like.stationId,
      sourceKind: 'hls',
      url: like.url,
    });
    ids.push(made.id);
  }

  // 2. Idle.
  await new Promise((r) => setTimeout(r, 1000));
  const idle0 = sample(pid);
  await new Promise((r) => setTimeout(r, BASELINE_S * 1000));
  const idle1 = sample(pid);

  // 3. The wall.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(`${origin}/#/login`);
  await page.evaluate((value) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'token',
      value,
    );
  }, token);
  await page.goto('about:blank');
  await page.addInitScript({
    content: `(() => {
      window.__tiles = [];
      const seen = new WeakSet();
      const watch = (v) => {
        if (seen.has(v)) return;
        seen.add(v);
        const tile = { created: performance.now(), frame: null };
        window.__tiles.push(tile);
        v.addEventListener('loadeddata', () => { tile.frame ??= performance.now(); });
      };
      new MutationObserver(() => document.querySelectorAll('video').forEach(watch))
        .observe(document, { childList: true, subtree: true });
    })();`,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const mediaRequests = new Set<string>();
  let mediaBytes = 0;
  let counting = false;
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.url.includes('/api/media/')) mediaRequests.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (counting && mediaRequests.has(e.requestId)) mediaBytes += e.encodedDataLength;
  });
  await page.goto(`${origin}/#/bz/camera?grid=${TILES}&cameras=${ids.slice(0, TILES).join(',')}`);
  type Tile = { created: number; frame: number | null };
  type Doc = { document: { querySelectorAll(s: string): ArrayLike<{ currentTime: number }> } };
  const currentTimes = () =>
    page.evaluate(() =>
      Array.from((globalThis as unknown as Doc).document.querySelectorAll('video'), (v) => v.currentTime),
    );
  type PageGlobals = { __tiles: Tile[] };
  await page.waitForFunction(
    (n) => {
      const tiles = (globalThis as unknown as PageGlobals).__tiles;
      return tiles.length >= n && tiles.every((t) => t.frame !== null);
    },
    TILES,
    { timeout: 90_000, polling: 100 },
  );
  const tiles = await page.evaluate(() => (globalThis as unknown as PageGlobals).__tiles);
  const firstFrames = tiles.map((t) => t.frame ?? Number.NaN);
  const sinceCreated = tiles.map((t) => (t.frame ?? Number.NaN) - t.created);

  // 4. Sixteen viewers.
  const times0 = await currentTimes();
  counting = true;
  const hold0 = sample(pid);
  let peakRss = hold0.rssMb;
  for (let s = 0; s < HOLD_S; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    peakRss = Math.max(peakRss, sample(pid).rssMb);
  }
  const hold1 = sample(pid);
  counting = false;
  const times1 = await currentTimes();
  const advanced = times1.filter((t, i) => t > (times0[i] ?? 0) + HOLD_S / 2).length;
  await browser.close();

  // 5. Figures.
  const at = quantiles(firstFrames);
  const created = quantiles(sinceCreated);
  const idleCpu = cpuPercent(idle0, idle1);
  const wallCpu = cpuPercent(hold0, hold1);
  const growth = peakRss - Math.max(idle0.rssMb, idle1.rssMb);
  const slowest = Math.max(...firstFrames);
  print(`16-tile grid of the demo HLS streams, ${os.cpus().length} cores, ${new Date().toISOString()}`);
  print(
    `first frame from navigation     p50 ${at(0.5).toFixed(0)} ms   p95 ${at(0.95).toFixed(0)} ms   slowest ${slowest.toFixed(0)} ms`,
  );
  print(`first frame from the tile made  p50 ${created(0.5).toFixed(0)} ms   p95 ${created(0.95).toFixed(0)} ms`);
  print(`tiles whose currentTime advanced over ${HOLD_S} s: ${advanced} of ${times1.length}`);
  print(`server CPU idle ${idleCpu.toFixed(1)} %, with 16 viewers ${wallCpu.toFixed(1)} % of one core`);
  print(
    `server memory idle ${Math.max(idle0.rssMb, idle1.rssMb).toFixed(0)} MB, peak with 16 viewers ${peakRss.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB)`,
  );
  print(
    `media sent ${(mediaBytes / 1024 / HOLD_S).toFixed(1)} KB/s (${((mediaBytes * 8) / 1000 / HOLD_S / TILES).toFixed(0)} kbit/s per tile)`,
  );
  const target = (ok: boolean, text: string) => print(`${ok ? 'met    ' : 'NOT met'}  ${text}`);
  target(at(0.95) <= 5000, `first frame p95 ≤ 5000 ms (${at(0.95).toFixed(0)})`);
  target(wallCpu <= 10, `server CPU with 16 viewers ≤ 10 % of a core (${wallCpu.toFixed(1)})`);
  target(growth <= 50, `server memory growth ≤ 50 MB (${growth.toFixed(1)})`);
  target(advanced === TILES, `all ${TILES} tiles play (${advanced})`);
  print(slowest.toFixed(0));
} finally {
  server.stop();
}
