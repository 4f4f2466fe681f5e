import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type LiveStatus, liveChannel } from './live-channel.ts';

/** The live channel's state, for a screen's "live / reconnecting" tag. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveChannel.onStatus(listener),
    () => liveChannel.status(),
  );
}

/** The time now, moving every `ms`: what staleness and "3 min ago" are judged against while a screen sits open. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The Arco tag colour of each channel state. */
export const LIVE_STATUS_COLORS: Record<LiveStatus, string> = {
  ready: 'green',
  connecting: 'arcoblue',
  waiting: 'orange',
  idle: 'gray',
  unauthorized: 'red',
};

/**
 * Watches these devices' or stations' live events while a screen shows them. The new set is watched
 * before the old one is dropped, so the server is never told "nothing" between two pages or filters;
 * leaving the screen (or hiding its tab) drops the last.
 */
export function useLiveWatch(kind: 'devices' | 'stations', ids: readonly number[]): void {
  const key = ids.join(',');
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    const list = key ? key.split(',').map(Number) : [];
    const next = kind === 'devices' ? liveChannel.watchDevices(list) : liveChannel.watchStations(list);
    release.current?.();
    release.current = next;
  }, [kind, key]);
  useEffect(
    () => () => {
      release.current?.();
      release.current = null;
    },
    [],
  );
}
