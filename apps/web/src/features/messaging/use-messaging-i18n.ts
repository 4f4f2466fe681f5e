import { isValidationMessageKey, type Locale, validationMessages } from '@water/contracts';
import { useMemo } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { noticesEnUS } from './locale/notices-en-US.ts';
import { noticesZhCN } from './locale/notices-zh-CN.ts';

export type MessagingMessageKey = keyof typeof noticesZhCN;
type Params = Record<string, string | number>;

const dictionaries: Record<Locale, Record<MessagingMessageKey, string>> = {
  'zh-CN': noticesZhCN,
  'en-US': noticesEnUS,
};

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export interface MessagingI18n {
  locale: Locale;
  t: (key: MessagingMessageKey, params?: Params) => string;
  /** A contract schema's issue message (a validation key) in the current language. */
  tv: (key: string) => string;
}

/**
 * The notice pages' own dictionary in the shared provider's language. It travels with the lazy page
 * rather than in the shell's merged dictionaries, which the sign-in screen loads.
 */
export function useMessagingI18n(): MessagingI18n {
  const { locale } = useI18n();
  return useMemo(() => {
    const dictionary = dictionaries[locale];
    return {
      locale,
      t: (key, params) => fill(dictionary[key], params),
      tv: (key) =>
        isValidationMessageKey(key) ? validationMessages[key][locale] : dictionary['messaging.notices.invalid'],
    };
  }, [locale]);
}
