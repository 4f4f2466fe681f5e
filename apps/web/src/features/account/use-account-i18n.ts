import { isValidationMessageKey, type Locale, validationMessages } from '@water/contracts';
import { useMemo } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { accountEnUS } from './locale/en-US.ts';
import { accountZhCN } from './locale/zh-CN.ts';

export type AccountMessageKey = keyof typeof accountZhCN;
type Params = Record<string, string | number>;

const dictionaries: Record<Locale, Record<AccountMessageKey, string>> = { 'zh-CN': accountZhCN, 'en-US': accountEnUS };

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export interface AccountI18n {
  locale: Locale;
  /** A text of this feature, with `{name}` placeholders filled. */
  t: (key: AccountMessageKey, params?: Params) => string;
  /**
   * A contract schema's issue message (a validation key) in the current language. Zod's own
   * messages only appear for rules the contract did not word, which no form field of ours reaches.
   */
  tv: (key: string) => string;
}

/**
 * Reads this feature's own dictionary in the language of the shared I18nProvider, so the feature
 * works whether or not the shell has merged `accountZhCN`/`accountEnUS` into its dictionaries.
 */
export function useAccountI18n(): AccountI18n {
  const { locale } = useI18n();
  return useMemo(() => {
    const dictionary = dictionaries[locale];
    return {
      locale,
      t: (key, params) => fill(dictionary[key], params),
      tv: (key) => (isValidationMessageKey(key) ? validationMessages[key][locale] : dictionary['account.form.invalid']),
    };
  }, [locale]);
}
