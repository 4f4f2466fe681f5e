import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { FlatRoute } from '../../shared/routing/route-def.ts';

const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per route, made once, so React keeps its identity across renders. */
export function pageComponent(route: FlatRoute): LazyExoticComponent<ComponentType> | null {
  if (!route.page) return null;
  let component = components.get(route.name);
  if (!component) {
    component = lazy(route.page);
    components.set(route.name, component);
  }
  return component;
}

/** Starts loading a page's chunk while the guard still runs, so it is usually there on arrival. */
export function preloadPage(route: FlatRoute | undefined): Promise<unknown> {
  return route?.page ? route.page().catch(() => undefined) : Promise.resolve();
}
