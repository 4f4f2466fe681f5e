import type { AlarmSeverity } from '@water/contracts';

/**
 * The colour of each alarm severity, the same on every alarm screen (rules, the alarm list, the
 * navbar count, the statistics): Arco's tag colour names. Critical red, major orange, minor gold,
 * warning blue, info grey: the order of ALARM_SEVERITIES, most urgent first.
 */
export const ALARM_SEVERITY_COLORS = {
  critical: 'red',
  major: 'orange',
  minor: 'gold',
  warning: 'blue',
  info: 'gray',
} as const satisfies Record<AlarmSeverity, string>;

/** The same colours as hex (Arco's level-6 shades of those palettes), for charts and icons. */
export const ALARM_SEVERITY_HEX = {
  critical: '#F53F3F',
  major: '#FF7D00',
  minor: '#F7BA1E',
  warning: '#3491FA',
  info: '#86909C',
} as const satisfies Record<AlarmSeverity, string>;
