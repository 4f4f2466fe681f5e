import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContentItem, contentApi, type Locale } from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { useContentI18n } from '../use-content-i18n.ts';

export type ContentFilters = Partial<z.output<typeof contentApi.list.query>>;
export type ContentInput = z.input<typeof contentApi.create.body>;

const all = ['content'] as const;

/**
 * The Workplace's content figures (views per day, popular items, category share) come from the same
 * rows. Its query factory belongs to the dashboard feature, so its root key is named here rather than
 * imported (features do not import each other); dashboard/api/workplace-queries.ts owns the key.
 */
const WORKPLACE_KEY = ['workplace'] as const;

/**
 * Query keys and fetchers of the content library. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in each key because the server names categories in the caller's
 * language.
 */
export const contentQueries = {
  all,
  categories: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'categories', locale] as const,
      queryFn: ({ signal }) => callApi(contentApi.categories, { locale, signal, silent: true }),
      staleTime: 10 * 60_000,
    }),
  list: (filters: ContentFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(contentApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /**
   * Opening an item counts a view, so the viewer fetches it once per opening: never refetched while
   * open (focus, reconnect) and dropped from the cache when the viewer closes.
   */
  open: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'open', id, locale] as const,
      queryFn: ({ signal }) => callApi(contentApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/** After a write or a view: the list and the Workplace figures both change. */
export function useRefreshContent() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...all, 'list'] }),
      queryClient.invalidateQueries({ queryKey: WORKPLACE_KEY }),
    ]);
}

/** Create or update an item; the form shows a failure itself, so the call is silent. */
export function useSaveContent() {
  const refresh = useRefreshContent();
  const { locale } = useContentI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContentInput }) =>
      id === null
        ? callApi(contentApi.create, { locale, body, silent: true })
        : callApi(contentApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** The input of an item as stored, the base of a publish or unpublish. */
export function inputOf(item: ContentItem): ContentInput {
  return {
    type: item.type,
    categoryCode: item.categoryCode,
    title: item.title,
    summary: item.summary,
    bodyHtml: item.bodyHtml,
    status: item.status,
  };
}

export type ContentAction = 'publish' | 'unpublish' | 'remove';

/** Publish, unpublish (a PUT of the item with another status) or delete; a refusal is the request layer's toast. */
export function useContentAction() {
  const refresh = useRefreshContent();
  const { locale } = useContentI18n();
  return useMutation({
    mutationFn: async ({ item, action }: { item: ContentItem; action: ContentAction }) => {
      if (action === 'remove') {
        await callApi(contentApi.remove, { locale, params: { id: item.id } });
        return;
      }
      const body = { ...inputOf(item), status: action === 'publish' ? 'published' : 'draft' } as const;
      await callApi(contentApi.update, { locale, params: { id: item.id }, body });
    },
    onSettled: () => refresh(),
  });
}

/**
 * Sends an image or video item's file as multipart field `file`; the browser sets the Content-Type
 * with its boundary. Silent: the form shows the server's refusal (413, 415) next to the file.
 */
export function useUploadContentFile() {
  const refresh = useRefreshContent();
  const { locale } = useContentI18n();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callApi(contentApi.upload, { locale, params: { id }, body, silent: true });
    },
    onSuccess: () => refresh(),
  });
}
