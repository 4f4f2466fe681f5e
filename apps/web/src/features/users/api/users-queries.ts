import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  organizationApi,
  type RecordStatus,
  type RoleInput,
  rolesApi,
  type UserInput,
  usersApi,
} from '@water/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { useUsersI18n } from '../use-users-i18n.ts';

/** The list query as the page holds it (from the address, parsed by the contract). */
export type UserFilters = Partial<z.output<typeof usersApi.list.query>>;

/** The query as the wire carries it: "with sub-departments" goes only with a department, as 'true' / 'false'. */
function wireQuery({ withChildren, ...filters }: UserFilters) {
  return { ...filters, withChildren: filters.departmentId ? (`${withChildren !== false}` as const) : undefined };
}

const all = ['users'] as const;
const rolesAll = ['roles'] as const;

/**
 * Query keys and fetchers of user and role management. Reads are silent: the pages show a failed
 * load in place with a retry. The locale is in each key because the server names roles (and words
 * refusals) in the caller's language.
 */
export const userQueries = {
  all,
  list: (filters: UserFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(usersApi.list, { locale, query: wireQuery(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  departments: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'departments', locale] as const,
      queryFn: ({ signal }) => callApi(organizationApi.departmentTree, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
};

export const roleQueries = {
  all: rolesAll,
  list: (locale: Locale) =>
    queryOptions({
      queryKey: [...rolesAll, 'list', locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.list, { locale, signal, silent: true }),
    }),
  options: (locale: Locale) =>
    queryOptions({
      queryKey: [...rolesAll, 'options', locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.options, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: [...rolesAll, 'detail', id, locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.get, { locale, params: { id }, signal, silent: true }),
      // A drawer edits what the server holds now, not what another tab cached earlier.
      staleTime: 0,
      gcTime: 0,
    }),
  menus: (locale: Locale) =>
    queryOptions({
      queryKey: [...rolesAll, 'menus', locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.menus, { locale, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
};

function useRefreshUsers() {
  const queryClient = useQueryClient();
  // A user's roles change the roles' user counts too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...all, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...rolesAll, 'list'] }),
    ]);
}

function useRefreshRoles() {
  const queryClient = useQueryClient();
  // A removed or renamed role changes the role tags and pickers of the user list as well.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesAll }),
      queryClient.invalidateQueries({ queryKey: [...all, 'list'] }),
    ]);
}

/** Create or update a user; the drawer shows a refusal itself, so the call is silent. */
export function useSaveUser() {
  const refresh = useRefreshUsers();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: UserInput }) =>
      id === null
        ? callApi(usersApi.create, { locale, body, silent: true })
        : { user: await callApi(usersApi.update, { locale, params: { id }, body, silent: true }) },
    onSuccess: () => refresh(),
  });
}

/** Enable or disable; a refusal (the last administrator, oneself) is the request layer's toast. */
export function useSetUserStatus() {
  const refresh = useRefreshUsers();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RecordStatus }) =>
      callApi(usersApi.setStatus, { locale, params: { id }, body: { status } }),
    onSettled: () => refresh(),
  });
}

export function useResetPassword() {
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(usersApi.resetPassword, { locale, params: { id } }),
  });
}

export function useRemoveUser() {
  const refresh = useRefreshUsers();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(usersApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

/** Sends the sheet as multipart field `file`; silent: the import dialog shows a refusal (415, 413) itself. */
export function useImportUsers() {
  const refresh = useRefreshUsers();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callApi(usersApi.importXlsx, { locale, body, silent: true });
    },
    onSuccess: () => refresh(),
  });
}

/**
 * The workbook of the users the filters select. `downloadFile` fills path parameters only, so the
 * filters travel in the path it is given, encoded the way `callApi` encodes a query.
 */
export function exportUsers(filters: UserFilters, locale: Locale, fallbackName: string): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...query } = wireQuery(filters);
  return downloadFile(usersApi.exportXlsx, { query, fallbackName, locale });
}

export function downloadImportTemplate(locale: Locale, fallbackName: string): Promise<void> {
  return downloadFile(usersApi.importTemplate, { fallbackName, locale });
}

/** Create or update a role; the drawer shows a refusal itself. */
export function useSaveRole() {
  const refresh = useRefreshRoles();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleInput }) =>
      id === null
        ? callApi(rolesApi.create, { locale, body, silent: true })
        : callApi(rolesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/**
 * Removes a role. Silent: a role in use answers 409 with its holders, which the page turns into a
 * confirmation rather than an error toast; the page shows any other refusal.
 */
export function useRemoveRole() {
  const refresh = useRefreshRoles();
  const { locale } = useUsersI18n();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: boolean }) =>
      callApi(rolesApi.remove, {
        locale,
        params: { id },
        query: { confirm: confirm ? 'true' : 'false' },
        silent: true,
      }),
    onSuccess: () => refresh(),
  });
}
