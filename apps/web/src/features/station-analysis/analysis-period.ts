import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type Locale, stationAnalysisApi } from '@water/contracts';
import { z } from 'zod';
import { downloadFile } from '../../shared/api/download.ts';
import { callApi } from '../../shared/api/http.ts';

/** The period presets of both analysis screens; `custom` reads from/to of the address. */
export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'last30'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const DAY = 86_400_000;
const OFFSET = 8 * 3_600_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(dayPattern);

/** The utility's day (UTC+8) of an instant, YYYY-MM-DD. */
export const utilityDay = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10);

/** A preset's utility days, both ends included, as of `now`. */
export function presetDays(preset: PeriodPreset, now = Date.now()): { from: string; to: string } {
  const today = utilityDay(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (preset) {
    case 'thisMonth':
      return { from: `${y}-${pad(m)}-01`, to: today };
    case 'lastMonth': {
      const first = new Date(Date.UTC(y, m - 2, 1));
      const last = new Date(Date.UTC(y, m - 1, 0));
      return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
    }
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
    case 'last30':
      return { from: utilityDay(now - 29 * DAY), to: today };
  }
}

/** What the address keeps of an analysis screen (the list shape's page fields unused but defaulted). */
export const analysisUrlSchema = z.object({
  page: z.coerce.number().int().default(1),
  pageSize: z.coerce.number().int().default(20),
  period: z.enum([...PERIOD_PRESETS, 'custom']).default('thisMonth'),
  from: day.optional(),
  to: day.optional(),
  stations: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  metric: z.enum(['volume', 'energy', 'kwhPer1000m3']).default('volume'),
});
export type AnalysisUrl = z.output<typeof analysisUrlSchema>;

/** The days the address asks for: a preset's, or its custom from/to (this month when they are missing). */
export function daysOf(url: AnalysisUrl, now = Date.now()) {
  if (url.period === 'custom' && url.from && url.to && url.from <= url.to) return { from: url.from, to: url.to };
  return presetDays(url.period === 'custom' ? 'thisMonth' : url.period, now);
}

const all = ['station-analysis'] as const;

/** Query keys and fetchers of the analysis; reads are silent (the page shows a failure in place). */
export const analysisQueries = {
  all,
  compare: (query: { from: string; to: string; stationIds?: string }, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'compare', query, locale] as const,
      queryFn: ({ signal }) => callApi(stationAnalysisApi.compare, { locale, query, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  kpis: (query: { from: string; to: string }, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'kpis', query, locale] as const,
      queryFn: ({ signal }) => callApi(stationAnalysisApi.kpis, { locale, query, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

/** Downloads the comparison as XLSX. */
export function exportCompare(query: { from: string; to: string; stationIds?: string }, locale: Locale) {
  return downloadFile(stationAnalysisApi.exportCompare, {
    query,
    fallbackName: `station-comparison-${query.from}-${query.to}.xlsx`,
    locale,
  });
}
