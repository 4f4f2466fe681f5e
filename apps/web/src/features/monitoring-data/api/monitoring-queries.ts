import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  type DeviceStatusEvent,
  devicesApi,
  type HistoryExportFormat,
  type HistoryExportResolution,
  type Locale,
  type MonitoringPoint,
  monitoringApi,
  type Reading,
  type TelemetryEvent,
} from '@water/contracts';
import type { z } from 'zod';
import { type DownloadProgress, downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { showsReference } from '../../../shared/api/reference-queries.ts';

/** The board's query as the URL holds it. */
export type PointFilters = Partial<z.output<typeof monitoringApi.points.query>>;
export type PointsPage = z.output<typeof monitoringApi.points.data>;
export interface HistoryRequest {
  series: string[];
  from: string;
  to: string;
  maxPoints: number;
}

const all = ['monitoring'] as const;

/**
 * Query keys and fetchers of the two monitoring pages. Reads are silent: each page shows a failed
 * load in place with a retry. The locale is in the keys that carry names the server translates.
 * The type, station and region filters read the shared reference data (shared/api/reference-queries.ts).
 */
export const monitoringQueries = {
  all,
  points: (filters: PointFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'points', filters, locale] as const,
      queryFn: ({ signal }) => callApi(monitoringApi.points, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
      // The live channel keeps the readings current; a reconnect refetches (events are not replayed).
      staleTime: Number.POSITIVE_INFINITY,
      // Each point names its type, region and station: a rename there refetches the board.
      ...showsReference('regions', 'stations', 'deviceTypes'),
    }),
  history: (request: HistoryRequest, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'history', request, locale] as const,
      queryFn: ({ signal }) =>
        callApi(monitoringApi.history, {
          locale,
          query: { ...request, series: request.series.join(',') },
          signal,
          silent: true,
        }),
      enabled: request.series.length > 0,
      placeholderData: keepPreviousData,
    }),
  /** The history page's device picker: a search over the register. */
  deviceSearch: (keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'device-search', keyword, locale] as const,
      queryFn: ({ signal }) =>
        callApi(devicesApi.list, {
          locale,
          query: { keyword: keyword || undefined, pageSize: 20 },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** A device picked earlier (from the URL): its name and type. */
  device: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'device', id, locale] as const,
      queryFn: ({ signal }) => callApi(devicesApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
};

/** Merges readings into a point: each metric keeps the newer of what it had and what came. */
export function mergeReadings(current: Reading[], incoming: Reading[]): Reading[] {
  const byKey = new Map(current.map((r) => [r.key, r]));
  for (const reading of incoming) {
    const had = byKey.get(reading.key);
    if (!had || Date.parse(reading.ts) >= Date.parse(had.ts)) byKey.set(reading.key, reading);
  }
  return [...byKey.values()];
}

function updatePoints(
  queryClient: QueryClient,
  deviceId: number,
  update: (point: MonitoringPoint) => MonitoringPoint,
): void {
  queryClient.setQueriesData<PointsPage>({ queryKey: [...all, 'points'] }, (page) => {
    if (!page?.list.some((p) => p.deviceId === deviceId)) return page;
    return { ...page, list: page.list.map((p) => (p.deviceId === deviceId ? update(p) : p)) };
  });
}

/** Readings just committed: the point's latest values, its last-seen time, and it is not stale any more. */
export function applyTelemetry(queryClient: QueryClient, event: TelemetryEvent): void {
  if (event.readings.length === 0) return;
  const newest = event.readings.reduce(
    (a, r) => (Date.parse(r.ts) > Date.parse(a) ? r.ts : a),
    event.readings[0]?.ts ?? '',
  );
  updatePoints(queryClient, event.deviceId, (point) => ({
    ...point,
    readings: mergeReadings(point.readings, event.readings),
    lastSeenAt: !point.lastSeenAt || Date.parse(newest) > Date.parse(point.lastSeenAt) ? newest : point.lastSeenAt,
    stale: false,
  }));
}

/** A device went online or offline (or was disabled): its tag follows; offline marks it stale. */
export function applyDeviceStatus(queryClient: QueryClient, event: DeviceStatusEvent): void {
  updatePoints(queryClient, event.deviceId, (point) => ({
    ...point,
    status: event.to,
    stale: event.to === 'offline' ? true : event.to === 'online' ? false : point.stale,
  }));
}

/**
 * Downloads the history as a file: `auto` is what the chart shows for the request's maxPoints, `raw`
 * every reading. The body is read as a stream so the page can show how far it has come.
 */
export function exportHistory(
  request: HistoryRequest,
  file: { format: HistoryExportFormat; resolution: HistoryExportResolution },
  options: { locale: Locale; signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<void> {
  return downloadFile(monitoringApi.historyExport, {
    query: { ...request, series: request.series.join(','), ...file },
    fallbackName: `history.${file.format}`,
    ...options,
  });
}
