import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, notifyApi, type Push, type PushCreateBody } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { usePushI18n } from '../use-push-i18n.ts';

export type PushFilters = Partial<z.output<typeof notifyApi.pushes.query>>;
export type DeliveryFilters = Partial<z.output<typeof notifyApi.deliveries.query>>;

const all = ['notify-pushes'] as const;

/** While a push is sending, its counts move: the screen reads them again this often. */
export const PUSH_LIVE_MS = 3000;
/** A scheduled push about to start (or just due) is looked at this often, to see it turn to sending. */
const PUSH_DUE_MS = 10_000;
const DUE_WINDOW_MS = 2 * 60_000;

/** How soon to read the pushes shown again: often while one sends, now and then near a scheduled one's time. */
export function pushRefetchInterval(pushes: readonly Pick<Push, 'state' | 'scheduledAt'>[], now = Date.now()) {
  if (pushes.some((p) => p.state === 'sending')) return PUSH_LIVE_MS;
  const due = pushes.some(
    (p) => p.state === 'scheduled' && p.scheduledAt !== null && Date.parse(p.scheduledAt) - now < DUE_WINDOW_MS,
  );
  return due ? PUSH_DUE_MS : false;
}

/**
 * Query keys and fetchers of the push log. Reads are silent: the screen shows a failed load in
 * place. The locale is in each key: the server words failure reasons in the caller's language.
 */
export const pushQueries = {
  all,
  list: (filters: PushFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.pushes, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => pushRefetchInterval(query.state.data?.list ?? []),
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.push, { locale, params: { id }, signal, silent: true }),
      refetchInterval: (query) => pushRefetchInterval(query.state.data ? [query.state.data] : []),
    }),
  /** `live`: the push is sending, so its deliveries move too. */
  deliveries: (id: number, filters: DeliveryFilters, locale: Locale, live: boolean) =>
    queryOptions({
      queryKey: [...all, 'deliveries', id, filters, locale] as const,
      queryFn: ({ signal }) =>
        callApi(notifyApi.deliveries, { locale, params: { id }, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
      refetchInterval: live ? PUSH_LIVE_MS : false,
    }),
  /** What a push would queue; the drawer debounces the body before it gets here. */
  estimate: (body: PushCreateBody, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'estimate', body, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.estimate, { locale, body, signal, silent: true }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  /** The channels, on or off, to mark the ones a push cannot use. */
  channels: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'channels', locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.channels, { locale, signal, silent: true }),
      staleTime: 60_000,
    }),
};

/** Push now or at a time. Silent: the drawer shows the refusal on its fields. */
export function useCreatePush() {
  const queryClient = useQueryClient();
  const { locale } = usePushI18n();
  return useMutation({
    mutationFn: (body: PushCreateBody) => callApi(notifyApi.create, { locale, body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...all, 'list'] }),
  });
}

/** Resend the failed deliveries, or cancel a scheduled push; the request layer shows a refusal. */
export function usePushActions() {
  const queryClient = useQueryClient();
  const { locale } = usePushI18n();
  const refresh = () => queryClient.invalidateQueries({ queryKey: all });
  const resend = useMutation({
    mutationFn: (id: number) => callApi(notifyApi.resend, { locale, params: { id } }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => callApi(notifyApi.cancel, { locale, params: { id } }),
    onSettled: refresh,
  });
  return { resend, cancel };
}
