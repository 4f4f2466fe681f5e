import { createContext, useContext } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import type { FlatRoute } from './route-def.ts';

/** The registry entry a kept-alive page was opened for (each cached page knows its own). */
export const CurrentRouteContext = createContext<FlatRoute | null>(null);

export function useCurrentRoute(): FlatRoute | null {
  return useContext(CurrentRouteContext);
}

export function useCurrentRouteLabel(): string | null {
  const route = useCurrentRoute();
  const { t } = useI18n();
  return route ? t(route.labelKey) : null;
}
