import type { LiveValue, RegionCollection, StationLiveList, StationLiveSummary } from '@water/contracts';

/** Test stations, typed by the contract (mockApi checks them against its schema as well). */
const fresh = (value: number | null): LiveValue => ({ value, ts: '2026-11-25T08:30:00.000Z', stale: false });

export function station(id: number, extra: Partial<StationLiveSummary> = {}): StationLiveSummary {
  return {
    id,
    code: `PS${String(id).padStart(2, '0')}`,
    name: `Station ${id}`,
    kind: 'rainwater',
    regionId: 10,
    regionName: 'East catchment',
    longitude: 119.6 + id / 100,
    latitude: 29.08 + id / 100,
    state: 'stopped',
    level: fresh(1.5),
    setPoints: { wellDepth: 6, highAlarm: 4, lowAlarm: 0.8, protection: 0.5 },
    pumpsRunning: 0,
    pumpsTotal: 3,
    pumps: [],
    flow: fresh(0),
    pressure: fresh(0.12),
    rain: fresh(0),
    power: null,
    lastUpdate: '2026-11-25T08:30:00.000Z',
    ...extra,
  };
}

export function liveList(list: StationLiveSummary[], extra: Partial<StationLiveList> = {}): StationLiveList {
  const counts = { running: 0, stopped: 0, fault: 0, offline: 0 };
  for (const s of list) counts[s.state] += 1;
  return { list, total: list.length, counts, at: '2026-11-25T08:30:05.000Z', ...extra };
}

export const boundaries: RegionCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [119.6, 29.0],
            [119.8, 29.0],
            [119.8, 29.2],
            [119.6, 29.0],
          ],
        ],
      },
      properties: { code: 'E-01', name: 'East catchment', kind: 'catchment', parentCode: null, orderNum: 0 },
    },
    {
      type: 'Feature',
      geometry: null,
      properties: { code: 'W-01', name: 'West catchment', kind: 'catchment', parentCode: null, orderNum: 1 },
    },
  ],
};
