import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@water/contracts/common/locale';
import { sharedEnUS } from './locale/en-US.ts';
import { sharedZhCN } from './locale/zh-CN.ts';

/**
 * Every key of every dictionary. app/locale/dictionaries.ts merges the features' dictionaries and
 * fills this interface by declaration merging, so `t()` is typed with keys shared/ cannot import.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface MessageRegistry {}

export type MessageKey = [keyof MessageRegistry] extends [never]
  ? keyof typeof sharedZhCN
  : keyof MessageRegistry & string;

export type Dictionary = Record<string, string>;
export type Dictionaries = Record<Locale, Dictionary>;

let registered: Dictionaries = { 'zh-CN': sharedZhCN, 'en-US': sharedEnUS };

/** The app registers the merged dictionaries once at start-up; until then the shared texts answer. */
export function registerDictionaries(dictionaries: Dictionaries): void {
  registered = dictionaries;
}

export function registeredDictionaries(): Dictionaries {
  return registered;
}

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

/** Fills `{name}` placeholders. */
export function format(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * For code outside React (request layer, route guard): the text in the current language, falling
 * back to en-US (spec §9), then to the key itself so a gap is visible rather than blank.
 */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  const locale = readStoredLocale();
  return format(registered[locale][key] ?? registered['en-US'][key] ?? key, values);
}
