import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  type WqLimitSetInput,
  type WqParameter,
  type WqParameterInput,
  waterQualityApi,
} from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';
import { wqRootKey } from '../common/wq-queries.ts';

/** A set or a parameter written: every water-quality read is marked stale (the pickers, the sites' set names). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wqRootKey });
}

/** A local copy of a set. Silent: the copy dialog shows a refusal in place. */
export function useCopySet(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callApi(waterQualityApi.copyLimitSet, { locale, params: { id }, body: { name }, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A local set's name, description and limits. Silent: the editor shows the refusal and its rows. */
export function useUpdateSet(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WqLimitSetInput }) =>
      callApi(waterQualityApi.updateLimitSet, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Delete a local set no site uses: the request layer shows a refusal. */
export function useDeleteSet(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(waterQualityApi.deleteLimitSet, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** A parameter's detection limit and method. Silent: the drawer shows a refusal. */
export function useUpdateParameter(locale: Locale) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ code, body }: { code: WqParameter; body: WqParameterInput }) =>
      callApi(waterQualityApi.updateParameter, { locale, params: { code }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}
