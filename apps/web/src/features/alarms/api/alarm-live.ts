import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Alarm, AlarmDetail, AlarmLiveEvent } from '@water/contracts/alarms';
import { useEffect } from 'react';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { isAlarmSoundMuted, playAlarmBeep } from '../alarm-sound.ts';
import { alarmQueries } from './alarm-queries.ts';

/** Events in a burst (a rain cell raising a dozen alarms) are read back once, this long after the last. */
export const ALARM_REFETCH_DEBOUNCE_MS = 300;

type Page = { list: Alarm[]; total: number; page: number; pageSize: number };

/**
 * An alarm's new state into every cached screen that shows it: its row in the lists, its drawer's
 * facts. Whether it now enters or leaves a filtered list, and the counts, only the server knows:
 * those are read again (debounced, by the feed).
 */
export function applyAlarmEvent(queryClient: QueryClient, alarm: Alarm): void {
  queryClient.setQueriesData<Page>({ queryKey: alarmQueries.lists }, (page) =>
    page?.list.some((a) => a.id === alarm.id)
      ? { ...page, list: page.list.map((a) => (a.id === alarm.id ? alarm : a)) }
      : page,
  );
  queryClient.setQueriesData<AlarmDetail>({ queryKey: [...alarmQueries.all, 'detail', alarm.id] }, (detail) =>
    detail ? { ...detail, ...alarm } : detail,
  );
}

/** A new critical alarm: the one event the sound is for. */
export const soundsFor = (event: AlarmLiveEvent) => event.change === 'raised' && event.alarm.severity === 'critical';

interface Feed {
  users: number;
  off: () => void;
}

// One feed per query client however many screens listen (the navbar, a list, the Workplace card):
// each event is written once, read back once, and beeps once.
const feeds = new Map<QueryClient, Feed>();

function startFeed(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const readBack = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'alarms' && ['list', 'counts', 'stats', 'detail'].includes(String(q.queryKey[1])),
      });
    }, ALARM_REFETCH_DEBOUNCE_MS);
  };
  const offs = [
    liveChannel.subscribe('alarm', (event) => {
      applyAlarmEvent(queryClient, event.alarm);
      if (soundsFor(event) && !isAlarmSoundMuted()) playAlarmBeep();
      readBack();
    }),
    // Events sent while the socket was down are not replayed: a (re)connection reads everything again.
    liveChannel.subscribe('ready', () => {
      void queryClient.invalidateQueries({ queryKey: alarmQueries.all });
    }),
  ];
  return () => {
    if (timer !== null) clearTimeout(timer);
    for (const off of offs) off();
  };
}

/**
 * Keeps the cached alarm screens current from the live channel while anything that shows alarms is
 * mounted: rows replaced at once, lists and counts read back after a burst, the beep for a new
 * critical alarm unless the user muted it.
 */
export function useAlarmFeed(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const feed = feeds.get(queryClient) ?? { users: 0, off: () => {} };
    if (feed.users === 0) feed.off = startFeed(queryClient);
    feed.users += 1;
    feeds.set(queryClient, feed);
    return () => {
      feed.users -= 1;
      if (feed.users === 0) {
        feed.off();
        feeds.delete(queryClient);
      }
    };
  }, [enabled, queryClient]);
}
