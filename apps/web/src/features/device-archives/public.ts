/**
 * What other features may import of the device archives. The device detail page shows a device's
 * archive: its timeline and the query the page refreshes after a change.
 */
export { deviceArchiveQueries } from './api/device-archive-queries.ts';
export { DeviceArchiveTimeline } from './components/device-archive-timeline.tsx';
