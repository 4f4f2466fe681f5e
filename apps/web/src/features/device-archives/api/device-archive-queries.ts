import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ArchiveEntryInput, deviceArchivesApi, devicesApi, type Locale } from '@water/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { showsReference } from '../../../shared/api/reference-queries.ts';
import { useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';

/** The list query as the page holds it. */
export type ArchiveFilters = Partial<z.output<typeof deviceArchivesApi.list.query>>;

const all = ['device-archives'] as const;
/** How many devices the picker offers for one search. */
const DEVICE_OPTIONS = 20;

/**
 * Query keys and fetchers of the device archives. Reads are silent: the page shows a failed load in
 * place with a retry. The locale is in each key because the server names device types in the
 * caller's language. The region filter reads the shared region tree (shared/api/reference-queries.ts).
 */
export const deviceArchiveQueries = {
  all,
  list: (filters: ArchiveFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(deviceArchivesApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
      // Each entry names its device's type and region: a rename there shows here at once.
      ...showsReference('regions', 'deviceTypes'),
    }),
  dueCalibrations: (withinDays: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'due-calibrations', withinDays, locale] as const,
      queryFn: ({ signal }) =>
        callApi(deviceArchivesApi.dueCalibrations, { locale, query: { withinDays }, signal, silent: true }),
    }),
  endingWarranties: (withinDays: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'ending-warranties', withinDays, locale] as const,
      queryFn: ({ signal }) =>
        callApi(deviceArchivesApi.endingWarranties, { locale, query: { withinDays }, signal, silent: true }),
    }),
  /** Devices matching what was typed into the picker. */
  deviceOptions: (keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'device-options', keyword, locale] as const,
      queryFn: ({ signal }) =>
        callApi(devicesApi.list, {
          locale,
          query: { keyword: keyword || undefined, pageSize: DEVICE_OPTIONS },
          signal,
          silent: true,
        }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};

function useRefreshArchives() {
  const queryClient = useQueryClient();
  // Lists, due lists and timelines all move with one entry.
  return () => queryClient.invalidateQueries({ queryKey: all });
}

/** Create or update an entry; the drawer shows a refusal itself, so the call is silent. */
export function useSaveArchiveEntry() {
  const refresh = useRefreshArchives();
  const { locale } = useDeviceArchivesI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ArchiveEntryInput }) =>
      id === null
        ? callApi(deviceArchivesApi.create, { locale, body, silent: true })
        : callApi(deviceArchivesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A refusal (an archived device) is the request layer's toast. */
export function useRemoveArchiveEntry() {
  const refresh = useRefreshArchives();
  const { locale } = useDeviceArchivesI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(deviceArchivesApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** Attach a file to an entry, or take one off; the drawer shows a failure itself. */
export function useArchiveAttachment(entryId: number) {
  const refresh = useRefreshArchives();
  const { locale } = useDeviceArchivesI18n();
  const add = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(deviceArchivesApi.addAttachment, { locale, params: { id: entryId }, body, silent: true });
    },
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (attachmentId: number) =>
      callApi(deviceArchivesApi.removeAttachment, { locale, params: { id: entryId, attachmentId }, silent: true }),
    onSuccess: () => refresh(),
  });
  return { add, remove };
}

/** Downloads one of an entry's files with the session. */
export function downloadArchiveFile(entryId: number, file: { id: number; name: string }, locale: Locale) {
  return downloadFile(deviceArchivesApi.downloadAttachment, {
    params: { id: entryId, attachmentId: file.id },
    fallbackName: file.name,
    locale,
  });
}
