import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Locale, type Member, organizationApi, usersApi } from '@water/contracts';
import type { z } from 'zod';
import { ApiError, callApi } from '../../../shared/api/http.ts';
import { useOrganizationI18n } from '../use-organization-i18n.ts';

export type EnterpriseFilters = Partial<z.output<typeof organizationApi.enterprises.query>>;
export type EnterpriseBody = z.input<typeof organizationApi.createEnterprise.body>;
export type DepartmentBody = z.input<typeof organizationApi.createDepartment.body>;
export type MemberFilters = Partial<z.input<typeof organizationApi.members.query>>;
export type MemberBody = z.input<typeof organizationApi.saveMember.body>;

export type MemberUser = Pick<Member, 'userId' | 'displayName' | 'username' | 'phone'>;

const all = ['organization'] as const;

/**
 * Query keys and fetchers of the enterprise pages. Reads are silent: the pages show a failed load in
 * place with a retry. Every write invalidates `all`: a department changes its enterprise's counts,
 * a member changes its department's, so the three pages share one root key.
 */
export const organizationQueries = {
  all,
  enterprises: (filters: EnterpriseFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'enterprises', filters, locale] as const,
      queryFn: ({ signal }) => callApi(organizationApi.enterprises, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  enterpriseOptions: () =>
    queryOptions({
      queryKey: [...all, 'enterprise-options'] as const,
      queryFn: ({ signal }) => callApi(organizationApi.enterpriseOptions, { signal, silent: true }),
    }),
  /** One enterprise's tree, or (no id) every enterprise's departments as one forest. */
  departmentTree: (enterpriseId: number | undefined) =>
    queryOptions({
      queryKey: [...all, 'department-tree', enterpriseId ?? 'all'] as const,
      queryFn: ({ signal }) =>
        callApi(organizationApi.departmentTree, {
          query: enterpriseId === undefined ? {} : { enterpriseId },
          signal,
          silent: true,
        }),
    }),
  members: (filters: MemberFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'members', filters, locale] as const,
      queryFn: ({ signal }) => callApi(organizationApi.members, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /**
   * Users for the member picker: every user, from the user list. Without the user-list permission
   * the candidates are the users already in some department, found through the member list.
   */
  memberUsers: (keyword: string, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'member-users', keyword, locale] as const,
      queryFn: async ({ signal }) => {
        const everyone = await callApi(usersApi.list, {
          locale,
          query: { page: 1, pageSize: 50, keyword: keyword || undefined },
          signal,
          silent: true,
        }).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 403) return null;
          throw error;
        });
        if (everyone) {
          return everyone.list.map(
            (u): MemberUser => ({ userId: u.id, displayName: u.displayName, username: u.username, phone: u.phone }),
          );
        }
        const page = await callApi(organizationApi.members, {
          locale,
          query: { page: 1, pageSize: 50, keyword: keyword || undefined },
          signal,
          silent: true,
        });
        // A user in several departments is listed once per department: one option per user.
        const users = new Map<number, MemberUser>();
        for (const m of page.list) {
          if (!users.has(m.userId)) {
            users.set(m.userId, { userId: m.userId, displayName: m.displayName, username: m.username, phone: m.phone });
          }
        }
        return [...users.values()];
      },
      placeholderData: keepPreviousData,
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
}

/** Create or update an enterprise; the form shows a failure itself, so the call is silent. */
export function useSaveEnterprise() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EnterpriseBody }) =>
      id === null
        ? callApi(organizationApi.createEnterprise, { locale, body, silent: true })
        : callApi(organizationApi.updateEnterprise, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A refusal (departments or users left) is the request layer's toast: the server words it. */
export function useRemoveEnterprise() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(organizationApi.removeEnterprise, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

export function useSaveDepartment() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DepartmentBody }) =>
      id === null
        ? callApi(organizationApi.createDepartment, { locale, body, silent: true })
        : callApi(organizationApi.updateDepartment, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** A refusal (children or members left) is the request layer's toast, with the server's count. */
export function useRemoveDepartment() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(organizationApi.removeDepartment, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}

export function useSaveMember() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: (body: MemberBody) => callApi(organizationApi.saveMember, { locale, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

export function useRemoveMember() {
  const refresh = useRefresh();
  const { locale } = useOrganizationI18n();
  return useMutation({
    mutationFn: (params: { departmentId: number; userId: number }) =>
      callApi(organizationApi.removeMember, { locale, params }),
    onSettled: () => refresh(),
  });
}
