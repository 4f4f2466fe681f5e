import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, pumpStationsApi, type StationConfigInput, usersApi } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { invalidateReference } from '../../../shared/api/reference-queries.ts';
import { useStationConfigI18n } from './use-station-config-i18n.ts';

export type StationFilters = Partial<z.output<typeof pumpStationsApi.list.query>>;

const all = ['pump-stations'] as const;

/**
 * Query keys and fetchers of the configuration screen. Reads are silent: the page and the drawer
 * show a failed load in place with a retry. The list, a station's configuration and the device
 * picker live under `['pump-stations']`, so one write refreshes them all.
 */
export const stationConfigQueries = {
  all,
  list: (filters: StationFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(pumpStationsApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(pumpStationsApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: 0,
    }),
  /** The station's devices, then those at no station, with their types' metrics (names in the locale). */
  deviceOptions: (stationId: number | null, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'device-options', stationId, locale] as const,
      queryFn: ({ signal }) =>
        callApi(pumpStationsApi.deviceOptions, {
          locale,
          query: stationId === null ? {} : { stationId },
          signal,
          silent: true,
        }),
      staleTime: 0,
    }),
  /**
   * Enabled users matching a name, for the responsible-person picker. The user list needs
   * system:user:list: without it the picker keeps the station's current person only.
   */
  users: (keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: ['pump-stations', 'responsible-users', keyword, locale] as const,
      queryFn: ({ signal }) =>
        callApi(usersApi.list, {
          locale,
          query: { keyword: keyword || undefined, status: 'enabled', pageSize: 20, sort: 'displayName', order: 'asc' },
          signal,
          silent: true,
        }),
      staleTime: 60_000,
    }),
};

/** A station write changes the list, the station references other screens read, and the devices it placed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: all }),
      invalidateReference(queryClient, 'stations', 'regions'),
    ]);
}

/** Create or replace a configuration. Silent: the drawer shows the refusal and its fields. */
export function useSaveStation() {
  const refresh = useRefresh();
  const { locale } = useStationConfigI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StationConfigInput }) =>
      id === null
        ? callApi(pumpStationsApi.create, { locale, body, silent: true })
        : callApi(pumpStationsApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A station devices are placed at answers 409: the request layer shows the server's message. */
export function useRemoveStation() {
  const refresh = useRefresh();
  const { locale } = useStationConfigI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(pumpStationsApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/**
 * Add a site photo to a station, or take one off. Silent: the drawer shows the refusal in place.
 * Only the station's configuration is read again (the live screen reads the same query).
 */
export function useStationPhotos(stationId: number) {
  const queryClient = useQueryClient();
  const { locale } = useStationConfigI18n();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...all, 'detail', stationId] });
  const add = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(pumpStationsApi.addPhoto, { locale, params: { id: stationId }, body, silent: true });
    },
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (photoId: number) =>
      callApi(pumpStationsApi.removePhoto, { locale, params: { id: stationId, photoId }, silent: true }),
    onSuccess: () => refresh(),
  });
  return { add, remove };
}
