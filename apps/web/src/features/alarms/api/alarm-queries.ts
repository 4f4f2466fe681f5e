import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AlarmDetail,
  type alarmExportQuerySchema,
  type alarmListQuerySchema,
  type alarmStatsQuerySchema,
  alarmsApi,
} from '@water/contracts/alarms';
import type { Locale } from '@water/contracts/common/locale';
import { monitoringApi } from '@water/contracts/monitoring';
import type { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';

/** A list's filters as the pages hold them (from the address, parsed by the contract). */
export type AlarmListFilters = z.output<typeof alarmListQuerySchema>;
/** The statistics' query as the page holds it (`assignedToMe` a boolean, as the list's). */
export type AlarmStatsFilters = Omit<z.input<typeof alarmStatsQuerySchema>, 'assignedToMe'> & {
  assignedToMe?: boolean;
};
export type AlarmExportFilters = z.input<typeof alarmExportQuerySchema>;

const all = ['alarms'] as const;

/** `assignedToMe` as the wire carries it: 'true' / 'false', which the contract turns into a boolean. */
function wire<F extends { assignedToMe?: boolean | undefined }>({ assignedToMe, ...filters }: F) {
  return { ...filters, assignedToMe: assignedToMe ? ('true' as const) : undefined };
}

/** The filters of a list without its paging: what the statistics and an export take. */
export function unpaged<F extends { page?: number; pageSize?: number }>({ page: _p, pageSize: _s, ...rest }: F) {
  return rest;
}

/**
 * Query keys and fetchers of the alarm screens, the navbar count and the Workplace card. Reads are
 * silent: each place shows a failed load itself. The locale is in each key because the server words
 * titles and conditions in it. The live channel keeps them current (api/alarm-live.ts).
 */
export const alarmQueries = {
  all,
  lists: [...all, 'list'] as const,
  list: (filters: AlarmListFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(alarmsApi.list, { locale, query: wire(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  counts: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'counts', locale] as const,
      queryFn: ({ signal }) => callApi(alarmsApi.counts, { locale, signal, silent: true }),
    }),
  stats: (filters: AlarmStatsFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'stats', filters, locale] as const,
      queryFn: ({ signal }) => callApi(alarmsApi.stats, { locale, query: wire(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(alarmsApi.get, { locale, params: { id }, signal, silent: true }),
    }),
  assignees: () =>
    queryOptions({
      queryKey: [...all, 'assignees'] as const,
      queryFn: ({ signal }) => callApi(alarmsApi.assignees, { signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  /** The alarm's metric around its time, from the device history. */
  metric: (series: string, from: string, to: string, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'metric', series, from, to, locale] as const,
      queryFn: ({ signal }) =>
        callApi(monitoringApi.history, { locale, query: { series, from, to, maxPoints: 600 }, signal, silent: true }),
    }),
};

/** Downloads the records as filtered, as CSV or XLSX. */
export function exportAlarms(
  filters: Omit<AlarmExportFilters, 'format' | 'assignedToMe'> & { assignedToMe?: boolean },
  format: 'csv' | 'xlsx',
  locale: Locale,
  fallbackName: string,
) {
  return downloadFile(alarmsApi.exportAlarms, {
    query: { ...wire(filters), format },
    fallbackName: `${fallbackName}.${format}`,
    locale,
  });
}

/** After a write: the lists, counts and statistics show it (the live event follows, too). */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return (detail?: AlarmDetail, locale?: Locale) => {
    if (detail && locale) queryClient.setQueryData(alarmQueries.detail(detail.id, locale).queryKey, detail);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: alarmQueries.lists }),
      queryClient.invalidateQueries({ queryKey: [...all, 'counts'] }),
      queryClient.invalidateQueries({ queryKey: [...all, 'stats'] }),
      detail ? undefined : queryClient.invalidateQueries({ queryKey: [...all, 'detail'] }),
    ]);
  };
}

/** Acknowledges alarms (at most ALARM_BULK_MAX); answers how many changed. */
export function useAcknowledgeAlarms(locale: Locale) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(alarmsApi.acknowledge, { locale, body: { ids } }),
    onSuccess: () => refresh(),
  });
}

type AlarmAction =
  | { kind: 'clear'; reason: string }
  | { kind: 'shelve'; until: string | null }
  | { kind: 'assign'; userId: number | null }
  | { kind: 'comment'; text: string };

/** One alarm's transitions and comments: each answers the alarm with its timeline. */
export function useAlarmAction(id: number, locale: Locale) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (action: AlarmAction): Promise<AlarmDetail> => {
      const params = { id };
      switch (action.kind) {
        case 'clear':
          return callApi(alarmsApi.clear, { locale, params, body: { reason: action.reason } });
        case 'shelve':
          return callApi(alarmsApi.shelve, { locale, params, body: { until: action.until } });
        case 'assign':
          return callApi(alarmsApi.assign, { locale, params, body: { userId: action.userId } });
        case 'comment':
          return callApi(alarmsApi.comment, { locale, params, body: { text: action.text } });
      }
    },
    onSuccess: (detail) => refresh(detail, locale),
  });
}
