import type { DeviceType, MonitoringPoint } from '@water/contracts';
import { rangeState } from './metric-format.ts';
import type { GroupBase, GroupState } from './url-state.ts';

/** How a group is doing, for its header: shown while it is collapsed, so nothing hides there. */
export interface GroupTally {
  total: number;
  online: number;
  offline: number;
  stale: number;
  /** Points with at least one reading outside its model range: what will raise an alarm. */
  outOfRange: number;
}
export interface StationGroup {
  key: string;
  name: string;
  points: MonitoringPoint[];
  tally: GroupTally;
}
export interface RegionGroup {
  key: string;
  name: string;
  stations: StationGroup[];
  tally: GroupTally;
}

/** One line of the virtual list: a region header, a station header, or a slice of a station's cards. */
export type BoardRow =
  | { kind: 'region'; key: string; region: RegionGroup; open: boolean }
  | { kind: 'station'; key: string; station: StationGroup; open: boolean }
  | { kind: 'cards'; key: string; station: StationGroup; points: MonitoringPoint[]; first: boolean };

/**
 * Above this many station groups the board opens with them collapsed: twelve pump stations of
 * 10–15 devices drawn open were 12,959 px at 1366×768, while six still fit a few screens.
 */
export const COLLAPSE_ABOVE = 6;

const emptyTally = (): GroupTally => ({ total: 0, online: 0, offline: 0, stale: 0, outOfRange: 0 });

/** A reading of the point outside its metric's min–max (the same test that colours it on the card). */
export function isOutOfRange(point: MonitoringPoint, type: DeviceType | undefined): boolean {
  const metrics = new Map((type?.model.metrics ?? []).map((m) => [m.key, m]));
  return point.readings.some((r) => rangeState(metrics.get(r.key), r.value) !== 'normal');
}

/** Points by region, then station, in the server's order (region, station, code), each group tallied. */
export function groupPoints(
  points: MonitoringPoint[],
  names: { noRegion: string; noStation: string },
  judge: { stale: (point: MonitoringPoint) => boolean; outOfRange: (point: MonitoringPoint) => boolean },
): RegionGroup[] {
  const regions = new Map<string, RegionGroup>();
  const stations = new Map<string, StationGroup>();
  for (const point of points) {
    const regionKey = `r${point.regionId ?? 0}`;
    let region = regions.get(regionKey);
    if (!region) {
      region = { key: regionKey, name: point.regionName || names.noRegion, stations: [], tally: emptyTally() };
      regions.set(regionKey, region);
    }
    // A station lies in one region; points at no station are grouped per region.
    const stationKey = point.stationId ? `s${point.stationId}` : `n${point.regionId ?? 0}`;
    let station = stations.get(stationKey);
    if (!station) {
      station = { key: stationKey, name: point.stationName || names.noStation, points: [], tally: emptyTally() };
      stations.set(stationKey, station);
      region.stations.push(station);
    }
    station.points.push(point);
    const stale = judge.stale(point);
    const outOfRange = judge.outOfRange(point);
    for (const tally of [station.tally, region.tally]) {
      tally.total += 1;
      if (point.status === 'online') tally.online += 1;
      if (point.status === 'offline') tally.offline += 1;
      if (stale) tally.stale += 1;
      if (outOfRange) tally.outOfRange += 1;
    }
  }
  return [...regions.values()];
}

/** The stations' default: the address's, else collapsed when there are more groups than fit. */
export function groupBase(state: GroupState, stationGroups: number): GroupBase {
  return state.base ?? (stationGroups > COLLAPSE_ABOVE ? 'collapsed' : 'expanded');
}

export function isGroupOpen(key: string, state: GroupState, base: GroupBase): boolean {
  const toggled = state.toggled.has(key);
  // Regions start open whatever the stations do: their headers are the board's outline.
  if (key.startsWith('r')) return !toggled;
  return base === 'expanded' ? !toggled : toggled;
}

/**
 * The list the board virtualises. An open station's cards come in slices of `perSlice` (whole rows
 * of the grid), so a group of a hundred points at no station is not one tall item drawn at once.
 */
export function boardRows(regions: RegionGroup[], state: GroupState, base: GroupBase, perSlice: number): BoardRow[] {
  const rows: BoardRow[] = [];
  for (const region of regions) {
    const regionOpen = isGroupOpen(region.key, state, base);
    rows.push({ kind: 'region', key: region.key, region, open: regionOpen });
    if (!regionOpen) continue;
    for (const station of region.stations) {
      const open = isGroupOpen(station.key, state, base);
      rows.push({ kind: 'station', key: station.key, station, open });
      if (!open) continue;
      for (let i = 0; i < station.points.length; i += perSlice) {
        rows.push({
          kind: 'cards',
          key: `${station.key}:${i}`,
          station,
          points: station.points.slice(i, i + perSlice),
          first: i === 0,
        });
      }
    }
  }
  return rows;
}
