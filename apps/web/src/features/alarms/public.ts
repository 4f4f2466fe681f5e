/**
 * What other parts of the console use of the alarms: the navbar's live alarm count and the
 * Workplace's active-alarms card. (The severity colours and tag are the alarm rules': alarm-rules/public.ts.)
 */
export { ActiveAlarmsCard } from './components/active-alarms-card.tsx';
export { AlarmBell } from './components/alarm-bell.tsx';
