/**
 * "Record the route change", the first step of the guard (spec §4). Listeners (the tab bar,
 * anything that follows navigation) subscribe here; logout removes them all.
 */
export interface RouteChange {
  pathname: string;
  search: string;
}

type Listener = (change: RouteChange) => void;

const listeners = new Set<Listener>();
let latest: RouteChange | null = null;

export function setRouteEmitter(change: RouteChange): void {
  latest = change;
  for (const listener of listeners) listener(change);
}

/** With `immediate`, the listener hears the latest change at once. Returns the unsubscribe. */
export function listenerRouteChange(listener: Listener, immediate = false): () => void {
  listeners.add(listener);
  if (immediate && latest) listener(latest);
  return () => listeners.delete(listener);
}

export function removeRouteListener(): void {
  listeners.clear();
}

export function latestRouteChange(): RouteChange | null {
  return latest;
}
