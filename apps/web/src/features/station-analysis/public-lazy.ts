import type { PageLoader } from '../../shared/routing/route-def.ts';

/** Station comparison (/bz/synthesize-analysis): its own chunk with its charts. */
export const loadStationComparePage: PageLoader = () =>
  import('./station-compare-page.tsx').then((m) => ({ default: m.StationComparePage }));

/** System KPIs (/bz/synthesis-analysis): its own chunk with its charts. */
export const loadSystemKpisPage: PageLoader = () =>
  import('./system-kpis-page.tsx').then((m) => ({ default: m.SystemKpisPage }));
