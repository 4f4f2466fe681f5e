import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, type LogRetention, logsApi } from '@water/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';

/** The lists' queries as the pages hold them (from the address, parsed by the contracts). */
export type OperationLogFilters = Partial<z.output<typeof logsApi.operations.query>>;
export type LoginLogFilters = Partial<z.output<typeof logsApi.logins.query>>;

/** `success` as the wire carries it: 'true' / 'false', which the contract turns into a boolean. */
function loginWire({ success, ...filters }: LoginLogFilters) {
  return { ...filters, success: success === undefined ? undefined : (`${success}` as const) };
}

const all = ['system-logs'] as const;

/**
 * Query keys and fetchers of the two logs. Reads are silent: the page shows a failed load in place
 * with a retry. The locale is in each key because the server words a few values in it.
 */
export const logQueries = {
  all,
  operations: (filters: OperationLogFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'operations', filters, locale] as const,
      queryFn: ({ signal }) => callApi(logsApi.operations, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  modules: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'modules', locale] as const,
      queryFn: ({ signal }) => callApi(logsApi.modules, { locale, signal, silent: true }),
    }),
  operation: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'operation', id, locale] as const,
      queryFn: ({ signal }) => callApi(logsApi.operation, { locale, params: { id }, signal, silent: true }),
      // A log row never changes once written.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  logins: (filters: LoginLogFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'logins', filters, locale] as const,
      queryFn: ({ signal }) => callApi(logsApi.logins, { locale, query: loginWire(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  retention: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'retention', locale] as const,
      queryFn: ({ signal }) => callApi(logsApi.retention, { locale, signal, silent: true }),
    }),
};

/** Set the retention; the modal shows a refusal itself, so the call is silent. */
export function useSetRetention() {
  const queryClient = useQueryClient();
  const { locale } = useSystemAdminI18n();
  return useMutation({
    mutationFn: (body: LogRetention) => callApi(logsApi.setRetention, { locale, body, silent: true }),
    // The setting itself is an operation: the operation log has a new row too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

/** The filters of a list, without its paging: what an export takes. */
function exportQuery(filters: Record<string, unknown>) {
  const { page: _page, pageSize: _pageSize, ...query } = filters;
  return query;
}

export function exportOperations(filters: OperationLogFilters, locale: Locale, fallbackName: string) {
  return downloadFile(logsApi.exportOperations, { query: exportQuery(filters), fallbackName, locale });
}

export function exportLogins(filters: LoginLogFilters, locale: Locale, fallbackName: string) {
  return downloadFile(logsApi.exportLogins, { query: exportQuery(loginWire(filters)), fallbackName, locale });
}
