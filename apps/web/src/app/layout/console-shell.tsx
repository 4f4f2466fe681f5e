import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { NOT_FOUND_ROUTE_NAME } from '../../features/exception/routes.tsx';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { useRoleInfo } from '../../shared/session/session-queries.ts';
import { pageComponent } from '../routing/page-components.ts';
import { findRoute, notFoundRoute } from '../routing/route-registry.ts';
import { tabStore, toTab, upsertTab } from '../stores/tab-store.ts';
import { DefaultLayout } from './default-layout.tsx';

/**
 * Everything but the sign-in screens: finds the registry entry for the URL, shows not-found on
 * its own, and every other page inside the console layout. Tabs follow committed navigations only,
 * so a route the guard turned away never becomes a tab.
 */
export function ConsoleShell() {
  const location = useLocation();
  const { t } = useI18n();
  const roleInfo = useRoleInfo();
  const route = findRoute(location.pathname);
  const signedIn = Boolean(roleInfo);

  useEffect(() => {
    const label = route ? t(route.labelKey) : t('menu.notFound');
    document.title = `${label} · ${t('app.name')}`;
  }, [route, t]);

  useEffect(() => {
    if (!signedIn || !route?.page || route.noTab || route.layout === 'blank') return;
    tabStore.set((state) => upsertTab(state, toTab(route, location.pathname, location.search)));
  }, [signedIn, route, location.pathname, location.search]);

  if (!route || route.name === NOT_FOUND_ROUTE_NAME || route.layout === 'blank') {
    const NotFound = pageComponent(notFoundRoute)!;
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  return <DefaultLayout route={route} location={location} signedIn={signedIn} />;
}
