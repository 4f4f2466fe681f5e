import type { MessageKey } from '../../shared/i18n/messages.ts';
import { createStore, useStore } from '../../shared/lib/create-store.ts';
import type { FlatRoute } from '../../shared/routing/route-def.ts';

/** Tab entry of spec §3. One tab per route: opening it again with another query updates the tab. */
export interface TabEntry {
  name: string;
  titleKey: MessageKey;
  /** Path and query the tab returns to; a tab keeps its query. */
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

export interface TabState {
  tabs: TabEntry[];
  /** Bumped by a refresh: part of the kept-alive page's key, so the page really re-mounts. */
  refreshKeys: Record<string, number>;
}

export const DEFAULT_TAB: TabEntry = {
  name: 'Workplace',
  titleKey: 'menu.Workplace',
  fullPath: '/dashboard/workplace',
  query: {},
  ignoreCache: false,
};

export function initialTabState(): TabState {
  return { tabs: [DEFAULT_TAB], refreshKeys: {} };
}

export function toTab(route: FlatRoute, pathname: string, search: string): TabEntry {
  const params = new URLSearchParams(search);
  return {
    name: route.name,
    titleKey: route.labelKey,
    fullPath: `${pathname}${params.size ? `?${params.toString()}` : ''}`,
    query: Object.fromEntries(params),
    ignoreCache: Boolean(route.ignoreCache),
  };
}

/** Adds the tab of a visited route, or brings an existing one up to date (no duplicates). */
export function upsertTab(state: TabState, tab: TabEntry): TabState {
  const index = state.tabs.findIndex((t) => t.name === tab.name);
  if (index === -1) return { ...state, tabs: [...state.tabs, tab] };
  const current = state.tabs[index]!;
  if (current.fullPath === tab.fullPath) return state;
  const tabs = state.tabs.slice();
  tabs[index] = { ...current, fullPath: tab.fullPath, query: tab.query };
  return { ...state, tabs };
}

const isDefault = (tab: TabEntry) => tab.name === DEFAULT_TAB.name;

function keep(state: TabState, predicate: (tab: TabEntry, index: number) => boolean): TabState {
  const tabs = state.tabs.filter((tab, index) => isDefault(tab) || predicate(tab, index));
  if (tabs.length === state.tabs.length) return state;
  const names = new Set(tabs.map((t) => t.name));
  const refreshKeys = Object.fromEntries(Object.entries(state.refreshKeys).filter(([name]) => names.has(name)));
  return { tabs, refreshKeys };
}

/** The Workplace tab is the anchor of the bar (spec §4): no close action removes it. */
export function closeTab(state: TabState, name: string): TabState {
  return keep(state, (tab) => tab.name !== name);
}

export function closeLeft(state: TabState, name: string): TabState {
  const at = state.tabs.findIndex((t) => t.name === name);
  return at === -1 ? state : keep(state, (_tab, index) => index >= at);
}

export function closeRight(state: TabState, name: string): TabState {
  const at = state.tabs.findIndex((t) => t.name === name);
  return at === -1 ? state : keep(state, (_tab, index) => index <= at);
}

export function closeOthers(state: TabState, name: string): TabState {
  return keep(state, (tab) => tab.name === name);
}

export function closeAll(state: TabState): TabState {
  return keep(state, () => false);
}

export function refreshTab(state: TabState, name: string): TabState {
  return { ...state, refreshKeys: { ...state.refreshKeys, [name]: (state.refreshKeys[name] ?? 0) + 1 } };
}

/** Keeps only the tabs a predicate allows (after a role switch, the routes the new role may open). */
export function pruneTabs(state: TabState, allowed: (tab: TabEntry) => boolean): TabState {
  return keep(state, allowed);
}

/** Routes whose pages stay mounted while their tab is open. */
export function cachedTabNames(state: TabState): string[] {
  return state.tabs.filter((tab) => !tab.ignoreCache).map((tab) => tab.name);
}

/** After closing `closed`, the tab to show: its left neighbour, else the one now in its place. */
export function neighbourAfterClose(before: TabState, after: TabState, closed: string): TabEntry | undefined {
  const index = before.tabs.findIndex((t) => t.name === closed);
  return after.tabs[Math.max(0, Math.min(index - 1, after.tabs.length - 1))];
}

export const tabStore = createStore<TabState>(initialTabState());

export function useTabs<S>(select: (state: TabState) => S): S {
  return useStore(tabStore, select);
}

export function resetTabs(): void {
  tabStore.set(initialTabState());
}
