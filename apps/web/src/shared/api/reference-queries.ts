import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  devicesApi,
  deviceTypesApi,
  type Locale,
  organizationApi,
  regionsApi,
  rolesApi,
  usersApi,
} from '@water/contracts';
import { callApi } from './http.ts';

const all = ['reference'] as const;

/**
 * The one key space of the reference data several features read: the monitoring-region tree, the
 * pump stations and the device-type catalogue. Each is cached once for the whole console, and a
 * write that changes one invalidates its key, so every screen that shows it follows.
 *
 * Region and station names are not translated by the server, so their keys carry no locale (the
 * locale a caller passes only sets the language of a refusal); device types are named in the
 * caller's language, so theirs do. Role options already share one key (`['roles', 'options', locale]`)
 * between user management and notices, and role writes invalidate `['roles']`.
 */
export const referenceKeys = {
  all,
  /** The tree, with each region's own device count: region writes and device writes move it. */
  regions: [...all, 'regions'] as const,
  /** The catalogue, with each type's device count: type writes and device writes move it. */
  deviceTypes: [...all, 'deviceTypes'] as const,
  /** Stations, with their region's name and their device count: region and device writes move them. */
  stations: [...all, 'stations'] as const,
};

export type ReferenceKind = Exclude<keyof typeof referenceKeys, 'all'>;

/** Reference data changes seldom, and every write in the console invalidates what it changed. */
const REFERENCE_STALE_TIME = 5 * 60_000;

/** Reads are silent: each screen shows a failed load in place. */
export const referenceQueries = {
  regionTree: (locale?: Locale) =>
    queryOptions({
      queryKey: [...referenceKeys.regions, 'tree'] as const,
      queryFn: ({ signal }) => callApi(regionsApi.tree, { locale, signal, silent: true }),
      staleTime: REFERENCE_STALE_TIME,
    }),
  stations: (locale?: Locale) =>
    queryOptions({
      queryKey: [...referenceKeys.stations, 'list'] as const,
      queryFn: ({ signal }) => callApi(devicesApi.stations, { locale, signal, silent: true }),
      staleTime: REFERENCE_STALE_TIME,
    }),
  deviceTypes: (locale: Locale) =>
    queryOptions({
      queryKey: [...referenceKeys.deviceTypes, 'list', locale] as const,
      queryFn: ({ signal }) => callApi(deviceTypesApi.list, { locale, signal, silent: true }),
      staleTime: REFERENCE_STALE_TIME,
    }),
  deviceType: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...referenceKeys.deviceTypes, 'one', id, locale] as const,
      queryFn: ({ signal }) => callApi(deviceTypesApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: REFERENCE_STALE_TIME,
    }),
  /** The enabled roles as code and name, for pickers (notice audiences, alarm recipients); role writes invalidate ['roles']. */
  roleOptions: (locale: Locale) =>
    queryOptions({
      queryKey: ['roles', 'options', locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.options, { locale, signal, silent: true }),
      staleTime: 60_000,
    }),
  /** The enabled departments within the caller's data scope (and those above it, for context), for pickers. */
  departmentTree: (locale: Locale) =>
    queryOptions({
      queryKey: ['departments', 'tree', 'enabled', locale] as const,
      queryFn: ({ signal }) =>
        callApi(organizationApi.departmentTree, { locale, query: { status: 'enabled' }, signal, silent: true }),
      staleTime: 60_000,
    }),
  /**
   * Enabled users matching a name, for recipient pickers (alarm rules, message pushes). It reads the
   * user list, which needs system:user:list: without it, chosen users still show by number.
   */
  userOptions: (keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: ['users', 'picker', keyword, locale] as const,
      queryFn: ({ signal }) =>
        callApi(usersApi.list, {
          locale,
          query: { keyword: keyword || undefined, status: 'enabled', pageSize: 50, sort: 'displayName', order: 'asc' },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  /** One user by id: a chosen recipient the picker's search page does not list. */
  userOption: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: ['users', 'picker-one', id, locale] as const,
      queryFn: ({ signal }) => callApi(usersApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: 60_000,
    }),
  /** Devices of one type matching a keyword, for the pickers (the first 50 by code). */
  devicesOfType: (typeId: number, keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: ['devices', 'list', { typeId, keyword, pageSize: 50, picker: true }, locale] as const,
      queryFn: ({ signal }) =>
        callApi(devicesApi.list, {
          locale,
          query: { typeId, keyword: keyword || undefined, pageSize: 50, sort: 'code', order: 'asc' },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

/**
 * For a feature's query whose rows carry reference names (a device's region, station or type, as the
 * archive list and the live board show them): spread into its options, and a write that changes those
 * kinds marks it stale too, without the writing feature knowing the reading one's keys.
 */
export const showsReference = (...kinds: ReferenceKind[]) => ({ meta: { reference: kinds } });

const readsAny = (meta: Record<string, unknown> | undefined, kinds: readonly ReferenceKind[]) =>
  Array.isArray(meta?.reference) && kinds.some((kind) => (meta.reference as unknown[]).includes(kind));

/**
 * Marks the named reference data stale, and every query that shows names from it (`showsReference`):
 * what a screen shows now refetches at once, the rest when it is next read.
 */
export function invalidateReference(queryClient: QueryClient, ...kinds: ReferenceKind[]): Promise<unknown> {
  return Promise.all([
    ...kinds.map((kind) => queryClient.invalidateQueries({ queryKey: referenceKeys[kind] })),
    queryClient.invalidateQueries({ predicate: (query) => readsAny(query.meta, kinds) }),
  ]);
}
