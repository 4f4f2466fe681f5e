import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  type ControlStation,
  isOpenCommandState,
  type Locale,
  type PumpCommand,
  type PumpCommandListQuery,
  pumpControlApi,
} from '@water/contracts';
import { useEffect, useRef } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { useLiveWatch } from '../../../shared/live/live-hooks.ts';

const all = ['pump-control'] as const;

/**
 * The interlocks' answers (`checks`) move with the level, the pumps and the time: besides the live
 * events, the station is read again this often while the screen is open.
 */
export const CONTROL_REFRESH_MS = 15_000;
/** The approvals' list is read this often (and on every command event). */
export const APPROVALS_REFRESH_MS = 10_000;
/** A burst of station events (the simulator reports every few seconds) reads the interlocks again at most this often. */
const RECHECK_MS = 2_000;

/** Query keys and fetchers of the pump-control screen. Reads are silent: the screen shows a failed load in place. */
export const pumpControlQueries = {
  all,
  station: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'station', id, locale] as const,
      queryFn: ({ signal }) => callApi(pumpControlApi.station, { locale, params: { id }, signal, silent: true }),
      refetchInterval: CONTROL_REFRESH_MS,
    }),
  list: (query: PumpCommandListQuery, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', query, locale] as const,
      queryFn: ({ signal }) => callApi(pumpControlApi.list, { locale, query, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  approvals: (stationId: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'approvals', stationId, locale] as const,
      queryFn: ({ signal }) =>
        callApi(pumpControlApi.list, {
          locale,
          query: { stationId, view: 'approvals', pageSize: 100 },
          signal,
          silent: true,
        }),
      refetchInterval: APPROVALS_REFRESH_MS,
    }),
};

/** A command's news into the station's cached pumps: its open command, or none once it has finished. */
export function withCommand(station: ControlStation, command: PumpCommand): ControlStation {
  return {
    ...station,
    pumps: station.pumps.map((p) => {
      if (p.pumpId !== command.pumpId) return p;
      if (isOpenCommandState(command.state)) return { ...p, openCommand: command };
      return p.openCommand?.id === command.id ? { ...p, openCommand: null } : p;
    }),
  };
}

/**
 * Keeps the screen live for one station: its `station` events go into the control state at once, a
 * `pump-command` event moves the pump's open command and reads the history and approvals again, and
 * either reads the interlocks again (at most every RECHECK_MS). After a (re)connection everything is
 * read again, since what was pushed meanwhile is not replayed. `onCommand` hears each command event.
 */
export function usePumpControlLive(stationId: number | undefined, onCommand?: (command: PumpCommand) => void): void {
  const queryClient = useQueryClient();
  const heard = useRef(onCommand);
  heard.current = onCommand;

  useEffect(() => {
    if (stationId === undefined) return;
    const key = [...all, 'station', stationId];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const recheck = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: key });
      }, RECHECK_MS);
    };
    const offs = [
      liveChannel.subscribe('station', (event) => {
        if (event.station.id !== stationId) return;
        queryClient.setQueriesData<ControlStation>({ queryKey: key }, (old) =>
          old ? { ...old, station: event.station } : old,
        );
        recheck();
      }),
      liveChannel.subscribe('pump-command', (event) => {
        if (event.command.stationId !== stationId) return;
        queryClient.setQueriesData<ControlStation>({ queryKey: key }, (old) =>
          old ? withCommand(old, event.command) : old,
        );
        void queryClient.invalidateQueries({ queryKey: [...all, 'list'] });
        void queryClient.invalidateQueries({ queryKey: [...all, 'approvals'] });
        recheck();
        heard.current?.(event.command);
      }),
      liveChannel.subscribe('ready', () => {
        void queryClient.invalidateQueries({ queryKey: all });
      }),
    ];
    return () => {
      if (timer) clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [queryClient, stationId]);

  useLiveWatch('stations', stationId === undefined ? [] : [stationId]);
}
