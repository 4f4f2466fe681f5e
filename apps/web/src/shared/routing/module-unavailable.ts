import type { PageLoader } from './route-def.ts';

/** The lazy loader of the shared "not available yet" page, for routes a later issue builds. */
export const moduleUnavailable: PageLoader = () => import('../ui/module-unavailable-page.tsx');
