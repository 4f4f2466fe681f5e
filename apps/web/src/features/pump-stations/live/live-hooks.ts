import { useEffect, useState, useSyncExternalStore } from 'react';
import { type LiveStatus, liveChannel } from '../../../shared/live/live-channel.ts';

// The device board (monitoring-data) has the same two hooks; features do not import each other, and
// shared/ is not this feature's to change: they belong in shared/live/ once someone owns that move.

/** The live channel's state, for the "live / reconnecting" tag. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveChannel.onStatus(listener),
    () => liveChannel.status(),
  );
}

/** The time now, moving every `ms`: "3 min ago" keeps counting while the screen sits open. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export const LIVE_STATUS_COLORS: Record<LiveStatus, string> = {
  ready: 'green',
  connecting: 'arcoblue',
  waiting: 'orange',
  idle: 'gray',
  unauthorized: 'red',
};
