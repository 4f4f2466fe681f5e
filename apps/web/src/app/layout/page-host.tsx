import { Spin } from '@arco-design/web-react';
import { Activity, Suspense, useMemo } from 'react';
import { type Location, parsePath, Route, Routes } from 'react-router';
import { CurrentRouteContext } from '../../shared/routing/current-route.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import { pageComponent } from '../routing/page-components.ts';
import { routeByName } from '../routing/route-registry.ts';
import { useTabs } from '../stores/tab-store.ts';

interface HostedPage {
  route: FlatRoute;
  location: Partial<Location>;
}

function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size={24} />
    </div>
  );
}

/**
 * Keep-alive: the page of every open tab stays mounted, hidden by <Activity> (its DOM and state
 * are kept, its effects paused), unless the route is marked ignoreCache. Each page renders inside
 * <Routes location> with its own tab's location, so a hidden page never sees another page's URL.
 * A tab refresh bumps the page's key, which really re-mounts it.
 */
export function PageHost({
  active,
  location,
  keepAlive,
}: {
  active: FlatRoute;
  location: Location;
  keepAlive: boolean;
}) {
  const tabs = useTabs((s) => s.tabs);
  const refreshKeys = useTabs((s) => s.refreshKeys);

  const pages = useMemo(() => {
    const hosted = new Map<string, HostedPage>();
    if (keepAlive) {
      for (const tab of tabs) {
        const route = routeByName(tab.name);
        if (!route?.page || tab.ignoreCache) continue;
        hosted.set(tab.name, { route, location: parsePath(tab.fullPath) });
      }
    }
    hosted.set(active.name, { route: active, location });
    return [...hosted.values()];
  }, [tabs, active, location, keepAlive]);

  return pages.map(({ route, location: pageLocation }) => {
    const Page = pageComponent(route);
    if (!Page) return null;
    const visible = route.name === active.name;
    return (
      <Activity key={`${route.name}:${refreshKeys[route.name] ?? 0}`} mode={visible ? 'visible' : 'hidden'}>
        <div className="page-host" data-page={route.name}>
          <CurrentRouteContext value={route}>
            <Routes location={visible ? location : pageLocation}>
              <Route
                path={route.fullPath}
                element={
                  <Suspense fallback={<PageLoading />}>
                    <Page />
                  </Suspense>
                }
              />
            </Routes>
          </CurrentRouteContext>
        </div>
      </Activity>
    );
  });
}
