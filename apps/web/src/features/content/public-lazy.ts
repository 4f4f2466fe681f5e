import type { PageLoader } from '../../shared/routing/route-def.ts';

/**
 * What other features may mount of the content library, as loaders: this file imports nothing
 * statically, so a routes file reading it keeps the page out of the entry chunk.
 */
export const loadContentListPage: PageLoader = () =>
  import('./pages/content-list-page.tsx').then((m) => ({ default: m.ContentListPage }));
