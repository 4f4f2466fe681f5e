/**
 * What other parts of the console use of the alarms: the navbar's live alarm count, the
 * Workplace's active-alarms card and a station's open alarms (the real-time station detail).
 * (The severity colours and tag are the alarm rules': alarm-rules/public.ts.)
 */
export { ActiveAlarmsCard } from './components/active-alarms-card.tsx';
export { AlarmBell } from './components/alarm-bell.tsx';
export { StationAlarms } from './components/station-alarms.tsx';
