import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@water/contracts/common/locale';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';

export type MessageKey = keyof typeof zhCN;

export const dictionaries: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice when it is a supported locale, otherwise the default (spec §9). */
export function readStoredLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function storeLocale(locale: Locale): void {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}
