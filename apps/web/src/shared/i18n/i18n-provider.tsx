import type { Locale } from '@water/contracts/common/locale';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { liveChannel } from '../live/live-channel.ts';
import {
  type Dictionaries,
  format,
  type MessageKey,
  readStoredLocale,
  registeredDictionaries,
  storeLocale,
} from './messages.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children, dictionaries }: { children: ReactNode; dictionaries?: Dictionaries }) {
  const [locale, setLocaleState] = useState<Locale>(readStoredLocale);
  const all = dictionaries ?? registeredDictionaries();

  const setLocale = useCallback((next: Locale) => {
    storeLocale(next);
    setLocaleState(next);
    liveChannel.setLocale(next);
  }, []);

  // Screen readers and the browser's own spell-check and hyphenation follow <html lang>.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(() => {
    const dictionary = all[locale];
    const fallback = all['en-US'];
    return {
      locale,
      setLocale,
      t: (key, values) => format(dictionary[key] ?? fallback[key] ?? key, values),
    };
  }, [locale, setLocale, all]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
