/**
 * Weight of the console's first load: the JS and CSS that apps/web/dist/index.html pulls in
 * (entry script, modulepreloads, stylesheets), gzipped the way Vite reports it (level 9).
 * Run after `npm run build:web`: node --import tsx bench/web.bench.ts
 * The last line is the total JS gzip in KB (1 KB = 1024 bytes).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`No build at ${dist}: run \`npm run build:web\` first.`);
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

type Kind = 'js' | 'css';
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
if (![...assets.values()].includes('js')) {
  console.error(`${indexFile} loads no script: is it a Vite build?`);
  process.exit(1);
}

// Figures go to stdout (the console is the report here; the lint rule keeps stray logs out of app code).
const print = (line: string) => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const totals: Record<Kind, { raw: number; gzip: number }> = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
const width = Math.max(...[...assets.keys()].map((url) => url.length));

for (const [url, kind] of assets) {
  // Only same-origin, root-relative assets are part of the build; anything else is not ours to weigh.
  if (!url.startsWith('/') || url.startsWith('//')) {
    console.warn(`skipping ${url}: not a file of the build`);
    continue;
  }
  const content = readFileSync(path.join(dist, url.split(/[?#]/)[0] ?? url));
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  totals[kind].raw += content.length;
  totals[kind].gzip += gzip;
  print(
    `${kind.padEnd(3)}  ${url.padEnd(width)}  ${kb(content.length).padStart(8)} KB raw  ${kb(gzip).padStart(8)} KB gzip`,
  );
}

print(`total CSS: ${kb(totals.css.raw)} KB raw, ${kb(totals.css.gzip)} KB gzip`);
print(`total JS: ${kb(totals.js.raw)} KB raw`);
print(`total JS gzip: ${kb(totals.js.gzip)} KB`);
