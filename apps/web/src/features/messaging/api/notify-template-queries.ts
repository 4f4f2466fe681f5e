import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  type NotifyChannel,
  type NotifyChannelInput,
  type NotifyTemplate,
  type NotifyTemplateInput,
  notifyApi,
  type notifyTemplatePreviewBodySchema,
} from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { useTemplatesI18n } from '../use-templates-i18n.ts';

export type TemplateFilters = z.output<typeof notifyApi.templates.query>;
export type PreviewBody = z.input<typeof notifyTemplatePreviewBodySchema>;

const all = ['notify-templates'] as const;
const channels = ['notify-channels'] as const;

/**
 * Query keys and fetchers of the message templates screen. Reads are silent: the page shows a failed
 * load in place with a retry. The locale is in each key because the server answers in the caller's
 * language (who edited a template, a failure's reason).
 */
export const notifyTemplateQueries = {
  all,
  channelsAll: channels,
  list: (filters: TemplateFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.templates, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /**
   * A template rendered unsaved with the sample values. A query, not a mutation: the key is the text
   * as typed (debounced), so going back to an earlier text answers from the cache, and the last
   * rendering stays on screen while the next one is on its way.
   */
  preview: (body: PreviewBody, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'preview', body, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.previewTemplate, { locale, body, signal, silent: true }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  channels: (locale: Locale) =>
    queryOptions({
      queryKey: [...channels, locale] as const,
      queryFn: ({ signal }) => callApi(notifyApi.channels, { locale, signal, silent: true }),
    }),
};

/** Save a template. Silent: the drawer shows the refusal on its field. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const { locale } = useTemplatesI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NotifyTemplateInput }) =>
      callApi(notifyApi.updateTemplate, { locale, params: { id }, body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

/** Put a template back to its seeded text; the request layer shows a refusal. */
export function useResetTemplate() {
  const queryClient = useQueryClient();
  const { locale } = useTemplatesI18n();
  return useMutation({
    mutationFn: (id: number): Promise<NotifyTemplate> => callApi(notifyApi.resetTemplate, { locale, params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

/** Change a channel. Silent: its card shows the refusal on the field. */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  const { locale } = useTemplatesI18n();
  return useMutation({
    mutationFn: ({ channel, body }: { channel: NotifyChannel; body: NotifyChannelInput }) =>
      callApi(notifyApi.updateChannel, { locale, params: { channel }, body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channels }),
  });
}

/** Send a test on a channel. Silent: the card shows how it went, a refusal included. */
export function useTestChannel() {
  const { locale } = useTemplatesI18n();
  return useMutation({
    mutationFn: (channel: NotifyChannel) =>
      callApi(notifyApi.testChannel, { locale, params: { channel }, silent: true }),
  });
}
