import type { PageLoader } from '../../shared/routing/route-def.ts';

/**
 * The alarm-rule screens, as loaders for the system menu's routes: this file imports nothing
 * statically, so the routes file keeps the pages out of the entry chunk.
 */

/** Alarm rules (/sys/callPoliceRule): conditions on the thing models, who is told, the 24 h replay. */
export const loadAlarmRuleListPage: PageLoader = () =>
  import('./rules/alarm-rule-list-page.tsx').then((m) => ({ default: m.AlarmRuleListPage }));

/** Device offline rules (/sys/device-offline-alarm-rule): silence after which a device is alarmed. */
export const loadOfflineRuleListPage: PageLoader = () =>
  import('./offline/offline-rule-list-page.tsx').then((m) => ({ default: m.OfflineRuleListPage }));
