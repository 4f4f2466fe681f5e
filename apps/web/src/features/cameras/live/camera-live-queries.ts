import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CameraLayoutInput, type CameraPtzInput, camerasApi, type Locale } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';

const all = ['camera-live'] as const;

/** The live view's reads: the camera tree (statuses move, so it is read again now and then) and the caller's layouts. */
export const cameraLiveQueries = {
  all,
  tree: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'tree', locale] as const,
      queryFn: ({ signal }) => callApi(camerasApi.tree, { locale, signal, silent: true }),
      refetchInterval: 60_000,
    }),
  layouts: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'layouts', locale] as const,
      queryFn: ({ signal }) => callApi(camerasApi.layouts, { locale, signal, silent: true }),
    }),
};

/** Save, change or delete one of the caller's layouts; the request layer shows a refusal (a repeated name). */
export function useLayoutWrites(locale: Locale) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...all, 'layouts'] });
  const create = useMutation({
    mutationFn: (body: CameraLayoutInput) => callApi(camerasApi.createLayout, { locale, body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CameraLayoutInput }) =>
      callApi(camerasApi.updateLayout, { locale, params: { id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(camerasApi.deleteLayout, { locale, params: { id } }),
    onSettled: refresh,
  });
  return { create, update, remove };
}

/** How a tile plays its camera now (asked again by the player on reconnect and before expiry). */
export function playCamera(id: number, locale: Locale) {
  return callApi(camerasApi.play, { locale, params: { id }, silent: true });
}

/** One PTZ command; a refusal (409 no platform, 503 platform down) is the server's toast. */
export function sendPtz(id: number, body: CameraPtzInput, locale: Locale) {
  return callApi(camerasApi.ptz, { locale, params: { id }, body });
}
