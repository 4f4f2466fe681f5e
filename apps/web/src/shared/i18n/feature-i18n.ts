import type { Locale } from '@water/contracts/common/locale';
import { isValidationMessageKey, validationMessages } from '@water/contracts/common/validation';
import { useMemo } from 'react';
import { useI18n } from './i18n-provider.tsx';
import { format, type MessageKey } from './messages.ts';

type Params = Record<string, string | number>;

export interface FeatureI18n<K extends string> {
  locale: Locale;
  /** A text of this feature, with `{name}` placeholders filled. */
  t: (key: K, params?: Params) => string;
  /** A contract schema's issue message (a validation key) in the current language. */
  tv: (key: string) => string;
  /** The console's own translator, e.g. for route labels. */
  tApp: (key: MessageKey) => string;
}

/**
 * A hook reading a feature's own dictionary in the console's language. Lazy pages keep their texts
 * in their own chunk this way, out of the merged dictionaries the sign-in screen loads.
 * `invalidKey` words a validation message the contract did not word.
 */
export function createFeatureI18n<K extends string>(
  dictionaries: Record<Locale, Record<K, string>>,
  invalidKey?: K,
): () => FeatureI18n<K> {
  return function useFeatureI18n() {
    const { locale, t: tApp } = useI18n();
    return useMemo(() => {
      const dictionary = dictionaries[locale];
      return {
        locale,
        tApp: tApp as (key: MessageKey) => string,
        t: (key: K, params?: Params) => format(dictionary[key], params),
        tv: (key: string) =>
          isValidationMessageKey(key) ? validationMessages[key][locale] : invalidKey ? dictionary[invalidKey] : key,
      };
    }, [locale, tApp]);
  };
}
