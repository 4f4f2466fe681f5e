import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, businessError } from '../../../lib/errors.ts';
import { type CameraRow, MEDIA_PREFIX, sourceResolvers, ticketed } from './play.ts';

/** Where a camera's conversion is served: `/api/media/rtsp/<id>/index.m3u8` and its segments. */
export const rtspPlaylistPath = (cameraId: number) => `${MEDIA_PREFIX}rtsp/${cameraId}/index.m3u8`;

/** A segment file of a conversion, as ffmpeg names them. */
export const RTSP_SEGMENT = /^seg-\d{1,9}\.ts$/;

/** The conversion's playlist is waited for this long on a viewer's first fetch (ffmpeg connects, then writes a segment). */
const FIRST_PLAYLIST_MS = 10_000;

/** An RTSP camera's URL with its username and password in it (they are stored apart, never shown). */
export function rtspUrlWithCredentials(camera: Pick<CameraRow, 'url' | 'username' | 'password'>): string {
  if (!camera.username) return camera.url;
  const url = new URL(camera.url);
  url.username = encodeURIComponent(camera.username);
  url.password = encodeURIComponent(camera.password);
  return url.toString();
}

export interface RtspOptions {
  /** ffmpeg's input arguments for a camera; tests point it at a file. */
  inputOf?: (camera: CameraRow) => string[];
  /** A conversion unwatched this long stops (VIDEO_RTSP_IDLE_SECONDS unless a test says). */
  idleMs?: number;
  /** How often idle conversions are looked for. */
  sweepMs?: number;
}

interface Conversion {
  cameraId: number;
  dir: string;
  process: ChildProcess;
  /** performance.now() of the last fetch of its playlist or a segment. */
  lastSeen: number;
  exited: Promise<void>;
  /** ffmpeg's last lines (the password masked), told when it ends on its own. */
  tail: string[];
  stopping: boolean;
}

/**
 * RTSP cameras converted on demand to HLS (issue 19): one ffmpeg per watched camera, copying the
 * camera's H.264 into 2-s MPEG-TS segments in a temporary folder, served by media.routes.ts. A
 * conversion starts on the first play (or the first fetch of a ticketed playlist whose conversion is
 * gone, e.g. after a restart), each fetch keeps it alive, and it stops when nobody has fetched
 * for VIDEO_RTSP_IDLE_SECONDS: it never outlives its last viewer. At most VIDEO_RTSP_MAX at once.
 * Everything stops when the app closes.
 */
export class RtspConversions {
  private readonly running = new Map<number, Conversion>();
  private readonly starting = new Map<number, Promise<Conversion>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly inputOf: (camera: CameraRow) => string[];

  constructor(
    private readonly app: FastifyInstance,
    options: RtspOptions = {},
  ) {
    this.idleMs = options.idleMs ?? app.config.VIDEO_RTSP_IDLE_SECONDS * 1000;
    this.inputOf =
      options.inputOf ??
      ((camera) => ['-rtsp_transport', 'tcp', '-timeout', '10000000', '-i', rtspUrlWithCredentials(camera)]);
    this.sweeper = setInterval(() => void this.sweep(), options.sweepMs ?? Math.min(5000, this.idleMs / 2));
    this.sweeper.unref();
  }

  /** Cameras being converted now. */
  get size(): number {
    return this.running.size;
  }

  /** The ffmpeg process of a camera's conversion, if one runs. */
  pid(cameraId: number): number | undefined {
    return this.running.get(cameraId)?.process.pid;
  }

  /** The temporary folder of a camera's conversion, if one runs. */
  folder(cameraId: number): string | undefined {
    return this.running.get(cameraId)?.dir;
  }

  /** Starts a camera's conversion, or keeps the running one; 503 when ffmpeg is missing or the limit is reached. */
  async start(camera: CameraRow): Promise<void> {
    const running = this.running.get(camera.id);
    if (running && !running.stopping) {
      running.lastSeen = performance.now();
      return;
    }
    let pending = this.starting.get(camera.id);
    if (!pending) {
      pending = this.spawn(camera).finally(() => this.starting.delete(camera.id));
      this.starting.set(camera.id, pending);
    }
    await pending;
  }

