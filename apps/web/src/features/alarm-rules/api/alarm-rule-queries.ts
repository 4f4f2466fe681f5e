import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AlarmRuleInput,
  type AlarmRulesFile,
  alarmRulesApi,
  devicesApi,
  type Locale,
  type OfflineRuleInput,
  offlineRulesApi,
} from '@water/contracts';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { useAlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

export type RuleFilters = Partial<z.output<typeof alarmRulesApi.list.query>>;
export type OfflineRuleFilters = Partial<z.output<typeof offlineRulesApi.list.query>>;

/** The list's filters as the query string carries them (enabled as 'true' / 'false'). */
function wireQuery({ enabled, ...filters }: RuleFilters) {
  return { ...filters, enabled: enabled === undefined ? undefined : (`${enabled}` as const) };
}

const all = ['alarm-rules'] as const;
const offline = ['alarm-offline-rules'] as const;

/**
 * Query keys and fetchers of the two rule screens. Reads are silent: the pages show a failed load in
 * place with a retry. The locale is in each key: the server names device types, scopes and the
 * conditions' summary in the caller's language.
 */
export const alarmRuleQueries = {
  all,
  offline,
  list: (filters: RuleFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(alarmRulesApi.list, { locale, query: wireQuery(filters), signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  offlineList: (filters: OfflineRuleFilters, locale: Locale) =>
    queryOptions({
      queryKey: [...offline, 'list', filters, locale] as const,
      queryFn: ({ signal }) => callApi(offlineRulesApi.list, { locale, query: filters, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /** One device by id: a chosen device the picker's page does not list, to name it. */
  device: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: ['devices', 'one', id, locale] as const,
      queryFn: ({ signal }) => callApi(devicesApi.get, { locale, params: { id }, signal, silent: true }),
      staleTime: 60_000,
    }),
};

/** Rule writes change the list (and the rules' active-alarm counts the alarm screens show). */
function useRefresh(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/** Create or replace a rule. Silent: the drawer shows the refusal and its fields. */
export function useSaveRule() {
  const refresh = useRefresh(all);
  const { locale } = useAlarmRulesI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AlarmRuleInput }) =>
      id === null
        ? callApi(alarmRulesApi.create, { locale, body, silent: true })
        : callApi(alarmRulesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** The rule replayed over the last 24 h, unsaved. Silent: the preview shows the refusal. */
export function usePreviewRule() {
  const { locale } = useAlarmRulesI18n();
  return useMutation({
    mutationFn: (body: AlarmRuleInput) => callApi(alarmRulesApi.preview, { locale, body, silent: true }),
  });
}

/** Enable, disable, copy and remove: the request layer shows a refusal; the list is read again either way. */
export function useRuleActions() {
  const refresh = useRefresh(all);
  const { locale } = useAlarmRulesI18n();
  const setEnabled = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      callApi(alarmRulesApi.setEnabled, { locale, params: { id }, body: { enabled } }),
    onSettled: () => refresh(),
  });
  const copy = useMutation({
    mutationFn: (id: number) => callApi(alarmRulesApi.copy, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(alarmRulesApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
  return { setEnabled, copy, remove };
}

/** An exported file's rules added: each refused one comes back with its reason. Silent: the dialog shows a refusal. */
export function useImportRules() {
  const refresh = useRefresh(all);
  const { locale } = useAlarmRulesI18n();
  return useMutation({
    mutationFn: (body: AlarmRulesFile) => callApi(alarmRulesApi.importRules, { locale, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Create or change an offline rule. Silent: the drawer shows the refusal and its fields. */
export function useSaveOfflineRule() {
  const refresh = useRefresh(offline);
  const { locale } = useAlarmRulesI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OfflineRuleInput }) =>
      id === null
        ? callApi(offlineRulesApi.create, { locale, body, silent: true })
        : callApi(offlineRulesApi.update, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

export function useRemoveOfflineRule() {
  const refresh = useRefresh(offline);
  const { locale } = useAlarmRulesI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(offlineRulesApi.remove, { locale, params: { id } }),
    onSettled: () => refresh(),
  });
}
