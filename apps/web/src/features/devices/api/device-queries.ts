import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceArchiveInput,
  type DeviceInput,
  type DeviceTypeInput,
  devicesApi,
  deviceTypesApi,
  type Locale,
} from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { invalidateReference } from '../../../shared/api/reference-queries.ts';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';

/** The list query as the page holds it. */
export type DeviceFilters = Partial<z.output<typeof devicesApi.list.query>>;

const all = ['devices'] as const;

/**
 * Query keys and fetchers of the device list. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in each key because the server names device types in the
 * caller's language. The region tree, the stations and the device types are reference data, read
 * through shared/api/reference-queries.ts.
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
  /** What holds a device (archive entries, open work orders): read before offering to delete it. */
  dependents: (id: number) =>
    queryOptions({
      queryKey: [...all, 'dependents', id] as const,
      queryFn: ({ signal }) => callApi(devicesApi.dependents, { params: { id }, signal, silent: true }),
      staleTime: 0,
    }),
};

/** For writes that change no count: enabling, disabling, archiving (an archived device keeps its place). */
function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
}

/**
 * For writes that add, remove or move a device: the region tree, the stations and the device types
 * carry device counts, and other features read them.
 */
export function useRefreshDevicesAndCounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: all }),
      invalidateReference(queryClient, 'regions', 'stations', 'deviceTypes'),
    ]);
}

/** A device-type write changes the catalogue, and the device rows that name the type. */
function useRefreshDeviceTypes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: all }), invalidateReference(queryClient, 'deviceTypes')]);
}

/** Create or update a device; the drawer shows a refusal itself, so the call is silent. */
export function useSaveDevice() {
  const refresh = useRefreshDevicesAndCounts();
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
  const refresh = useRefreshDevicesAndCounts();
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
 * rely on) in the form. The catalogue and everything under `all` refresh, since the list names types too.
 */
export function useSaveDeviceType() {
  const refresh = useRefreshDeviceTypes();
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
  const refresh = useRefreshDeviceTypes();
  const { locale } = useDeviceListI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(deviceTypesApi.remove, { locale, params: { id }, silent: true }),
    onSuccess: () => refresh(),
  });
}
