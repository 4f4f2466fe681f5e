/**
 * Weight and first paint of the console's first screens.
 *
 * 1. The JS and CSS that apps/web/dist/index.html pulls in (entry script, modulepreloads, stylesheets).
 * 2. Walking Vite's manifest: what it takes to show /login (entry + the sign-in page chunk and
 *    everything they import statically) and the layout with an empty page (entry + console shell +
 *    the not-available page), gzipped the way Vite reports it (level 9). Target: ≤ 250 KB gzip JS
 *    before the sign-in screen is interactive.
 * 3. That every route page is a lazy chunk of its own (not in the entry's static closure).
 * 4. First contentful paint of /login in Debian's Chromium through Playwright (median of 5 cold
 *    loads, served from a local static server). Lighthouse is not installed here, so no score.
 *
 * Run after `npm run build:web`: node --import tsx bench/web.bench.ts
 * The last line is the gzip JS needed to show /login, in KB (1 KB = 1024 bytes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

// WEB_DIST: a build elsewhere (as the server takes it), e.g. one made with `vite build --outDir`.
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
const indexFile = path.join(dist, 'index.html');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(indexFile) || !existsSync(manifestFile)) {
  console.error(`No build with a manifest at ${dist}: run \`npm run build:web\` first.`);
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');

// Figures go to stdout (the console is the report here; the lint rule keeps stray logs out of app code).
const print = (line: string) => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => (bytes / 1024).toFixed(2);

type Kind = 'js' | 'css';
const gzipCache = new Map<string, { raw: number; gzip: number }>();
function weigh(file: string): { raw: number; gzip: number } {
  let sizes = gzipCache.get(file);
  if (!sizes) {
    const content = readFileSync(path.join(dist, file));
    sizes = { raw: content.length, gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length };
    gzipCache.set(file, sizes);
  }
  return sizes;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

// 1. What index.html loads.
const assets = new Map<string, Kind>();
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  const src = attribute(tag, 'src');
  if (src) assets.set(src, 'js');
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
  const href = attribute(tag, 'href');
  if (!href) continue;
  if (rel.includes('stylesheet')) assets.set(href, 'css');
  else if (rel.includes('modulepreload')) assets.set(href, 'js');
}
const width = Math.max(...[...assets.keys()].map((url) => url.length));
const totals: Record<Kind, { raw: number; gzip: number }> = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
print('index.html loads:');
for (const [url, kind] of assets) {
  // Only same-origin, root-relative assets are part of the build; anything else is not ours to weigh.
  if (!url.startsWith('/') || url.startsWith('//')) {
    console.warn(`skipping ${url}: not a file of the build`);
    continue;
  }
  const sizes = weigh(url.split(/[?#]/)[0]?.slice(1) ?? url);
  totals[kind].raw += sizes.raw;
  totals[kind].gzip += sizes.gzip;
  print(
    `  ${kind.padEnd(3)}  ${url.padEnd(width)}  ${kb(sizes.raw).padStart(8)} KB raw  ${kb(sizes.gzip).padStart(8)} KB gzip`,
  );
}
print(`  entry total: JS ${kb(totals.js.gzip)} KB gzip, CSS ${kb(totals.css.gzip)} KB gzip`);

// 2. The manifest walk.
interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed?`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

function report(label: string, keys: string[]): number {
  const { js, css } = closure(keys);
  const sum = (files: Set<string>) =>
    [...files].reduce((acc, file) => ({ raw: acc.raw + weigh(file).raw, gzip: acc.gzip + weigh(file).gzip }), {
      raw: 0,
      gzip: 0,
    });
  const j = sum(js);
  const c = sum(css);
  print(
    `${label}: JS ${kb(j.gzip)} KB gzip (${kb(j.raw)} KB raw, ${js.size} files), CSS ${kb(c.gzip)} KB gzip (${kb(c.raw)} KB raw)`,
  );
  return j.gzip;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
print('');
const loginJs = report('to show /login', [entryKey, 'src/features/login/pages/login-page.tsx']);
report('to show the layout with an empty page', [
  entryKey,
  'src/app/layout/console-shell.tsx',
  'src/shared/ui/module-unavailable-page.tsx',
]);
const TARGET_KB = 250;
print(
  `target: ≤ ${TARGET_KB} KB gzip JS before the sign-in screen is interactive: ${loginJs / 1024 <= TARGET_KB ? 'met' : 'MISSED'}`,
);

// 3. Every page file is a lazy chunk, outside what the entry loads.
const entryClosure = closure([entryKey]).js;
const pages = Object.entries(manifest).filter(([key]) => /\/pages\/[^/]+\.tsx$/.test(key));
const eager = pages.filter(([, chunk]) => !chunk.isDynamicEntry || entryClosure.has(chunk.file));
print(
  `route pages: ${pages.length} lazy-chunk files, ${eager.length} loaded eagerly${eager.length ? `: ${eager.map(([k]) => k).join(', ')}` : ''}`,
);

// 4. First contentful paint of /login.
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const file = path.join(dist, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(dist) || !existsSync(file)) {
    // No API here: the sign-in screen's captcha check fails quietly, as it would offline.
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const fcps: number[] = [];
const interactive: number[] = [];
try {
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/#/login`);
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    const times = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      ready: performance.now(),
    }));
    fcps.push(times.fcp);
    interactive.push(times.ready);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
print(
  `/login first contentful paint: ${median(fcps).toFixed(0)} ms median of ${fcps.length} (${fcps.map((v) => v.toFixed(0)).join(', ')})`,
);
print(`/login sign-in button rendered by: ${median(interactive).toFixed(0)} ms median (local server, no throttling)`);
print('Lighthouse: not installed here (npx lighthouse is absent), so no performance score');
print(`login JS gzip: ${kb(loginJs)} KB`);
