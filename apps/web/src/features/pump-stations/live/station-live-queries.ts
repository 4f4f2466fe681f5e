import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  type StationLive,
  type StationLiveList,
  type StationLiveQuery,
  type StationLiveSummary,
  stationLiveApi,
} from '@water/contracts';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { useLiveWatch } from '../../../shared/live/live-hooks.ts';

const all = ['station-live'] as const;

/**
 * A station goes silent without an event (nothing reports, so nothing is pushed): the list is read
 * again this often so a station whose readings stopped turns offline on screen within it. Readings
 * that do arrive are pushed over the live channel at once.
 */
export const STATION_LIVE_REFRESH_MS = 60_000;

/**
 * Query keys and fetchers of the live station screens (list, cards, map, mimic). Reads are silent:
 * each screen shows a failed load in place with a retry.
 */
export const stationLiveQueries = {
  all,
  list: (filters: StationLiveQuery, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(stationLiveApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
      refetchInterval: STATION_LIVE_REFRESH_MS,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(stationLiveApi.get, { locale, params: { id }, signal, silent: true }),
      refetchInterval: STATION_LIVE_REFRESH_MS,
    }),
  trend: (id: number, hours: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'trend', id, hours, locale] as const,
      queryFn: ({ signal }) =>
        callApi(stationLiveApi.trend, { locale, params: { id }, query: { hours }, signal, silent: true }),
      // Buckets are 5 minutes wide: a new one is worth a read about as often.
      refetchInterval: 5 * 60_000,
    }),
};

/** The list's shape of a station: the pumps without their readings. */
export function toSummary(station: StationLive): StationLiveSummary {
  return {
    ...station,
    pumps: station.pumps.map(({ id, number, name, state, startLevel, stopLevel }) => ({
      id,
      number,
      name,
      state,
      startLevel,
      stopLevel,
    })),
  };
}

/**
 * A station's new live state, into every cached screen that shows it: the mimic takes it whole, a
 * list takes its summary. A change of state moves the list's tallies (and may move the station in or
 * out of a state filter), which only the server counts right: such a list is read again.
 */
export function applyStationEvent(queryClient: QueryClient, station: StationLive): void {
  queryClient.setQueriesData<StationLive>({ queryKey: [...all, 'detail', station.id] }, (old) => (old ? station : old));
  let stateMoved = false;
  queryClient.setQueriesData<StationLiveList>({ queryKey: [...all, 'list'] }, (page) => {
    const had = page?.list.find((s) => s.id === station.id);
    if (!page || !had) return page;
    if (had.state !== station.state) stateMoved = true;
    return { ...page, list: page.list.map((s) => (s.id === station.id ? toSummary(station) : s)) };
  });
  if (stateMoved) void queryClient.invalidateQueries({ queryKey: [...all, 'list'] });
}

/**
 * Keeps the cached station screens current from the live channel while a page shows `stationIds`:
 * watches them, writes each `station` event into the caches, and reads everything again after a
 * (re)connection, since what was pushed while the socket was down is not replayed. Returns when the
 * last event arrived.
 */
export function useLiveStations(stationIds: readonly number[]): number | null {
  const queryClient = useQueryClient();
  const [lastEventAt, setLastEventAt] = useState<number | null>(null);
  const resumed = useRef(false);

  useEffect(() => {
    // Effects pause while the tab is hidden (keep-alive): events of that time were missed.
    if (resumed.current) void queryClient.invalidateQueries({ queryKey: all });
    resumed.current = true;
    const offs = [
      liveChannel.subscribe('station', (event) => {
        applyStationEvent(queryClient, event.station);
        setLastEventAt(Date.now());
      }),
      liveChannel.subscribe('ready', () => {
        void queryClient.invalidateQueries({ queryKey: all });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);

  useLiveWatch(
    'stations',
    [...stationIds].sort((a, b) => a - b),
  );

  return lastEventAt;
}
