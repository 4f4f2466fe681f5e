import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesApi, type RegionCollection, type RegionInput, regionsApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';
import { invalidateReference } from '../../../shared/api/reference-queries.ts';
import { useRegionI18n } from '../use-region-i18n.ts';
import { deviceQueries } from './device-queries.ts';

const all = ['regions'] as const;

/** How many devices the map draws: the list endpoint's largest page. */
export const MAP_DEVICE_LIMIT = 200;

/**
 * Query keys and fetchers of the region screen. Reads are silent: the page shows a failed load in
 * place. The tree and the stations are reference data (shared/api/reference-queries.ts), read by
 * other features too, and the boundaries are every map's (shared/ui/map/map-queries.ts, under `all`);
 * every write invalidates them as well as `all` (the boundaries and the points).
 */
export const regionQueries = {
  all,
  get: (id: number) =>
    queryOptions({
      queryKey: [...all, 'one', id] as const,
      queryFn: ({ signal }) => callApi(regionsApi.get, { params: { id }, signal, silent: true }),
    }),
  /**
   * Devices of a region and every region below it (or of all regions), for the map: under the
   * devices key, so that device writes refresh it (and region writes, which invalidate that key).
   */
  devices: (regionId: number | undefined) =>
    queryOptions({
      queryKey: [...deviceQueries.all, 'map', regionId ?? 'all'] as const,
      queryFn: ({ signal }) =>
        callApi(devicesApi.list, { query: { regionId, page: 1, pageSize: MAP_DEVICE_LIMIT }, signal, silent: true }),
    }),
};

/**
 * A region write changes the tree every feature filters by, the stations (their region's name),
 * and the device rows, which carry their region's name too.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: all }),
      invalidateReference(queryClient, 'regions', 'stations'),
      queryClient.invalidateQueries({ queryKey: deviceQueries.all }),
    ]);
}

/** Create or update a region; the form (or the map editor) shows a failure itself. */
export function useSaveRegion() {
  const refresh = useRefresh();
  const { locale } = useRegionI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RegionInput }) =>
      id === null
        ? callApi(regionsApi.create, { locale, body, silent: true })
        : callApi(regionsApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A refusal (sub-regions or devices left) is the request layer's toast: the server words it. */
export function useRemoveRegion() {
  const refresh = useRefresh();
  const { locale } = useRegionI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(regionsApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** A refusal (a bad geometry, an unknown parent code) is the request layer's toast. */
export function useImportRegions() {
  const refresh = useRefresh();
  const { locale } = useRegionI18n();
  return useMutation({
    mutationFn: (body: RegionCollection) => callApi(regionsApi.importGeoJson, { locale, body }),
    onSettled: () => refresh(),
  });
}

export function exportRegions() {
  return callApi(regionsApi.exportGeoJson);
}
