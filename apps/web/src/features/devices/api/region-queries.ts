import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesApi, mapApi, type RegionCollection, type RegionInput, regionsApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';
import { useRegionI18n } from '../use-region-i18n.ts';

const all = ['regions'] as const;

/** How many devices the map draws: the list endpoint's largest page. */
export const MAP_DEVICE_LIMIT = 200;

/**
 * Query keys and fetchers of the region screen. Reads are silent: the page shows a failed load in
 * place. Every write invalidates `all` (the tree, the boundaries and the points share the root key).
 */
export const regionQueries = {
  all,
  tree: () =>
    queryOptions({
      queryKey: [...all, 'tree'] as const,
      queryFn: ({ signal }) => callApi(regionsApi.tree, { signal, silent: true }),
    }),
  /** Every boundary at once: the export endpoint is the one read that carries them all. */
  boundaries: () =>
    queryOptions({
      queryKey: [...all, 'boundaries'] as const,
      queryFn: ({ signal }) => callApi(regionsApi.exportGeoJson, { signal, silent: true }),
    }),
  get: (id: number) =>
    queryOptions({
      queryKey: [...all, 'one', id] as const,
      queryFn: ({ signal }) => callApi(regionsApi.get, { params: { id }, signal, silent: true }),
    }),
  mapConfig: () =>
    queryOptions({
      queryKey: ['map', 'config'] as const,
      queryFn: ({ signal }) => callApi(mapApi.config, { signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  stations: () =>
    queryOptions({
      queryKey: [...all, 'stations'] as const,
      queryFn: ({ signal }) => callApi(devicesApi.stations, { signal, silent: true }),
    }),
  /** Devices of a region and every region below it (or of all regions), for the map. */
  devices: (regionId: number | undefined) =>
    queryOptions({
      queryKey: [...all, 'devices', regionId ?? 'all'] as const,
      queryFn: ({ signal }) =>
        callApi(devicesApi.list, { query: { regionId, page: 1, pageSize: MAP_DEVICE_LIMIT }, signal, silent: true }),
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
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
