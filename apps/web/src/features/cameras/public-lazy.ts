import type { PageLoader } from '../../shared/routing/route-def.ts';

/** Cameras (issue 19): each page its own chunk; the players (hls.js, mpegts.js) load with the pages that play. */
export const loadCameraListPage: PageLoader = () =>
  import('./registry/camera-list-page.tsx').then((m) => ({ default: m.CameraListPage }));
export const loadCameraLivePage: PageLoader = () =>
  import('./live/camera-live-page.tsx').then((m) => ({ default: m.CameraLivePage }));
export const loadPublicCameraPage: PageLoader = () =>
  import('./public/public-camera-page.tsx').then((m) => ({ default: m.PublicCameraPage }));
