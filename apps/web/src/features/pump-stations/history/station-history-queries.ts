import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryExportFormat, Locale, StationHistoryResolution } from '@water/contracts';
import { stationHistoryApi } from '@water/contracts';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';

/** What the chart asks for: a time range and a resolution. */
export interface StationHistoryRequest {
  from: string;
  to: string;
  resolution: StationHistoryResolution;
  maxPoints: number;
}

/** The daily table's utility days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

const all = ['station-history'] as const;

/**
 * Query keys and fetchers of the station history. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in the keys: the series carry metric names the server translates.
 */
export const stationHistoryQueries = {
  all,
  history: (stationId: number, request: StationHistoryRequest, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'history', stationId, request, locale] as const,
      queryFn: ({ signal }) =>
        callApi(stationHistoryApi.history, {
          locale,
          params: { id: stationId },
          query: { ...request },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
    }),
  daily: (stationId: number, days: DayRange, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'daily', stationId, days, locale] as const,
      queryFn: ({ signal }) =>
        callApi(stationHistoryApi.daily, {
          locale,
          params: { id: stationId },
          query: { ...days },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** Downloads the daily table as CSV or XLSX (a few kilobytes: no progress to show). */
export function exportDaily(stationId: number, days: DayRange, format: HistoryExportFormat, locale: Locale) {
  return downloadFile(stationHistoryApi.dailyExport, {
    params: { id: stationId },
    query: { ...days, format },
    fallbackName: `station-daily.${format}`,
    locale,
  });
}
