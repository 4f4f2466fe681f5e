import { API_BASE } from '@water/contracts/common/endpoint';
import { type Locale, TOKEN_STORAGE_KEY } from '@water/contracts/common/locale';
import { LIVE_PATH, type LiveEvent } from '@water/contracts/messages';
import { LIVE_SUBSCRIBE_MAX } from '@water/contracts/monitoring';
import { STATION_SUBSCRIBE_MAX } from '@water/contracts/pump-station-live';
import { readStoredLocale } from '../i18n/messages.ts';
import { getToken } from '../session/token.ts';

export type LiveEventType = LiveEvent['type'];
export type LiveStatus = 'idle' | 'connecting' | 'ready' | 'waiting' | 'unauthorized';
type Handler<T extends LiveEventType> = (event: Extract<LiveEvent, { type: T }>) => void;

/** The server closes with this when the session is bad or was revoked. */
export const UNAUTHORIZED_CLOSE = 4401;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const PING_MS = 25_000;

export interface LiveChannelDeps {
  createSocket: (url: string) => WebSocket;
  getToken: () => string | null;
  /** The console's language, that live events are worded in (the stored choice when not given). */
  getLocale?: () => Locale;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** 0 ≤ n < 1: spreads reconnects so a restarted server is not hit by every tab at once. */
  random: () => number;
}

