import type { PageLoader } from '../../shared/routing/route-def.ts';

/**
 * What other features may mount of the pump stations, as loaders: this file imports nothing
 * statically, so a routes file reading it keeps the page out of the entry chunk. The configuration
 * screen sits in the system menu (/sys/pumpingSystem).
 */
export const loadPumpStationConfigPage: PageLoader = () =>
  import('./config/pump-station-config-page.tsx').then((m) => ({ default: m.PumpStationConfigPage }));

/** The public home (/bz/index, monitorMange): open without sign-in, its own chunk with its charts. */
export const loadPublicHomePage: PageLoader = () =>
  import('./home/public-home-page.tsx').then((m) => ({ default: m.PublicHomePage }));

/** The station map (/bz/pumpStationYt): its own chunk, with MapLibre in a further one. */
export const loadStationMapPage: PageLoader = () =>
  import('./map/station-map-page.tsx').then((m) => ({ default: m.StationMapPage }));

/** Real-time stations (/bz/pumpStationList): cards or table, and `?station=<id>` for one station's mimic. */
export const loadStationLivePage: PageLoader = () =>
  import('./live/station-live-page.tsx').then((m) => ({ default: m.StationLivePage }));

/** The station history (/bz/history-data): its chart and daily table, their own chunk. */
export const loadStationHistoryPage: PageLoader = () =>
  import('./history/station-history-page.tsx').then((m) => ({ default: m.StationHistoryPage }));

/** Pump control (/bz/pumpStationControl): `?station=<id>` for the station commanded. */
export const loadPumpControlPage: PageLoader = () =>
  import('./control/pump-control-page.tsx').then((m) => ({ default: m.PumpControlPage }));
