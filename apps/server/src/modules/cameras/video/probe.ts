import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { CameraSourceKind } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { MessageKey } from '../../../i18n/messages.ts';
import { signTicket, videoKey } from './keys.ts';
import { MEDIA_PREFIX } from './play.ts';

/** Source kinds checked when a camera is saved: a wrong URL is refused there (issue 19). */
export const PROBED_ON_SAVE: readonly CameraSourceKind[] = ['hls', 'http_flv', 'ws_flv'];

/** A source to check: a camera's source fields (the password as stored, or as typed in the form). */
export interface ProbeSource {
  sourceKind: CameraSourceKind;
  url: string;
  platformId: number | null;
  serial: string;
  channel: number;
  gbDeviceId: string;
  gbChannelId: string;
  username: string;
  password?: string;
}

export interface ProbeDetail {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface ProbeResult {
  ok: boolean;
  /** What answered, or why not: a server message key (shown in the caller's language). */
  detail: ProbeDetail;
  /** How long the check took. */
  ms: number;
}

/** A platform's check of one of its cameras (EZVIZ device info, wvp channel state), registered by video/ezviz.ts and video/wvp.ts. */
export type PlatformProbe = (
  app: FastifyInstance,
  source: ProbeSource,
  timeoutMs: number,
) => Promise<ProbeDetail & { ok: boolean }>;
export const platformProbes = new Map<CameraSourceKind, PlatformProbe>();

/**
 * The camera id a probe's own ticket names: no camera has it, so it is never handed to a browser. The
 * media routes take it for any of their paths; only this server can sign it, for a minute.
 */
export const PROBE_TICKET_CAMERA = 0;

const OK: ProbeDetail = { key: 'camera.probe.ok' };
const httpStatus = (status: number): ProbeDetail => ({ key: 'camera.probe.http', params: { status } });

/**
 * Checks a camera source the way a player would reach it, within VIDEO_PROBE_TIMEOUT_MS:
 * - HLS: a GET answered 2xx whose body starts `#EXTM3U` (a path on this server is asked in-process);
 * - HTTP-FLV: 2xx and the first bytes `FLV` (only the first chunk is read);
 * - WS-FLV: a WebSocket upgrade answered 101;
 * - RTSP: a TCP connection to the host (554 unless given), then an OPTIONS request if it answers;
 * - WHEP: an OPTIONS answered below 500 (no offer is posted);
 * - EZVIZ, GB28181: the platform is asked about the device.
 * Never throws; the password never appears in the answer.
 */
export async function probeSource(app: FastifyInstance, source: ProbeSource): Promise<ProbeResult> {
  const started = performance.now();
  const timeoutMs = app.config.VIDEO_PROBE_TIMEOUT_MS;
  let result: { ok: boolean; detail: ProbeDetail };
  try {
    result = await probeKind(app, source, timeoutMs);
  } catch (error) {
    result = { ok: false, detail: failure(error, source.url, timeoutMs) };
  }
  return { ...result, ms: Math.round(performance.now() - started) };
}

async function probeKind(
  app: FastifyInstance,
  source: ProbeSource,
  timeoutMs: number,
): Promise<{ ok: boolean; detail: ProbeDetail }> {
  switch (source.sourceKind) {
    case 'hls':
      return source.url.startsWith(MEDIA_PREFIX) ? probeLocalHls(app, source.url) : probeHls(source.url, timeoutMs);
    case 'http_flv':
      return probeHttpFlv(source.url, timeoutMs);
    case 'ws_flv':
      return probeWebSocket(source.url, timeoutMs);
    case 'rtsp':
      return probeRtsp(source.url, timeoutMs);
    case 'whep':
      return probeWhep(source.url, timeoutMs);
    case 'ezviz':
    case 'gb28181': {
      const probe = platformProbes.get(source.sourceKind);
      if (!probe)
        return { ok: false, detail: { key: 'camera.sourceUnavailable', params: { detail: source.sourceKind } } };
      const { ok, ...detail } = await probe(app, source, timeoutMs);
      return { ok, detail };
    }
  }
}

/** Why a check failed, from what was thrown: a timeout, a refused or unknown host, or the platform's word. */
function failure(error: unknown, url: string, timeoutMs: number): ProbeDetail {
  if (error instanceof ProbeFailure) return error.detail;
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return { key: 'camera.probe.timeout', params: { seconds: Math.round(timeoutMs / 100) / 10 } };
  return { key: 'camera.probe.unreachable', params: { host: hostOf(url) } };
}

/** A failure a check names itself (a platform's error). */
export class ProbeFailure extends Error {
  constructor(readonly detail: ProbeDetail) {
    super(detail.key);
  }
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url.slice(0, 60));

async function probeHls(url: string, timeoutMs: number) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, detail: httpStatus(response.status) };
  }
  const head = await firstBytes(response, 16);
  const ok = new TextDecoder()
    .decode(head)
    .replace(/^\uFEFF/, '')
    .startsWith('#EXTM3U');
  return { ok, detail: ok ? OK : { key: 'camera.probe.notHls' as const } };
}

