import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceArchiveInput,
  type DeviceInput,
  type DeviceTypeInput,
  devicesApi,
  deviceTypesApi,
  type Locale,
  regionsApi,
} from '@water/contracts';
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
  /** One device by the code its QR label carries (the detail page's address). */
  byCode: (code: string, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'by-code', code, locale] as const,
      queryFn: ({ signal }) => callApi(devicesApi.byCode, { locale, params: { code }, signal, silent: true }),
      enabled: code !== '',
    }),
  type: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'type', id, locale] as const,
      queryFn: ({ signal }) => callApi(deviceTypesApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  /** What holds a device (archive entries, open work orders): read before offering to delete it. */
  dependents: (id: number) =>
    queryOptions({
      queryKey: [...all, 'dependents', id] as const,
      queryFn: ({ signal }) => callApi(devicesApi.dependents, { params: { id }, signal, silent: true }),
      staleTime: 0,
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

/**
 * Archive a device (final). Silent: the dialog shows a refusal in place. Archive entries are another
 * feature's queries: the page that composes both refreshes them.
 */
export function useArchiveDevice() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeviceArchiveInput }) =>
      callApi(devicesApi.archive, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/**
 * Create or update a device type. Silent: the editor shows a refusal (a taken code, metrics devices
 * rely on) in the form. Everything under `all` refreshes, since the list names types too.
 */
export function useSaveDeviceType() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeviceTypeInput }) =>
      id === null
        ? callApi(deviceTypesApi.create, { locale, body, silent: true })
        : callApi(deviceTypesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Silent: the catalogue shows the server's refusal (built in, devices still use it) as returned. */
export function useRemoveDeviceType() {
  const refresh = useRefreshDevices();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(deviceTypesApi.remove, { locale, params: { id }, silent: true }),
    onSuccess: () => refresh(),
  });
}
