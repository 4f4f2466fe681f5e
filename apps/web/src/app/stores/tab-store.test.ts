import { describe, expect, it } from 'vitest';
import { routeByName } from '../routing/route-registry.ts';
import {
  cachedTabNames,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  DEFAULT_TAB,
  initialTabState,
  neighbourAfterClose,
  refreshTab,
  type TabState,
  toTab,
  upsertTab,
} from './tab-store.ts';

function open(state: TabState, name: string, search = ''): TabState {
  const route = routeByName(name)!;
  return upsertTab(state, toTab(route, route.fullPath, search));
}

const names = (state: TabState) => state.tabs.map((tab) => tab.name);

function fourTabs() {
  let state = initialTabState();
  for (const name of ['deviceList', 'wellList', 'scanRecord']) state = open(state, name);
  return state;
}

describe('tab store', () => {
  it('starts with the Workplace tab', () => {
    expect(initialTabState().tabs).toEqual([DEFAULT_TAB]);
  });

  it('adds a tab per route, never twice, and keeps the latest query', () => {
    let state = open(initialTabState(), 'deviceList', '?region=3');
    state = open(state, 'deviceList', '?region=4&page=2');
    expect(names(state)).toEqual(['Workplace', 'deviceList']);
    expect(state.tabs[1]).toMatchObject({
      fullPath: '/device/deviceList?region=4&page=2',
      query: { region: '4', page: '2' },
      titleKey: 'menu.deviceList',
    });
  });

  it('closes one tab and picks its left neighbour', () => {
    const before = fourTabs();
    const after = closeTab(before, 'wellList');
    expect(names(after)).toEqual(['Workplace', 'deviceList', 'scanRecord']);
    expect(neighbourAfterClose(before, after, 'wellList')?.name).toBe('deviceList');
  });

  it('never closes the Workplace tab', () => {
    expect(names(closeTab(fourTabs(), 'Workplace'))).toEqual(names(fourTabs()));
    expect(names(closeAll(fourTabs()))).toEqual(['Workplace']);
  });

  it('closes left, right and others', () => {
    expect(names(closeLeft(fourTabs(), 'wellList'))).toEqual(['Workplace', 'wellList', 'scanRecord']);
    expect(names(closeRight(fourTabs(), 'deviceList'))).toEqual(['Workplace', 'deviceList']);
    expect(names(closeOthers(fourTabs(), 'wellList'))).toEqual(['Workplace', 'wellList']);
  });

  it('refresh bumps the page key; closing forgets it', () => {
    let state = refreshTab(fourTabs(), 'wellList');
    state = refreshTab(state, 'wellList');
    expect(state.refreshKeys.wellList).toBe(2);
    expect(closeTab(state, 'wellList').refreshKeys.wellList).toBeUndefined();
  });

  it('keeps alive every tab but those marked ignoreCache', () => {
    const state = fourTabs();
    const tabs = state.tabs.map((tab) => (tab.name === 'scanRecord' ? { ...tab, ignoreCache: true } : tab));
    expect(cachedTabNames({ ...state, tabs })).toEqual(['Workplace', 'deviceList', 'wellList']);
  });
});
