import { queryOptions } from '@tanstack/react-query';
import { mapApi, regionsApi } from '@water/contracts';
import { callApi } from '../../api/http.ts';

/**
 * What every console map reads: how to draw (the tile URL, where to look) and the region outlines.
 * The outlines sit under the region screen's key, so a region write (which invalidates `['regions']`)
 * redraws them on every map.
 */
export const mapQueries = {
  /** Every boundary at once: the export endpoint is the one read that carries them all. */
  boundaries: () =>
    queryOptions({
      queryKey: ['regions', 'boundaries'] as const,
      queryFn: ({ signal }) => callApi(regionsApi.exportGeoJson, { signal, silent: true }),
    }),
  config: () =>
    queryOptions({
      queryKey: ['map', 'config'] as const,
      queryFn: ({ signal }) => callApi(mapApi.config, { signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
