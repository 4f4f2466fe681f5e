import type { PageLoader } from '../../shared/routing/route-def.ts';

/** Water-quality monitoring data (/water/waterList): its own chunk with its charts. */
export const loadWaterListPage: PageLoader = () =>
  import('./water-list-page.tsx').then((m) => ({ default: m.WaterListPage }));
