import type { Locale } from '@water/contracts';
import { useMemo } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { format, type MessageKey } from '../../shared/i18n/messages.ts';
import { workplaceEnUS } from './locale/workplace.en-US.ts';
import { workplaceZhCN } from './locale/workplace.zh-CN.ts';

export type WorkplaceMessageKey = keyof typeof workplaceZhCN;

export const workplaceDictionaries: Record<Locale, Record<WorkplaceMessageKey, string>> = {
  'zh-CN': workplaceZhCN,
  'en-US': workplaceEnUS,
};

/**
 * The Workplace's own texts in the console's language. They travel with the Workplace chunk: the
 * entry (and so the sign-in screen) does not carry fifty strings it never shows. `tApp` is the
 * console's translator, for route labels.
 */
export function useWorkplaceI18n() {
  const { locale, t: tApp } = useI18n();
  return useMemo(() => {
    const dictionary = workplaceDictionaries[locale];
    return {
      locale,
      tApp: tApp as (key: MessageKey) => string,
      t: (key: WorkplaceMessageKey, values?: Record<string, string | number>) => format(dictionary[key], values),
    };
  }, [locale, tApp]);
}
