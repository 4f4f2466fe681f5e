import type { FlatRoute } from './route-def.ts';

let catalog: readonly FlatRoute[] = [];

/**
 * The app registers its route registry here once, so features can name and open other pages
 * (recently visited, shortcuts, message links) without importing app/ (imports flow app → features → shared).
 */
export function registerRouteCatalog(routes: readonly FlatRoute[]): void {
  catalog = routes;
}

export function catalogRouteByName(name: string): FlatRoute | undefined {
  return catalog.find((route) => route.name === name);
}

export function catalogRoutes(): readonly FlatRoute[] {
  return catalog;
}
