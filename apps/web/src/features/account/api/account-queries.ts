import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountApi,
  type changePasswordBodySchema,
  type Locale,
  type PageQuery,
  type ProfileUpdate,
} from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { sessionQueries } from '../../../shared/session/session-queries.ts';
import { useAccountI18n } from '../use-account-i18n.ts';
import { uploadAvatar } from './upload-avatar.ts';

const all = ['account'] as const;

/**
 * Query keys and fetchers of the account feature. The locale is part of each key because the server
 * answers in the caller's language (role names, messages): switching language refetches. Reads are
 * silent: the pages show a failed load in place, with a retry, rather than as a passing toast.
 */
export const accountQueries = {
  all,
  profile: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'profile', locale] as const,
      queryFn: ({ signal }) => callApi(accountApi.profile, { locale, signal, silent: true }),
    }),
  loginHistory: (page: PageQuery, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'login-history', page, locale] as const,
      queryFn: ({ signal }) => callApi(accountApi.loginHistory, { locale, query: page, signal, silent: true }),
      // Paging keeps the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  sessions: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'sessions', locale] as const,
      queryFn: ({ signal }) => callApi(accountApi.sessions, { locale, signal, silent: true }),
    }),
};

/** The navbar's name and avatar come from role-info: it must follow the profile. */
function refreshProfile(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueries.all }),
    queryClient.invalidateQueries({ queryKey: sessionQueries.roleInfo().queryKey }),
  ]);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { locale } = useAccountI18n();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => callApi(accountApi.updateProfile, { locale, body, silent: true }),
    onSuccess: (profile) => {
      queryClient.setQueryData(accountQueries.profile(locale).queryKey, profile);
      return refreshProfile(queryClient);
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const { locale } = useAccountI18n();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, locale),
    onSuccess: () => refreshProfile(queryClient),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  const { locale } = useAccountI18n();
  return useMutation({
    mutationFn: (body: z.output<typeof changePasswordBodySchema>) =>
      callApi(accountApi.changePassword, { locale, body, silent: true }),
    // The server ends the other sessions: the session list is stale now; a temporary password is gone.
    onSuccess: () => refreshProfile(queryClient),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  const { locale } = useAccountI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(accountApi.endSession, { locale, params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all }),
  });
}
