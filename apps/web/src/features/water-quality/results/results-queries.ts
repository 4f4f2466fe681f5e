import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  WQ_RESULT_SOURCES,
  type WqResultUpdate,
  type WqSampleInput,
  waterQualityApi,
} from '@water/contracts';
import { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { wqRootKey } from '../common/wq-queries.ts';

/**
 * The tab's query as the address keeps it: the contract's, with the source lab unless the address
 * says otherwise ("all" included). A tab named lab results opens on them: the analysers store a
 * result every few minutes, which would bury the day's samples.
 */
export const RESULTS_QUERY = waterQualityApi.results.query.extend({
  source: z.enum([...WQ_RESULT_SOURCES, 'all']).default('lab'),
});
export type ResultFilters = z.output<typeof RESULTS_QUERY>;

/** The list's filters as the query string carries them: the site ids comma-separated, as the contract reads them. */
function wireQuery({ siteIds, source, ...filters }: Partial<ResultFilters>) {
  return {
    ...filters,
    source: source === 'all' ? undefined : source,
    siteIds: siteIds?.length ? siteIds.join(',') : undefined,
  };
}

export const resultQueries = {
  list: (filters: Partial<ResultFilters>, locale: Locale) =>
    queryOptions({
      queryKey: [...wqRootKey, 'results', filters, locale] as const,
      queryFn: ({ signal }) =>
        callApi(waterQualityApi.results, { locale, query: wireQuery(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

/** A result moves every water-quality read (the latest, the history, the rates): all are marked stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wqRootKey });
}

/** A lab sample entered. Silent: the drawer shows a refusal and its fields. */
export function useCreateSample(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: WqSampleInput) => callApi(waterQualityApi.createSample, { locale, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A lab result corrected (judged again by the site's set as it is now). Silent: the drawer shows a refusal. */
export function useUpdateResult(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WqResultUpdate }) =>
      callApi(waterQualityApi.updateResult, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A lab result entered in error removed: the request layer shows a refusal; the list is read again either way. */
export function useDeleteResult(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(waterQualityApi.deleteResult, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** The file as multipart field `file`. Silent: the import dialog shows a refusal of the whole file in place. */
export function useImportResults(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callApi(waterQualityApi.importResults, { locale, body, silent: true });
    },
    onSuccess: () => refresh(),
  });
}

export function downloadImportTemplate(locale: Locale, fallbackName: string): Promise<void> {
  return downloadFile(waterQualityApi.importTemplate, { fallbackName, locale });
}
