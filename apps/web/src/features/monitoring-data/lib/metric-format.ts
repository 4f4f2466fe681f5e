import {
  type DeviceType,
  type Locale,
  type MetricSpec,
  type MonitoringPoint,
  Quality,
  type Reading,
} from '@water/contracts';
import type { MonitoringI18n } from '../use-monitoring-i18n.ts';

/** Where a value sits against its metric's range: `high` above max, `low` below min. */
export type RangeState = 'normal' | 'high' | 'low';
export type QualityFlag = 'outOfRange' | 'unknownMetric' | 'coerced';

/** A type's offline timeout when its model sets none (the server's default). */
export const DEFAULT_OFFLINE_SECONDS = 600;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, precision: number): Intl.NumberFormat {
  const key = `${locale}:${precision}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: precision, maximumFractionDigits: precision });
    numberFormats.set(key, format);
  }
  return format;
}

export function metricName(metric: Pick<MetricSpec, 'nameZh' | 'nameEn'>, locale: Locale): string {
  return locale === 'zh-CN' ? metric.nameZh : metric.nameEn;
}

export function typeName(type: Pick<DeviceType, 'nameZh' | 'nameEn'>, locale: Locale): string {
  return locale === 'zh-CN' ? type.nameZh : type.nameEn;
}

export const isNumericMetric = (metric: MetricSpec) => metric.dataType === 'number' || metric.dataType === 'integer';
/** What the history chart can draw: numbers, and booleans as 0/1. */
export const isChartableMetric = (metric: MetricSpec) => isNumericMetric(metric) || metric.dataType === 'boolean';

function asBoolean(value: Reading['value']): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/**
 * A reading as the board shows it: numbers to the metric's precision, booleans and enum values by
 * the model's labels (a boolean without labels as yes/no). Without a model, the value as it came.
 */
export function formatReading(
  metric: MetricSpec | undefined,
  value: Reading['value'],
  locale: Locale,
  t: MonitoringI18n['t'],
): string {
  if (!metric) return String(value);
  switch (metric.dataType) {
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) return String(value);
      return numberFormat(locale, metric.dataType === 'integer' ? 0 : metric.precision).format(n);
    }
    case 'boolean': {
      const b = asBoolean(value);
      if (b === null) return String(value);
      const option = metric.options.find((o) => asBoolean(o.value) === b);
      if (option) return metricName(option, locale);
      return t(b ? 'monitoring.value.true' : 'monitoring.value.false');
    }
    case 'enum': {
      const option = metric.options.find((o) => o.value === String(value));
      return option ? metricName(option, locale) : String(value);
    }
    default:
      return String(value);
  }
}

/** A number against the model's min–max; anything else is normal. */
export function rangeState(metric: MetricSpec | undefined, value: Reading['value']): RangeState {
  if (!metric || !isNumericMetric(metric)) return 'normal';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'normal';
  if (metric.max !== null && n > metric.max) return 'high';
  if (metric.min !== null && n < metric.min) return 'low';
  return 'normal';
}

export function qualityFlags(quality: number): QualityFlag[] {
  const flags: QualityFlag[] = [];
  if (quality & Quality.outOfRange) flags.push('outOfRange');
  if (quality & Quality.unknownMetric) flags.push('unknownMetric');
  if (quality & Quality.coerced) flags.push('coerced');
  return flags;
}

/** The model's range as text ("0–5 m"), or '' when it has none. */
export function rangeText(metric: MetricSpec, locale: Locale): string {
  if (metric.min === null && metric.max === null) return '';
  const f = (n: number | null) => (n === null ? '' : numberFormat(locale, metric.precision).format(n));
  return `${f(metric.min)}–${f(metric.max)}${metric.unit ? ` ${metric.unit}` : ''}`;
}

/**
 * Stale: the server said so, the device went offline, or it has been silent past its type's
 * offline timeout since the page loaded (the board may sit open for hours without an event).
 */
export function isStale(point: MonitoringPoint, type: DeviceType | undefined, now: number): boolean {
  if (point.stale || point.status === 'offline') return true;
  if (!point.lastSeenAt) return false;
  const timeout = (type?.model.offlineAfterSeconds ?? DEFAULT_OFFLINE_SECONDS) * 1000;
  return now - Date.parse(point.lastSeenAt) > timeout;
}
