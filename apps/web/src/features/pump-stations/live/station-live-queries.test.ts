import { QueryClient } from '@tanstack/react-query';
import type { StationLive, StationLiveList } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fresh, listOf, station } from './live-test-fixtures.ts';
import { applyStationEvent, stationLiveQueries } from './station-live-queries.ts';

const east = station(5, '东湖雨水泵站');
const west = station(6, '西山加压站', { kind: 'booster', state: 'stopped' });
const listKey = stationLiveQueries.list({}, 'zh-CN').queryKey;
const detailKey = stationLiveQueries.detail(5, 'zh-CN').queryKey;

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(listKey, listOf([east, west]));
  return queryClient;
}

describe('applyStationEvent', () => {
  it('puts a pushed station in place of its summary in every cached list, and whole into its detail', () => {
    const queryClient = client();
    queryClient.setQueryData(detailKey, east);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    const pushed: StationLive = { ...east, level: fresh(3.1), flow: fresh(1500) };
    applyStationEvent(queryClient, pushed);

    const list = queryClient.getQueryData<StationLiveList>(listKey);
    expect(list?.list.map((s) => s.id)).toEqual([5, 6]);
    expect(list?.list[0]?.level.value).toBe(3.1);
    expect(list?.list[0]?.flow.value).toBe(1500);
    // The summary keeps the list's shape: pumps without their readings.
    expect(list?.list[0]?.pumps[0]).toEqual({
      id: 101,
      number: 1,
      name: '1号泵',
      state: 'running',
      startLevel: 2.5,
      stopLevel: 1,
    });
    expect(list?.list[1]).toEqual(listOf([west]).list[0]);
    expect(queryClient.getQueryData<StationLive>(detailKey)).toEqual(pushed);
    // Same state: the tallies stand, nothing is read again.
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads the lists again when a station changes state (the chips count it and a state filter may drop it)', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    applyStationEvent(queryClient, { ...east, state: 'fault' });

    expect(queryClient.getQueryData<StationLiveList>(listKey)?.list[0]?.state).toBe('fault');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [...stationLiveQueries.all, 'list'] });
  });

  it('leaves lists that do not hold the station alone', () => {
    const queryClient = client();
    const before = queryClient.getQueryData<StationLiveList>(listKey);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    applyStationEvent(queryClient, station(9, '城北污水泵站', { state: 'offline' }));

    expect(queryClient.getQueryData(listKey)).toBe(before);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
