import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContentType, contentApi, type Locale, noticesApi, type SmsAccount, workplaceApi } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { VISITS_KEY } from './record-visit.ts';

const all = ['workplace'] as const;

/**
 * Query keys and fetchers of the Workplace widgets. Each widget has its own request, so one slow or
 * failing widget never holds the others back. The locale is in the keys of answers the server words
 * in the caller's language (view counts as text, category names). Reads are silent: a widget shows
 * its failure in place.
 */
export const workplaceQueries = {
  all,
  overview: () =>
    queryOptions({
      queryKey: [...all, 'overview'] as const,
      queryFn: ({ signal }) => callApi(workplaceApi.overview, { signal, silent: true }),
    }),
  contentData: () =>
    queryOptions({
      queryKey: [...all, 'content-data'] as const,
      queryFn: ({ signal }) => callApi(contentApi.contentData, { signal, silent: true }),
    }),
  popular: (type: ContentType, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'popular', type, locale] as const,
      queryFn: ({ signal }) => callApi(contentApi.popular, { locale, query: { type }, signal, silent: true }),
    }),
  categoryShare: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'category-share', locale] as const,
      queryFn: ({ signal }) => callApi(contentApi.categoryShare, { locale, signal, silent: true }),
    }),
  announcements: () =>
    queryOptions({
      queryKey: [...all, 'announcements'] as const,
      queryFn: ({ signal }) => callApi(noticesApi.announcements, { query: { limit: 5 }, signal, silent: true }),
    }),
  notice: (id: number) =>
    queryOptions({
      queryKey: [...all, 'notice', id] as const,
      queryFn: ({ signal }) => callApi(noticesApi.get, { params: { id }, signal, silent: true }),
    }),
  visits: () =>
    queryOptions({
      queryKey: VISITS_KEY,
      queryFn: ({ signal }) => callApi(workplaceApi.visits, { signal, silent: true }),
    }),
  quickOperations: () =>
    queryOptions({
      queryKey: [...all, 'quick-operations'] as const,
      queryFn: ({ signal }) => callApi(workplaceApi.quickOperations, { signal, silent: true }),
    }),
};

const sms = [...all, 'sms'] as const;

/** The SMS account drawer's reads: the account and its latest top-ups or charges. */
export const smsQueries = {
  all: sms,
  account: () =>
    queryOptions({
      queryKey: [...sms, 'account'] as const,
      queryFn: ({ signal }) => callApi(workplaceApi.smsAccount, { signal, silent: true }),
    }),
  ledger: (kind: 'topup' | 'charge') =>
    queryOptions({
      queryKey: [...sms, 'ledger', kind] as const,
      queryFn: ({ signal }) => callApi(workplaceApi.smsLedger, { query: { kind, limit: 10 }, signal, silent: true }),
    }),
};

/** After a top-up or a new price the balance figure, its warning and the drawer all read again. */
function useSmsAccountWrite<B>(write: (body: B) => Promise<SmsAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (account) => {
      queryClient.setQueryData(smsQueries.account().queryKey, account);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sms }),
        queryClient.invalidateQueries({ queryKey: workplaceQueries.overview().queryKey }),
      ]);
    },
  });
}

/** The drawer's forms show a failure themselves, so the calls are silent. */
export const useSmsTopup = () =>
  useSmsAccountWrite((body: z.input<typeof workplaceApi.smsTopup.body>) =>
    callApi(workplaceApi.smsTopup, { body, silent: true }),
  );
export const useSmsSettings = () =>
  useSmsAccountWrite((body: z.input<typeof workplaceApi.smsSettings.body>) =>
    callApi(workplaceApi.smsSettings, { body, silent: true }),
  );

export function useSaveQuickOperations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (routeNames: string[]) => callApi(workplaceApi.saveQuickOperations, { body: { routeNames } }),
    onSuccess: (saved) => queryClient.setQueryData(workplaceQueries.quickOperations().queryKey, saved),
  });
}
