import { ALARM_SEVERITIES, type AlarmSeverity, type AlarmState } from '@water/contracts/alarms';
import { ALARM_SEVERITY_COLORS } from '../alarm-rules/public.ts';
import type { AlarmCommonI18n } from './use-alarm-common-i18n.ts';

// The severities' colours and names are the alarm rules' (features/alarm-rules/public.ts): every
// alarm screen colours a severity the same way.

/** The severity's colour as CSS, for bars, badges and dots (Arco's variable: light and dark both hold). */
export const severityColor = (severity: AlarmSeverity) => `rgb(var(--${ALARM_SEVERITY_COLORS[severity]}-6))`;

/** The most urgent severity with a count above 0, or null. */
export function worstSeverity(counts: Record<AlarmSeverity, number> | undefined): AlarmSeverity | null {
  return ALARM_SEVERITIES.find((s) => (counts?.[s] ?? 0) > 0) ?? null;
}

/** The two flags of an alarm's state. */
export const stateFlags = (state: AlarmState) => ({
  active: state.startsWith('active'),
  acknowledged: state.endsWith('-ack'),
});

/** The state in words: "告警中，未确认". */
export function stateText(state: AlarmState, t: AlarmCommonI18n['t']): string {
  const { active, acknowledged } = stateFlags(state);
  return t('alarmCommon.stateText', {
    active: t(active ? 'alarmCommon.active' : 'alarmCommon.cleared'),
    ack: t(acknowledged ? 'alarmCommon.acknowledged' : 'alarmCommon.unacknowledged'),
  });
}
