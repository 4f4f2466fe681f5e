export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';
/** localStorage key the console keeps its language under (spec §9). */
export const LOCALE_STORAGE_KEY = 'arco-locale';
/** localStorage key of the bearer token (spec §9). */
export const TOKEN_STORAGE_KEY = 'token';
