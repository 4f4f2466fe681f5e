import type { PageLoader } from '../../shared/routing/route-def.ts';

/**
 * What other features may mount of the device archives, as loaders: this file imports nothing
 * statically, so a routes file reading it keeps the page out of the entry chunk.
 */
export const loadDeviceArchivesPage: PageLoader = () =>
  import('./pages/device-archives-page.tsx').then((m) => ({ default: m.DeviceArchivesPage }));
