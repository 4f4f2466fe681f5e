import type { CameraPlay } from '@water/contracts';
import { ApiError, errorText } from '../../../shared/api/http.ts';
import { createEngine, type PlayerEngine } from './engines/index.ts';

/** What a tile is doing. `reason` is technical (an engine's error) or the server's message. */
export type PlayerStatus =
  | { kind: 'connecting' }
  | { kind: 'playing' }
  | { kind: 'stalled' }
  | { kind: 'reconnecting'; attempt: number; reason: string }
  | { kind: 'error'; reason: string }
  | { kind: 'offline' };

export interface PlayerView {
  status: PlayerStatus;
  /** Seconds behind live: measured, or the play answer's expectation until measured (null: not known). */
  latency: number | null;
  estimated: boolean;
}

/** Waits before the 1st, 2nd, 3rd… reconnect; the last repeats. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** A stream whose picture has not moved for this long has dropped: reconnect. */
export const STALL_MS = 10_000;
/** The first picture may take this long (a playlist, an init segment, a segment). */
export const START_MS = 15_000;
/** A play answer with an `expiresAt` is renewed this long before it. */
export const RENEW_BEFORE_MS = 30_000;
const TICK_MS = 1000;

export interface PlayerSessionOptions {
  getPlay: () => Promise<CameraPlay>;
  onPlay?: (play: CameraPlay) => void;
  onChange: (view: PlayerView) => void;
}

/**
 * One tile's connection, apart from React: asks for a play answer, attaches the engine its player
 * needs, watches the picture (playing / stalled / dropped), reconnects with backoff, renews the
 * address before it expires, and frees everything on `dispose`.
 */
export class PlayerSession {
  private engine: PlayerEngine | null = null;
  /** Each connection's number: a late answer of an older one is dropped. */
  private generation = 0;
  private attempt = 0;
  private disposed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** When the picture last moved (or the connection started), ms. */
  private lastProgress = 0;
  private lastTime = -1;
  private startedPlaying = false;
  private view: PlayerView = { status: { kind: 'connecting' }, latency: null, estimated: true };

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly options: PlayerSessionOptions,
  ) {}

  start(): void {
    this.video.addEventListener('playing', this.onPlaying);
    this.video.addEventListener('timeupdate', this.onTimeUpdate);
    this.video.addEventListener('waiting', this.onWaiting);
    this.video.addEventListener('error', this.onVideoError);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.ticker = setInterval(this.tick, TICK_MS);
    void this.connect();
  }

  /** The user's reconnect: a fresh play answer now, backoff from the start. */
  reconnect(): void {
    if (this.disposed) return;
    this.attempt = 0;
    void this.connect();
  }

  dispose(): void {
    this.disposed = true;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewTimer);
    clearInterval(this.ticker);
    this.video.removeEventListener('playing', this.onPlaying);
    this.video.removeEventListener('timeupdate', this.onTimeUpdate);
    this.video.removeEventListener('waiting', this.onWaiting);
    this.video.removeEventListener('error', this.onVideoError);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.dropEngine();
  }

  private update(patch: Partial<PlayerView>): void {
    if (this.disposed) return;
    this.view = { ...this.view, ...patch };
    this.options.onChange(this.view);
  }

  private dropEngine(): void {
    const engine = this.engine;
    this.engine = null;
    engine?.detach();
  }

  /** Asks for a play answer and attaches its engine. `quiet`: a renewal, the tile keeps its state. */
  private async connect(quiet = false): Promise<void> {
    const generation = ++this.generation;
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewTimer);
    if (!quiet) this.dropEngine();
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.update({ status: { kind: 'offline' } });
      return;
    }
    if (!quiet && this.attempt === 0) this.update({ status: { kind: 'connecting' } });

    let play: CameraPlay;
    try {
      play = await this.options.getPlay();
    } catch (err) {
      if (generation !== this.generation) return;
      // The server refused (no such camera, disabled, a link ended): asking again will not help.
      if (err instanceof ApiError) {
        this.dropEngine();
        this.update({ status: { kind: 'error', reason: err.message } });
      } else this.fail(errorText(err));
      return;
    }
    if (generation !== this.generation) return;
    this.options.onPlay?.(play);
    this.dropEngine();
    this.scheduleRenew(play.expiresAt);
    this.startedPlaying = false;
    this.lastTime = -1;
    this.lastProgress = Date.now();
    if (!quiet) this.update({ latency: play.expectedLatency, estimated: true });

    const engine = createEngine(play.player);
    this.engine = engine;
    try {
      await engine.attach(this.video, play, {
        onFatal: (reason) => {
          if (generation === this.generation && this.engine === engine) this.fail(reason);
        },
      });
    } catch (err) {
      if (generation === this.generation && this.engine === engine) this.fail(errorText(err));
    }
  }

  private fail(reason: string): void {
    if (this.disposed) return;
    this.generation += 1;
    this.dropEngine();
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewTimer);
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.update({ status: { kind: 'reconnecting', attempt: this.attempt, reason } });
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private scheduleRenew(expiresAt: string | null): void {
    if (!expiresAt) return;
    const at = Date.parse(expiresAt);
    if (!Number.isFinite(at)) return;
    // Not sooner than 5 s from now: an address that is about to end is renewed once, not in a loop.
    const wait = Math.max(at - RENEW_BEFORE_MS - Date.now(), 5000);
    this.renewTimer = setTimeout(() => void this.connect(true), wait);
  }

  private readonly tick = (): void => {
    if (this.disposed || !this.engine) return;
    const kind = this.view.status.kind;
    if (kind !== 'connecting' && kind !== 'playing' && kind !== 'stalled' && kind !== 'reconnecting') return;
    const measured = this.engine.latency();
    if (measured !== null) this.update({ latency: measured, estimated: false });
    const limit = this.startedPlaying ? STALL_MS : START_MS;
    if (Date.now() - this.lastProgress > limit) this.fail(this.startedPlaying ? 'stalled' : 'no picture');
  };

  private readonly onPlaying = (): void => {
    if (!this.engine) return;
    this.markProgress();
  };

  private readonly onTimeUpdate = (): void => {
    if (!this.engine) return;
    const time = this.video.currentTime;
    if (time === this.lastTime) return;
    this.lastTime = time;
    this.markProgress();
  };

  private markProgress(): void {
    this.lastProgress = Date.now();
    this.startedPlaying = true;
    if (this.view.status.kind !== 'playing') {
      this.attempt = 0;
      this.update({ status: { kind: 'playing' } });
    }
  }

  private readonly onWaiting = (): void => {
    if (this.engine && this.startedPlaying && this.view.status.kind === 'playing') {
      this.update({ status: { kind: 'stalled' } });
    }
  };

  private readonly onVideoError = (): void => {
    if (!this.engine) return;
    const error = this.video.error;
    this.fail(error ? `media error ${error.code}${error.message ? `: ${error.message}` : ''}` : 'media error');
  };

  private readonly onOnline = (): void => {
    if (this.view.status.kind === 'offline' || this.view.status.kind === 'reconnecting') this.reconnect();
  };

  private readonly onOffline = (): void => {
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.dropEngine();
    this.update({ status: { kind: 'offline' } });
  };
}
