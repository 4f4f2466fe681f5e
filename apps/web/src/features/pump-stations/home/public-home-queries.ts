import { queryOptions } from '@tanstack/react-query';
import { type Locale, PUBLIC_OVERVIEW_POLL_MS, publicApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';

/**
 * The public home's one read. It polls (the server caches a few seconds); it is silent, so a failed
 * poll shows in place as a stale banner, never as a toast every 10 s on a wall display.
 */
export const publicHomeQueries = {
  overview: (locale: Locale) =>
    queryOptions({
      queryKey: ['public-home', 'overview', locale] as const,
      queryFn: ({ signal }) => callApi(publicApi.overview, { locale, signal, silent: true }),
      refetchInterval: PUBLIC_OVERVIEW_POLL_MS,
      refetchIntervalInBackground: true,
    }),
};
