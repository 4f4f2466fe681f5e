import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeviceInput, devicesApi, deviceTypesApi, type Locale, regionsApi } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';

/** The list query as the page holds it. */
export type DeviceFilters = Partial<z.output<typeof devicesApi.list.query>>;

const all = ['devices'] as const;

/**
 * Query keys and fetchers of the device list. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in each key because the server names device types in the
 * caller's language.
 */
export const deviceQueries = {
  all,
  list: (filters: DeviceFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(devicesApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  stations: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'stations', locale] as const,
      queryFn: ({ signal }) => callApi(devicesApi.stations, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  types: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'types', locale] as const,
      queryFn: ({ signal }) => callApi(deviceTypesApi.list, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  regionTree: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'region-tree', locale] as const,
      queryFn: ({ signal }) => callApi(regionsApi.tree, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
};

function useRefreshDevices() {
  const queryClient = useQueryClient();
  // Station and type device counts move with the list.
  return () => queryClient.invalidateQueries({ queryKey: all });
}

/** Create or update a device; the drawer shows a refusal itself, so the call is silent. */
export function useSaveDevice() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: DeviceInput }) =>
      id === null
        ? callApi(devicesApi.create, { locale, body, silent: true })
        : { device: await callApi(devicesApi.update, { locale, params: { id }, body, silent: true }) },
    onSuccess: () => refresh(),
  });
}

/** Disable or enable; a refusal is the request layer's toast. */
export function useSetDeviceEnabled() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      callApi(devicesApi.setEnabled, { locale, params: { id }, body: { enabled } }),
    onSettled: () => refresh(),
  });
}

export function useRotateDeviceSecret() {
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(devicesApi.rotateSecret, { locale, params: { id } }),
  });
}

/** A device something depends on answers 409; the request layer shows that message. */
export function useRemoveDevice() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(devicesApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}
