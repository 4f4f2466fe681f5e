import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * - font-src 'self' data:, object-src 'none', base-uri 'self', form-action 'self',
 *   frame-ancestors 'none' (no framing: clickjacking of pump controls).
 */
export function contentSecurityPolicy(tiles: string | null, host: string | undefined): string {
  // The Host header is the caller's: only a plain host[:port] goes into the header.
  const sameHost = host && /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) ? ` ws://${host} wss://${host}` : '';
  const extra = tiles ? ` ${tiles}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${sameHost}${extra}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/') || req.url === '/api';

/**
 * Security headers on every answer (console files, uploads, API, errors), in one place:
 * CSP, no framing, nosniff, a referrer policy, `no-store` on API answers that set no caching of
 * their own, and HSTS when the request came over HTTPS (only known behind a proxy with
 * TRUST_PROXY: then `req.protocol` reads X-Forwarded-Proto).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const tiles = tileSource(app.config.MAP_TILE_URL);
  app.addHook('onSend', async (req, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy(tiles, req.host));
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
