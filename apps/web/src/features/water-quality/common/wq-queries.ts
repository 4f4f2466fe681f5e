import { queryOptions } from '@tanstack/react-query';
import { type Locale, waterQualityApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';

/** Every water-quality read lives under this key: a write (a result, a site, a set) refreshes them all. */
export const wqRootKey = ['water-quality'] as const;

/** The longest page the contract serves: a county's sites fit in it, so pickers read one page. */
export const WQ_ALL_SITES = 200;

/**
 * The reads the water-quality tabs share: the sites as options, the parameters (units, detection
 * limits) and the limit sets with their limits. Silent: each tab shows a failed load in place. The
 * locale is in the key: parameter and national set names come in the caller's language.
 */
export const wqReferenceQueries = {
  /** Every site in the caller's regions (one page of the longest size), for pickers. */
  siteOptions: (locale: Locale) =>
    queryOptions({
      queryKey: [...wqRootKey, 'site-options', locale] as const,
      queryFn: async ({ signal }) =>
        (await callApi(waterQualityApi.sites, { locale, query: { pageSize: WQ_ALL_SITES }, signal, silent: true }))
          .list,
      staleTime: 60_000,
    }),
  parameters: (locale: Locale) =>
    queryOptions({
      queryKey: [...wqRootKey, 'parameters', locale] as const,
      queryFn: ({ signal }) => callApi(waterQualityApi.parameters, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  limitSets: (locale: Locale) =>
    queryOptions({
      queryKey: [...wqRootKey, 'limit-sets', locale] as const,
      queryFn: ({ signal }) => callApi(waterQualityApi.limitSets, { locale, signal, silent: true }),
      staleTime: 60_000,
    }),
};
