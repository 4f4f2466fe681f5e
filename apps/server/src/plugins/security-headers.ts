import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The source a tile URL template loads from, for the CSP: its origin, a `{s}`-style subdomain
 * placeholder as the `*.` wildcard CSP allows (only leftmost), anything odder as its scheme alone.
 */
export function tileSource(template: string | undefined): string | null {
  const match = template ? /^(https?):\/\/([^/?#]+)/i.exec(template) : null;
  if (!match) return null;
  const [, scheme, host = ''] = match;
  if (!host.includes('{')) return `${scheme}://${host}`;
  const wildcard = host.replace(/^\{[^}]*\}\./, '*.');
  return /[{}]/.test(wildcard) ? `${scheme}:` : `${scheme}://${wildcard}`;
}

/**
 * The Content-Security-Policy of every answer. Why each source is there:
 * - script-src 'self': the build has no inline script (Vite emits module files only) and nothing
 *   evaluates strings; an injected <script> or handler attribute does not run.
 * - style-src 'unsafe-inline': Arco positions popups, ECharts its tooltips and Quill its editor
 *   with style attributes and injected <style>; without it they break. Styles cannot run code.
 * - img-src data: blob: — Arco's and the captcha's data: images, previews of picked files
 *   (object URLs), MapLibre's decoded tiles; plus the tile server of MAP_TILE_URL.
 * - connect-src 'self' and ws(s) to this host: the API and /api/ws (older Safari does not count
 *   ws: as 'self'); plus the tile server, which MapLibre fetches.
 * - worker-src 'self' blob: — MapLibre's worker (a file of the build; blob: for its fallback).
 * - media-src 'self' blob: — camera tiles: hls.js and mpegts.js play through Media Source Extensions
 *   (a blob: URL), native HLS from this server's streams.
 * - The video hosts of the registered cameras (`app.cspSources.video`, kept by the cameras module:
 *   the origins of their stream URLs, the EZVIZ stream domains when an EZVIZ platform exists) in
 *   connect-src (hls.js, mpegts.js and the WHEP offer fetch from them) and media-src (native HLS).
 * - font-src 'self' data:, object-src 'none', base-uri 'self', form-action 'self',
 *   frame-ancestors 'none' (no framing: clickjacking of pump controls).
 */
export function contentSecurityPolicy(tiles: string | null, host: string | undefined, video = ''): string {
  // The Host header is the caller's: only a plain host[:port] goes into the header.
  const sameHost = host && /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) ? ` ws://${host} wss://${host}` : '';
  const extra = tiles ? ` ${tiles}` : '';
  const videoHosts = video ? ` ${video}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${sameHost}${extra}${videoHosts}`,
    `media-src 'self' blob:${videoHosts}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Request destinations (`Sec-Fetch-Dest`) whose answer no browser runs under a policy: it reads a
 * CSP off documents and workers only, never off a script, a style sheet, an image or a font it
 * loads into a page. Such an answer carries {@link SUBRESOURCE_CSP}, shut and short, in place of the
 * full policy (some 300 bytes less on each of the sign-in page's files), with
 * `Vary: Sec-Fetch-Dest` so that no cache hands it to a worker or a document asking for the same
 * URL. MapLibre's worker is a file of the build: asked for as a worker, it gets the full policy it
 * runs under. Browsers send the header to HTTPS and localhost origins only; without it (plain HTTP
 * to another host, older browsers) every answer carries the full policy.
 */
const POLICY_FREE_DESTINATIONS = new Set(['script', 'style', 'image', 'font']);
export const SUBRESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

function addVary(reply: FastifyReply, header: string) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes(header) || names.includes('*')) return;
  reply.header('vary', value ? `${value}, ${header}` : header);
}

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/') || req.url === '/api';

/**
 * Security headers on every answer (console files, uploads, API, errors), in one place:
 * CSP (the short one where no browser applies it, see above), no framing, nosniff, a referrer
 * policy, `no-store` on API answers that set no caching of their own, and HSTS when the request
 * came over HTTPS (only known behind a proxy with TRUST_PROXY: then `req.protocol` reads
 * X-Forwarded-Proto).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const tiles = tileSource(app.config.MAP_TILE_URL);
  // The policy of the last Host seen: nearly every answer has the same one, and building it (a check of
  // the header and a join of eleven directives) was done again for each answer.
  let last: { host: string | undefined; video: string; policy: string } | null = null;
  app.decorate('cspSources', { video: '' });
  const policyFor = (host: string | undefined) => {
    const video = app.cspSources.video;
    if (last === null || last.host !== host || last.video !== video)
      last = { host, video, policy: contentSecurityPolicy(tiles, host, video) };
    return last.policy;
  };
  app.addHook('onSend', async (req, reply) => {
    const destination = req.headers['sec-fetch-dest'];
    if (typeof destination === 'string' && POLICY_FREE_DESTINATIONS.has(destination)) {
      reply.header('content-security-policy', SUBRESOURCE_CSP);
      addVary(reply, 'sec-fetch-dest');
    } else {
      reply.header('content-security-policy', policyFor(req.host));
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    // Cross-site the origin only: a tile server (OpenStreetMap's policy asks for it) learns the
    // site, never a console path with its query.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('cache-control') && (isApi(req) || type.startsWith('application/json'))) {
      reply.header('cache-control', 'no-store');
    }
  });
});
