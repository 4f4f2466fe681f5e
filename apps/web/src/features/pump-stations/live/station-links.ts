import { useCallback, useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';

/** The address parameter that opens one station's detail in place of the list (the map links to it too). */
export const STATION_PARAM = 'station';

/** The station an address opens, or null for the list (a hand-edited id is the list). */
export function stationOf(params: URLSearchParams): number | null {
  const raw = params.get(STATION_PARAM);
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The detail's address: the list's filters stay in it, so "back" finds them again. */
export function detailSearch(params: URLSearchParams, id: number): string {
  const next = new URLSearchParams(params);
  next.set(STATION_PARAM, String(id));
  return `?${next.toString()}`;
}

/** The list's address from the detail's: everything but the station. */
export function listSearch(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete(STATION_PARAM);
  const search = next.toString();
  return search ? `?${search}` : '';
}

export type StationView = 'cards' | 'table';
const storageKey = (userId: number | undefined) => `water-ops:station-live-view:${userId ?? 0}`;

/**
 * Cards or table: a preference of the operator, kept per user in this browser like the column
 * choice, not in the address. A link someone sends names a search, and opens in the reader's own view.
 */
export function useStationView(): [StationView, (view: StationView) => void] {
  const userId = useRoleInfo()?.userInfos?.userId;
  const key = storageKey(userId);
  const read = (k: string): StationView => {
    try {
      return localStorage.getItem(k) === 'table' ? 'table' : 'cards';
    } catch {
      return 'cards';
    }
  };
  const [state, setState] = useState(() => ({ key, view: read(key) }));
  const view = state.key === key ? state.view : read(key);
  if (state.key !== key) setState({ key, view });
  const set = useCallback(
    (next: StationView) => {
      setState({ key, view: next });
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage refused: the choice holds for this visit.
      }
    },
    [key],
  );
  return [view, set];
}
