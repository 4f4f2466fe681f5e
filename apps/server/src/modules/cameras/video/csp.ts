import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cameras, videoPlatforms } from '../../../db/schema/index.ts';

/** Stream domains of the EZVIZ open platform (its HLS and FLV addresses are on subdomains of ys7.com). */
const EZVIZ_STREAM_SOURCES = ['https://*.ys7.com', 'wss://*.ys7.com'];

/** A CSP source for a URL: its origin; anything a CSP source cannot say (odd characters) is left out. */
function sourceOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  if (!/^(https?|wss?):$/.test(u.protocol) || !/^[\w.-]+$|^\[[\da-f:.]+\]$/i.test(u.hostname)) return null;
  return `${u.protocol}//${u.host}`;
}

/**
 * The video hosts the console's CSP must let a page fetch streams from: the origins of enabled
 * cameras' stream URLs; EZVIZ's stream domains when an EZVIZ platform exists; a wvp server's host on any
 * port and scheme (its ZLMediaKit answers on ports of its own). Kept in `app.cspSources.video`.
 */
export async function videoSources(app: FastifyInstance): Promise<string> {
  const [urls, platforms] = await Promise.all([
    app.db
      .selectDistinct({ url: cameras.url })
      .from(cameras)
      .where(and(eq(cameras.enabled, true), inArray(cameras.sourceKind, ['hls', 'http_flv', 'ws_flv', 'whep']))),
    app.db.selectDistinct({ kind: videoPlatforms.kind, apiUrl: videoPlatforms.apiUrl }).from(videoPlatforms),
  ]);
  const sources = new Set<string>();
  for (const { url } of urls) {
    const source = sourceOf(url);
    if (source) sources.add(source);
  }
  for (const p of platforms) {
    if (p.kind === 'ezviz') for (const s of EZVIZ_STREAM_SOURCES) sources.add(s);
    const source = sourceOf(p.apiUrl);
    if (p.kind === 'wvp' && source) {
      const host = new URL(source).hostname;
      for (const scheme of ['http', 'https', 'ws', 'wss']) sources.add(`${scheme}://${host}:*`);
    }
  }
  return [...sources].sort().join(' ');
}

/**
 * Keeps `app.cspSources.video` current: at start, after any write to cameras or platforms (an answered
 * POST/PUT/DELETE under /api/cameras or /api/video-platforms), and every minute (another API server's writes).
 */
export function keepVideoSources(app: FastifyInstance): void {
  let running: Promise<void> | null = null;
  let again = false;
  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = videoSources(app)
      .then((video) => {
        app.cspSources.video = video;
      })
      .catch((err) => app.log.warn({ err }, 'cameras: the CSP video sources could not be read'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return running;
  };
  app.addHook('onReady', refresh);
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && reply.statusCode < 400 && /^\/api\/(cameras|video-platforms)(\/|$|\?)/.test(req.url))
      await refresh();
  });
  const timer = setInterval(() => void refresh(), 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
