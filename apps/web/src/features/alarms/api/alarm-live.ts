import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Alarm, AlarmDetail, AlarmLiveEvent } from '@water/contracts/alarms';
import { useEffect } from 'react';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { isAlarmSoundMuted, playAlarmBeep } from '../alarm-sound.ts';
import { alarmQueries } from './alarm-queries.ts';

/** Events in a burst (a rain cell raising a dozen alarms) are read back once, this long after the last. */
export const ALARM_REFETCH_DEBOUNCE_MS = 300;

type Page = { list: Alarm[]; total: number; page: number; pageSize: number };

/** What a filter or a count may turn on: a change of one of these can move an alarm in or out of a list. */
const sorts = (a: Alarm) => [a.state, a.severity, a.assigneeId, a.shelvedUntil].join('|');

/**
 * An alarm's new state into every cached screen that shows it: its row in the lists, its drawer's
 * facts. Whether it now enters or leaves a filtered list, and the counts, only the server knows:
 * the answer says whether that needs asking (no list held it, or something a filter reads changed).
 */
export function applyAlarmEvent(queryClient: QueryClient, alarm: Alarm): { readBack: boolean } {
  let held = false;
  let moved = false;
  queryClient.setQueriesData<Page>({ queryKey: alarmQueries.lists }, (page) => {
    const old = page?.list.find((a) => a.id === alarm.id);
    if (!page || !old) return page;
    held = true;
    if (sorts(old) !== sorts(alarm)) moved = true;
    return { ...page, list: page.list.map((a) => (a.id === alarm.id ? alarm : a)) };
  });
  queryClient.setQueriesData<AlarmDetail>({ queryKey: [...alarmQueries.all, 'detail', alarm.id] }, (detail) =>
    detail ? { ...detail, ...alarm } : detail,
  );
  return { readBack: !held || moved };
}

/**
 * The list query as the table shows it: the spinner while another page or filter loads, not while
 * live events have the same rows read back (every few seconds on a busy day, the table would blink).
 */
export function quietReadBack<Q extends { isFetching: boolean; isPlaceholderData: boolean }>(query: Q): Q {
  return { ...query, isFetching: query.isFetching && query.isPlaceholderData };
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
  // What the burst changed: the lists, counts and statistics, or only some alarms' timelines (a
  // repeat of an alarm the lists show changes its row, already written, and its drawer's entries).
  let everything = false;
  const details = new Set<number>();
  const flush = () => {
    timer = null;
    if (everything) {
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'alarms' && ['list', 'counts', 'stats', 'detail'].includes(String(q.queryKey[1])),
      });
    } else {
      for (const id of details) void queryClient.invalidateQueries({ queryKey: [...alarmQueries.all, 'detail', id] });
    }
    everything = false;
    details.clear();
  };
  const offs = [
    liveChannel.subscribe('alarm', (event) => {
      const { readBack } = applyAlarmEvent(queryClient, event.alarm);
      if (soundsFor(event) && !isAlarmSoundMuted()) playAlarmBeep();
      if (event.change !== 'updated' || readBack) everything = true;
      details.add(event.alarm.id);
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(flush, ALARM_REFETCH_DEBOUNCE_MS);
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
