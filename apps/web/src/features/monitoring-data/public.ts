/**
 * What other features may use of the monitoring data: the history's export menu (CSV or XLSX of
 * device metrics, streamed with its progress) with the texts it speaks, and the helpers that turn
 * history points into chart lines. The station history (pump-stations) exports its series through it.
 */
export type { HistoryRequest } from './api/monitoring-queries.ts';
export { HistoryExport } from './components/history-export.tsx';
export { axisTimeLabel, withGaps } from './lib/history-chart-option.ts';
export { useMonitoringI18n } from './use-monitoring-i18n.ts';