/** Delay before the nth reconnect (0-based): doubling from 1 s, capped at 30 s, with up to 30 % jitter. */
export function backoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.7 + 0.3 * random()));
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${API_BASE}${LIVE_PATH}`;
}

/**
 * The one authenticated WebSocket of a tab (`/api/ws`). It is open while anything subscribes and a
 * token exists: the navbar bell subscribes for as long as the signed-in console is on screen, so
 * signing out (which leaves the console) closes it. Every new socket authenticates with the token
 * of that moment; a drop reconnects with backoff; a 4401 with the same token stops until the token
 * changes (another sign-in), since retrying a revoked session only loads the server.
 */
export function createLiveChannel(deps: LiveChannelDeps) {
  const handlers = new Map<LiveEventType, Set<(event: LiveEvent) => void>>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let subscribers = 0;
  let socket: WebSocket | null = null;
  let status: LiveStatus = 'idle';
  let attempt = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let refusedToken: string | null = null;
  // Device and station sets pages watch, by owner; the server holds their union per connection.
  const watched = {
    devices: { owners: new Map<symbol, readonly number[]>(), sent: '', max: LIVE_SUBSCRIBE_MAX },
    stations: { owners: new Map<symbol, readonly number[]>(), sent: '', max: STATION_SUBSCRIBE_MAX },
  };
  type WatchKind = keyof typeof watched;
  const frame = (kind: WatchKind, ids: number[]) =>
    kind === 'devices' ? { type: 'subscribe', deviceIds: ids } : { type: 'subscribe-stations', stationIds: ids };

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const clearTimers = () => {
    if (retryTimer !== null) deps.clearTimer(retryTimer);
    if (pingTimer !== null) deps.clearTimer(pingTimer);
    retryTimer = null;
    pingTimer = null;
  };

  const schedulePing = () => {
    pingTimer = deps.setTimer(() => {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: 'ping' }));
      schedulePing();
    }, PING_MS);
  };

  /** Tells an authenticated socket the ids of one kind watched now (an empty list stops them). */
  const sendWatched = (kind: WatchKind) => {
    if (socket?.readyState !== 1 || status !== 'ready') return;
    const w = watched[kind];
    const union = new Set<number>();
    for (const ids of w.owners.values()) for (const id of ids) union.add(id);
    const ids = [...union].sort((a, b) => a - b).slice(0, w.max);
    const key = ids.join(',');
    // What this socket was last told: nothing is sent twice, and a new socket starts from nothing.
    if (key === w.sent) return;
    w.sent = key;
    socket.send(JSON.stringify(frame(kind, ids)));
  };

  /** Watches ids of one kind until the returned function is called; the new set is sent at once. */
  const watch = (kind: WatchKind, ids: readonly number[]) => {
    const owner = Symbol('watch');
    watched[kind].owners.set(owner, [...ids]);
    sendWatched(kind);
    return () => {
      if (!watched[kind].owners.delete(owner)) return;
      sendWatched(kind);
    };
  };

  const dispatch = (event: LiveEvent) => {
    for (const handler of handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (err) {
        console.error('a live-channel handler failed', err);
      }
    }
  };

  const close = () => {
    clearTimers();
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      if (current.readyState <= 1) current.close(1000, 'done');
    }
  };

  const scheduleReconnect = () => {
    const delay = backoffDelay(attempt, deps.random);
    attempt += 1;
    setStatus('waiting');
    retryTimer = deps.setTimer(() => {
      retryTimer = null;
      open();
    }, delay);
  };

  function open() {
    close();
    const token = deps.getToken();
    if (subscribers === 0 || !token) return setStatus('idle');
    if (token === refusedToken) return setStatus('unauthorized');
    setStatus('connecting');
    const ws = deps.createSocket(liveUrl());
    socket = ws;
    watched.devices.sent = '';
    watched.stations.sent = '';
    ws.onopen = () =>
      ws.send(JSON.stringify({ type: 'auth', token, locale: deps.getLocale?.() ?? readStoredLocale() }));
    ws.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        attempt = 0;
        setStatus('ready');
        schedulePing();
        // A new connection knows no subscription: the watched devices and stations again, before handlers run.
        sendWatched('devices');
        sendWatched('stations');
      }
      dispatch(event);
    };
    ws.onclose = (closeEvent) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      if (closeEvent.code === UNAUTHORIZED_CLOSE) {
        refusedToken = token;
        // Signed in again meanwhile: the new token gets its chance at once.
        if (deps.getToken() && deps.getToken() !== token) return open();
        return setStatus('unauthorized');
      }
      scheduleReconnect();
    };
  }

  return {
    /** The console's language changed: the server words live events in it from now on. */
    setLocale(locale: Locale) {
      if (socket?.readyState === 1) socket.send(JSON.stringify({ type: 'locale', locale }));
    },
    /** Hears events of one type; the first subscriber opens the socket, the last one closes it. */
    subscribe<T extends LiveEventType>(type: T, handler: Handler<T>): () => void {
      const set = handlers.get(type) ?? new Set();
      const wrapped = handler as (event: LiveEvent) => void;
      set.add(wrapped);
      handlers.set(type, set);
      subscribers += 1;
      if (subscribers === 1 || status === 'idle') open();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(wrapped);
        subscribers -= 1;
        if (subscribers === 0) {
          close();
          attempt = 0;
          setStatus('idle');
        }
      };
    },
    /**
     * Asks for the telemetry of these devices (a page showing them): sent once the socket is
     * authenticated, and again after every reconnect. A later call of the returned function drops
     * them; with no watch left the server is told the empty set. It does not open the socket:
     * `subscribe('telemetry', …)` does.
     */
    watchDevices(deviceIds: readonly number[]): () => void {
      return watch('devices', deviceIds);
    },
    /** As watchDevices, for stations' live state (`station` events): a page showing these stations. */
    watchStations(stationIds: readonly number[]): () => void {
      return watch('stations', stationIds);
    },
    onStatus(listener: (status: LiveStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    /** The token changed (sign-in, sign-out, another tab): authenticate afresh or close. */
    tokenChanged(): void {
      attempt = 0;
      open();
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;

/** The tab's channel. */
export const liveChannel: LiveChannel = createLiveChannel({
  createSocket: (url) => new WebSocket(url),
  getToken,
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  random: Math.random,
});

// Another tab signing out or in changes the shared token: follow it rather than keep a dead session.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) liveChannel.tokenChanged();
});