/** A playlist on this server (a demo clip, an RTSP conversion's): asked in-process, with a probe ticket. */
async function probeLocalHls(app: FastifyInstance, url: string) {
  const seconds = Math.floor(app.clock.now().getTime() / 1000) + 60;
  const ticket = signTicket(await videoKey(app.database), PROBE_TICKET_CAMERA, seconds);
  const response = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}t=${ticket}` });
  if (response.statusCode < 200 || response.statusCode >= 300)
    return { ok: false, detail: httpStatus(response.statusCode) };
  const ok = response.body.replace(/^\uFEFF/, '').startsWith('#EXTM3U');
  return { ok, detail: ok ? OK : { key: 'camera.probe.notHls' as const } };
}

async function probeHttpFlv(url: string, timeoutMs: number) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, detail: httpStatus(response.status) };
  }
  const head = await firstBytes(response, 3);
  const ok = head.length >= 3 && head[0] === 0x46 && head[1] === 0x4c && head[2] === 0x56;
  return { ok, detail: ok ? OK : { key: 'camera.probe.notFlv' as const } };
}

/** The first `count` bytes of an answer (or fewer if it ends), then the rest is not read: a live stream never ends. */
async function firstBytes(response: Response, count: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < count) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** A WebSocket handshake (node:http upgrade): 101 means the server speaks WebSocket there. */
function probeWebSocket(url: string, timeoutMs: number): Promise<{ ok: boolean; detail: ProbeDetail }> {
  const target = new URL(url);
  const secure = target.protocol === 'wss:';
  target.protocol = secure ? 'https:' : 'http:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(target, {
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(
        response.statusCode === 101
          ? { ok: true, detail: OK }
          : { ok: false, detail: httpStatus(response.statusCode ?? 0) },
      );
    });
    request.on('response', (response) => {
      response.destroy();
      resolve({ ok: false, detail: httpStatus(response.statusCode ?? 0) });
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * An RTSP server: a TCP connection within the time, then OPTIONS (no credentials needed for it). A
 * connection that does not answer OPTIONS still counts as reachable; an answer of 5xx does not.
 */
function probeRtsp(url: string, timeoutMs: number): Promise<{ ok: boolean; detail: ProbeDetail }> {
  const target = new URL(url);
  const port = Number(target.port) || (target.protocol === 'rtsps:' ? 322 : 554);
  const plain = `${target.protocol}//${target.host}${target.pathname}${target.search}`;
  return new Promise((resolve, reject) => {
    let connected = false;
    let answer = '';
    const socket = net.connect({ host: target.hostname, port });
    const timer = setTimeout(() => {
      socket.destroy();
      if (connected) resolve({ ok: true, detail: OK });
      else reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    }, timeoutMs);
    const done = (value: { ok: boolean; detail: ProbeDetail }) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on('connect', () => {
      connected = true;
      if (target.protocol === 'rtsps:') return done({ ok: true, detail: OK });
      socket.write(`OPTIONS ${plain} RTSP/1.0\r\nCSeq: 1\r\nUser-Agent: water-console\r\n\r\n`);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (!answer.includes('\r\n')) return;
      const status = Number(/^RTSP\/\d\.\d (\d{3})/.exec(answer)?.[1] ?? 0);
      done(status >= 500 ? { ok: false, detail: httpStatus(status) } : { ok: true, detail: OK });
    });
    socket.on('close', () => {
      if (connected) done({ ok: true, detail: OK });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (connected) resolve({ ok: true, detail: OK });
      else reject(error);
    });
  });
}

async function probeWhep(url: string, timeoutMs: number) {
  const response = await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  return response.status < 500 ? { ok: true, detail: OK } : { ok: false, detail: httpStatus(response.status) };
}
