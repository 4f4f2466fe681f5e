import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const arcoEs = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@arco-design/web-react/package.json')),
  'es',
);

/**
 * Each module that imports Arco components also imports those components' styles (and, through
 * them, Arco's base and the styles of what they render inside), in place of the whole of Arco's
 * CSS (560 KB) up front: a lazy page brings the styles of its components with it, and the sign-in
 * page needs a tenth. The imports go first in the module, so its own CSS still comes after
 * Arco's, as it did after arco.min.css.
 */
function arcoStyles(): Plugin {
  const named = /import\s*\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/g;
  return {
    name: 'water:arco-styles',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const styles = new Set<string>();
      for (const [statement, list = ''] of code.matchAll(named)) {
        if (/^import\s+type\b/.test(statement)) continue;
        for (const part of list.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+.*/, '')
            .split(/\s+as\s+/)[0]
            ?.trim();
          if (name && existsSync(path.join(arcoEs, name, 'style/css.js'))) styles.add(name);
        }
      }
      if (styles.size === 0) return null;
      const imports = [...styles].map((name) => `import '@arco-design/web-react/es/${name}/style/css.js';`).join('');
      // On the first line, so that the module's own lines keep their numbers.
      return { code: `${imports}${code}`, map: null };
    },
  };
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text file of the build (index.html included), at the highest
 * levels: done once here, the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on every request. Files under 1 KB, or that would not shrink by a tenth,
 * are left alone (the server then sends the file itself).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'water:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((file) => !path.relative(outDir, file).startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length * 0.9) await writeFile(`${file}.br`, br);
          if (gzipped.length < content.length * 0.9) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/** The sign-in page's module, and the banner it loads beside the form on wide screens. */
const signInPage = path.resolve(import.meta.dirname, 'src/features/login/pages/login-page.tsx');
const signInBanner = path.resolve(import.meta.dirname, 'src/features/login/components/login-banner.tsx');

/**
 * The sign-in page is where most sessions start, and its chunks (the page, Arco's form, their
 * shared pieces and styles) are otherwise found only once the entry has run: a request round
 * after the entry's. Announced in index.html they load beside it. For another first page they
 * are mostly the form pieces every page uses anyway.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'water:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const page = Object.values(bundle).find((item) => item.type === 'chunk' && item.moduleIds.includes(signInPage));
        if (page?.type !== 'chunk') throw new Error('preload-sign-in: the sign-in page chunk is missing');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const walk = (fileName: string) => {
          const chunk = bundle[fileName];
          if (scripts.has(fileName) || chunk?.type !== 'chunk') return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) walk(next);
        };
        walk(page.fileName);
        const absent = (file: string) => !html.includes(`/${file}"`);
        return [
          ...[...scripts].filter(absent).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...styles].filter(absent).map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// In development the Fastify server (npm run dev at the root) answers these; in production it
// serves this build itself, so the console always calls its own origin.
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [arcoStyles(), react(), preloadSignIn(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web.bench.ts walks it to weigh what each screen needs.
    manifest: true,
    // Browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17); an older one
    // ignores the links and fetches those chunks a round later, which the polyfill's code in the
    // entry, downloaded by every browser, would save it.
    modulePreload: { polyfill: false },
    // Two chunks are larger on purpose, each loaded only by the page that shows it: MapLibre for the
    // region map (about 1,070 KB, 290 KB gzip) and ECharts for the charts (about 520 KB). Anything
    // else past this is a chunk to split.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // React changes far less often than the console: its own chunk stays cached across releases.
        // No catch-all vendor group: it would pull every library of every lazy page into the first
        // load; the rest of node_modules goes with the chunks that use it. Two groups cut the first
        // load's requests (the sign-in page's 50 → 24; each answer is ~850 bytes of headers, and
        // one brotli stream packs tighter than thirty): what the entry loads anyway ($initial) in
        // one chunk, and Arco's Form, Input, Tooltip and their helpers, which the sign-in page and
        // nearly every console page need, in another. Two more gather each lazy part of the sign-in
        // page with what it alone brings (a group takes its module's dependencies that no group
        // above took): the page (form, captcha, toolbar, theme and language switches, their icons)
        // in one chunk instead of seven, and the wide screen's banner (carousel, illustration,
        // arrows) in one instead of five. A console page that shares a piece (the theme switch, an
        // arrow icon) loads that chunk too, usually cached by then: sessions start at sign-in.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'boot', tags: ['$initial'], priority: 20 },
            {
              name: 'arco-form',
              test: /[\\/]node_modules[\\/](@arco-design[\\/]web-react[\\/]es[\\/](Form|Input|Grid|Trigger|Tooltip|Checkbox|Alert|Link)[\\/]|lodash[\\/]|b-validate|compute-scroll-into-view|scroll-into-view-if-needed|resize-observer-polyfill|react-transition-group|dom-helpers)/,
              priority: 10,
            },
            { name: 'sign-in', test: (id) => id === signInPage, priority: 5 },
            { name: 'sign-in-banner', test: (id) => id === signInBanner, priority: 4 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': server, '/healthz': server, '/readyz': server },
  },
});
