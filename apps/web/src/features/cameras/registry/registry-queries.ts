import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CameraInput,
  type CameraShareInput,
  camerasApi,
  type Locale,
  type VideoPlatformInput,
  waterQualityApi,
} from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';

export type CameraFilters = z.output<typeof camerasApi.list.query>;
export type CameraProbe = z.input<typeof camerasApi.probe.body>;

/** Every camera read lives under this key (the live view's tree too): a registry write refreshes them all. */
export const camerasRootKey = ['cameras'] as const;
const platformsKey = ['video-platforms'] as const;

/** The longest page the water-quality contract serves: a county's sites fit in it. */
const ALL_SITES = 200;

/** Reads are silent: each part of the screen shows a failed load in place. */
export const registryQueries = {
  list: (filters: Partial<CameraFilters>, locale: Locale) =>
    queryOptions({
      queryKey: [...camerasRootKey, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(camerasApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /** The platform accounts (needs video:camera:write): the platforms tab and the form's platform pick. */
  platforms: (locale: Locale) =>
    queryOptions({
      queryKey: [...platformsKey, locale] as const,
      queryFn: ({ signal }) => callApi(camerasApi.platforms, { locale, signal, silent: true }),
    }),
  shares: (cameraId: number, locale: Locale) =>
    queryOptions({
      queryKey: [...camerasRootKey, 'shares', cameraId, locale] as const,
      queryFn: ({ signal }) => callApi(camerasApi.shares, { locale, params: { id: cameraId }, signal, silent: true }),
    }),
  /** The water-quality sites a camera may look at (one page of the longest size). */
  sites: (locale: Locale) =>
    queryOptions({
      queryKey: ['water-quality', 'site-options', locale] as const,
      queryFn: async ({ signal }) =>
        (await callApi(waterQualityApi.sites, { locale, query: { pageSize: ALL_SITES }, signal, silent: true })).list,
      staleTime: 60_000,
    }),
};

/** A camera write moves the list, the live view's tree and the platforms' camera counts. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: camerasRootKey }),
      queryClient.invalidateQueries({ queryKey: platformsKey }),
    ]);
}

/** Create or change a camera. Silent: the drawer shows the refusal and puts it on its field (a URL that failed the probe). */
export function useSaveCamera(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CameraInput }) =>
      id === null
        ? callApi(camerasApi.create, { locale, body, silent: true })
        : callApi(camerasApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Enable or disable: the request layer shows a refusal. */
export function useSetCameraEnabled(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      callApi(camerasApi.setEnabled, { locale, params: { id }, body: { enabled } }),
    onSettled: () => refresh(),
  });
}

export function useDeleteCamera(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(camerasApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** Checks a source without saving it; the form shows the answer (or the refusal) beside the button. */
export function probeCamera(body: CameraProbe, locale: Locale) {
  return callApi(camerasApi.probe, { locale, body, silent: true });
}

export function useCreateShare(cameraId: number, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CameraShareInput) => callApi(camerasApi.share, { locale, params: { id: cameraId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...camerasRootKey, 'shares', cameraId] }),
  });
}

export function useRevokeShare(cameraId: number, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => callApi(camerasApi.revokeShare, { locale, params: { id: cameraId, shareId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...camerasRootKey, 'shares', cameraId] }),
  });
}

/** Create or change a platform account. Silent: the drawer shows the refusal on its field. */
export function useSavePlatform(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: VideoPlatformInput }) =>
      id === null
        ? callApi(camerasApi.createPlatform, { locale, body, silent: true })
        : callApi(camerasApi.updatePlatform, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Delete a platform: the request layer shows the server's 409 (cameras still use it). */
export function useDeletePlatform(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(camerasApi.deletePlatform, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}
