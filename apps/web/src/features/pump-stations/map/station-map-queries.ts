import { queryOptions } from '@tanstack/react-query';
import { mapApi, regionsApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';

/**
 * The map's reference reads. Their keys are the region screen's, on purpose: one cached copy for
 * the console, and a region write (which invalidates `['regions']`) redraws the outlines here too.
 */
export const stationMapQueries = {
  /** Every boundary at once: the export endpoint is the one read that carries them all. */
  boundaries: () =>
    queryOptions({
      queryKey: ['regions', 'boundaries'] as const,
      queryFn: ({ signal }) => callApi(regionsApi.exportGeoJson, { signal, silent: true }),
    }),
  mapConfig: () =>
    queryOptions({
      queryKey: ['map', 'config'] as const,
      queryFn: ({ signal }) => callApi(mapApi.config, { signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
