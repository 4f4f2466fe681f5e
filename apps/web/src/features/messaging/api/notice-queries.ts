import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, type NoticeInput, noticesApi, type PublishResult } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { useMessagingI18n } from '../use-messaging-i18n.ts';

export type NoticeFilters = Partial<z.output<typeof noticesApi.list.query>>;

const all = ['notices'] as const;

/**
 * Query keys and fetchers of notice management. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in each key because the server answers in the caller's language.
 */
export const noticeQueries = {
  all,
  list: (filters: NoticeFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(noticesApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(noticesApi.get, { locale, params: { id }, signal, silent: true }),
    }),
};

/** Attach a file to a draft, or take one off; the drawer shows a failure itself. */
export function useNoticeAttachment(id: number) {
  const queryClient = useQueryClient();
  const { locale } = useMessagingI18n();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeQueries.detail(id, locale).queryKey });
  const add = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(noticesApi.addAttachment, { locale, params: { id }, body, silent: true });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (attachmentId: number) =>
      callApi(noticesApi.removeAttachment, { locale, params: { id, attachmentId }, silent: true }),
    onSuccess: refresh,
  });
  return { add, remove };
}

/** Create or update a draft; the form shows a failure itself, so the call is silent. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  const { locale } = useMessagingI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NoticeInput }) =>
      id === null
        ? callApi(noticesApi.create, { locale, body, silent: true })
        : callApi(noticesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: (notice) => {
      queryClient.setQueryData(noticeQueries.detail(notice.id, locale).queryKey, notice);
      return queryClient.invalidateQueries({ queryKey: [...all, 'list'] });
    },
  });
}

export type NoticeAction = 'publish' | 'withdraw' | 'remove';
export type SmsDelivery = PublishResult['smsDelivery'];

/**
 * Publish, withdraw or delete; a refusal is shown by the request layer's toast. Resolves with how a
 * published notice's SMS copies fared (null for a console-only notice and the other actions).
 */
export function useNoticeAction() {
  const queryClient = useQueryClient();
  const { locale } = useMessagingI18n();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: NoticeAction }): Promise<SmsDelivery | null> => {
      if (action === 'publish') return (await callApi(noticesApi.publish, { locale, params: { id } })).smsDelivery;
      await callApi(noticesApi[action], { locale, params: { id } });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
