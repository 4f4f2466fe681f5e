import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, type WqSiteInput, waterQualityApi } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { wqRootKey } from '../common/wq-queries.ts';

export type SiteFilters = z.output<typeof waterQualityApi.sites.query>;

/** The device type of the analysers a site may have (the seed's code). */
export const ANALYSER_TYPE_CODE = 'water_quality_analyser';

export const siteQueries = {
  list: (filters: Partial<SiteFilters>, locale: Locale) =>
    queryOptions({
      queryKey: [...wqRootKey, 'sites', filters, locale] as const,
      queryFn: ({ signal }) => callApi(waterQualityApi.sites, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

/** A site write moves the pickers, the latest table and the results' site names: every water-quality read. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wqRootKey });
}

/** Create or change a site. Silent: the drawer shows the refusal and puts it on its field. */
export function useSaveSite(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WqSiteInput }) =>
      id === null
        ? callApi(waterQualityApi.createSite, { locale, body, silent: true })
        : callApi(waterQualityApi.updateSite, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Delete a site: the request layer shows the server's refusal (a site with results is disabled instead). */
export function useDeleteSite(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(waterQualityApi.deleteSite, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}