  private async spawn(camera: CameraRow): Promise<Conversion> {
    const max = this.app.config.VIDEO_RTSP_MAX;
    if (this.running.size + this.starting.size >= max) throw businessError(503, 'camera.rtspBusy', { max });
    const dir = await mkdtemp(path.join(os.tmpdir(), `water-rtsp-${camera.id}-`));
    const args = [
      ...['-hide_banner', '-loglevel', 'warning', '-nostdin'],
      ...this.inputOf(camera),
      ...['-c:v', 'copy', '-an', '-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
      ...['-hls_flags', 'delete_segments+omit_endlist+independent_segments'],
      ...['-hls_segment_filename', path.join(dir, 'seg-%d.ts')],
      path.join(dir, 'index.m3u8'),
    ];
    const secrets = [camera.password, encodeURIComponent(camera.password)].filter((s) => s.length > 0);
    const mask = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('******'), text);
    const child = spawn(this.app.config.FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const spawned = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (!spawned) {
      await rm(dir, { recursive: true, force: true });
      throw businessError(503, 'camera.ffmpegMissing');
    }
    const conversion: Conversion = {
      cameraId: camera.id,
      dir,
      process: child,
      lastSeen: performance.now(),
      tail: [],
      stopping: false,
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      conversion.tail.push(...mask(chunk).split('\n').filter(Boolean));
      conversion.tail.splice(0, Math.max(0, conversion.tail.length - 5));
    });
    this.app.log.info({ cameraId: camera.id, pid: child.pid, args: args.map(mask) }, 'camera: RTSP conversion started');
    void conversion.exited.then(async () => {
      if (this.running.get(camera.id) === conversion) this.running.delete(camera.id);
      if (!conversion.stopping)
        this.app.log.warn({ cameraId: camera.id, ffmpeg: conversion.tail }, 'camera: RTSP conversion ended');
      await rm(dir, { recursive: true, force: true });
    });
    this.running.set(camera.id, conversion);
    return conversion;
  }

  /**
   * A conversion's playlist with `query` (the ticket) on each segment, waited for up to 10 s after its
   * start; null when the conversion is not running or ffmpeg gave up. Counts as a viewer's fetch.
   */
  async playlist(cameraId: number, query: string, waitMs = FIRST_PLAYLIST_MS): Promise<string | null> {
    await this.starting.get(cameraId)?.catch(() => null);
    const deadline = performance.now() + waitMs;
    for (;;) {
      const conversion = this.running.get(cameraId);
      if (!conversion || conversion.stopping) return null;
      conversion.lastSeen = performance.now();
      const text = await readFile(path.join(conversion.dir, 'index.m3u8'), 'utf8').catch(() => null);
      if (text?.includes('#EXTINF')) {
        return text
          .split('\n')
          .map((line) => (line && !line.startsWith('#') ? `${line}${query ? `?${query}` : ''}` : line))
          .join('\n');
      }
      if (performance.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** A segment's bytes, or null (gone: deleted as the playlist slid, or the conversion stopped). Counts as a fetch. */
  async segment(cameraId: number, name: string): Promise<Buffer | null> {
    const conversion = this.running.get(cameraId);
    if (!conversion || !RTSP_SEGMENT.test(name)) return null;
    conversion.lastSeen = performance.now();
    return readFile(path.join(conversion.dir, name)).catch(() => null);
  }

  /** Stops conversions nobody fetched from for the idle time. */
  async sweep(): Promise<void> {
    const now = performance.now();
    const idle = [...this.running.values()].filter((c) => now - c.lastSeen >= this.idleMs);
    await Promise.all(idle.map((c) => this.stop(c.cameraId)));
  }

  /** Stops a camera's conversion (a camera changed, disabled or deleted; idle; closing). */
  async stop(cameraId: number): Promise<void> {
    const conversion = this.running.get(cameraId);
    if (!conversion) return;
    conversion.stopping = true;
    this.running.delete(cameraId);
    this.app.log.info({ cameraId, pid: conversion.process.pid }, 'camera: RTSP conversion stopped');
    conversion.process.kill('SIGTERM');
    const killer = setTimeout(() => conversion.process.kill('SIGKILL'), 3000);
    await conversion.exited;
    clearTimeout(killer);
    await rm(conversion.dir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.starting.values()].map((p) => p.catch(() => null)));
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's RTSP → HLS conversions (issue 19). */
    rtspConversions: RtspConversions;
  }
}

sourceResolvers.set('rtsp', async (app, camera, options) => {
  if (!app.hasDecorator('rtspConversions')) throw new AppError(503, 503, 'camera.ffmpegMissing');
  await app.rtspConversions.start(camera);
  return { ...(await ticketed(app, camera.id, rtspPlaylistPath(camera.id), options)), baseURL: null };
});
