import { Button, Tag, Tooltip } from '@arco-design/web-react';
import { IconArrowFall, IconArrowRise, IconExclamationCircle, IconHistory } from '@arco-design/web-react/icon';
import type { DeviceStatus, DeviceType, MetricSpec, MonitoringPoint, Reading } from '@water/contracts';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import {
  formatReading,
  metricName,
  qualityFlags,
  type RangeState,
  rangeState,
  rangeText,
} from '../lib/metric-format.ts';
import type { MonitoringI18n, MonitoringMessageKey } from '../use-monitoring-i18n.ts';

const STATUS_COLORS: Record<DeviceStatus, string> = {
  inactive: 'gray',
  online: 'green',
  offline: 'orange',
  disabled: 'red',
};

export function statusText(status: DeviceStatus, t: MonitoringI18n['t']): string {
  return t(`monitoring.status.${status}` as MonitoringMessageKey);
}

export function PointStatusTag({ status, t }: { status: DeviceStatus; t: MonitoringI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}

/**
 * One metric's latest value, coloured against its model range, with its quality flags. A value
 * that changes flashes once: the key restarts the CSS animation (none under reduced motion).
 */
function MetricReading({
  metric,
  reading,
  label,
  i18n,
}: {
  metric: MetricSpec | undefined;
  reading: Reading | undefined;
  label: string;
  i18n: MonitoringI18n;
}) {
  const { t, locale } = i18n;
  const value = reading?.value;
  // What was shown before, kept from render to render: a change is known while rendering it.
  const [seen, setSeen] = useState(value);
  const [flashes, setFlashes] = useState(0);
  if (value !== seen) {
    setSeen(value);
    if (seen !== undefined) setFlashes(flashes + 1);
  }

  if (!reading) {
    return (
      <div className="monitoring-metric">
        <dt className="monitoring-metric__name">{label}</dt>
        <dd className="monitoring-metric__value monitoring-metric__value--empty">{t('monitoring.none')}</dd>
      </div>
    );
  }
  const state: RangeState = rangeState(metric, reading.value);
  const flags = qualityFlags(reading.quality);
  const range = metric ? rangeText(metric, locale) : '';
  const stateText =
    state === 'high' && metric
      ? t('monitoring.value.aboveRange', { max: formatReading(metric, metric.max as number, locale, t) })
      : state === 'low' && metric
        ? t('monitoring.value.belowRange', { min: formatReading(metric, metric.min as number, locale, t) })
        : range
          ? t('monitoring.value.inRange', { range })
          : '';
  const flagText = flags.length
    ? t('monitoring.quality.flagged', {
        flags: flags
          .map((f) => t(`monitoring.quality.${f}` as MonitoringMessageKey))
          .join(locale === 'zh-CN' ? '、' : ', '),
      })
    : '';
  const title = [formatDateTime(reading.ts, locale, { seconds: true }), stateText, flagText].filter(Boolean).join('\n');
  const unit = metric?.unit ?? '';
  return (
    <div className="monitoring-metric" data-state={state} data-quality={reading.quality || undefined}>
      <dt className="monitoring-metric__name">{label}</dt>
      <dd className="monitoring-metric__value" title={title}>
        <span
          key={flashes}
          className={`monitoring-metric__number monitoring-metric__number--${state}${flashes ? ' monitoring-metric__number--flash' : ''}`}
          data-flash={flashes > 0 ? 'true' : undefined}
        >
          {state === 'high' ? <IconArrowRise aria-hidden /> : state === 'low' ? <IconArrowFall aria-hidden /> : null}
          {formatReading(metric, reading.value, locale, t)}
        </span>
        {unit ? <span className="monitoring-metric__unit">{unit}</span> : null}
        {state !== 'normal' ? <span className="monitoring-sr-only">{stateText}</span> : null}
        {flags.length ? (
          <Tooltip content={flagText}>
            {/* Arco hides its icons from assistive technology: the label sits on a wrapper. */}
            <span className="monitoring-metric__flag" role="img" aria-label={flagText}>
              <IconExclamationCircle />
            </span>
          </Tooltip>
        ) : null}
      </dd>
    </div>
  );
}

/** A monitoring point on the board: who it is, how it is, and each metric of its type's model. */
export function PointCard({
  point,
  type,
  stale,
  i18n,
  onHistory,
}: {
  point: MonitoringPoint;
  type: DeviceType | undefined;
  stale: boolean;
  i18n: MonitoringI18n;
  onHistory?: () => void;
}) {
  const { t, locale } = i18n;
  const titleId = useId();
  const byKey = new Map(point.readings.map((r) => [r.key, r]));
  const metrics = type?.model.metrics ?? [];
  const modelled = new Set(metrics.map((m) => m.key));
  // Readings the model does not describe (quality 2) still show, marked, rather than vanish.
  const extra = point.readings.filter((r) => !modelled.has(r.key));
  return (
    <article className={`monitoring-card${stale ? ' monitoring-card--stale' : ''}`} aria-labelledby={titleId}>
      <header className="monitoring-card__header">
        <h4 id={titleId} className="monitoring-card__title">
          <code className="monitoring-card__code">{point.code}</code>
          <span className="monitoring-card__name" title={point.name}>
            {point.name}
          </span>
        </h4>
        <div className="monitoring-card__tags">
          <PointStatusTag status={point.status} t={t} />
          {stale ? (
            <Tooltip content={t('monitoring.realTime.staleHint')}>
              <Tag size="small" color="gold" bordered>
                {t('monitoring.realTime.stale')}
              </Tag>
            </Tooltip>
          ) : null}
        </div>
      </header>
      <div className="monitoring-card__meta">
        <span>{point.typeName}</span>
        <span>
          {t('monitoring.realTime.lastSeen')}{' '}
          <time dateTime={point.lastSeenAt ?? undefined}>
            {point.lastSeenAt
              ? formatDateTime(point.lastSeenAt, locale, { seconds: true })
              : t('monitoring.realTime.neverSeen')}
          </time>
        </span>
      </div>
      {metrics.length || extra.length ? (
        <dl className="monitoring-card__metrics">
          {metrics.map((metric) => (
            <MetricReading
              key={metric.key}
              metric={metric}
              reading={byKey.get(metric.key)}
              label={metricName(metric, locale)}
              i18n={i18n}
            />
          ))}
          {extra.map((reading) => (
            <MetricReading
              key={reading.key}
              metric={undefined}
              reading={reading}
              label={`${reading.key} (${t('monitoring.realTime.notModelled')})`}
              i18n={i18n}
            />
          ))}
        </dl>
      ) : (
        <p className="monitoring-card__empty">{t('monitoring.realTime.noReadings')}</p>
      )}
      {onHistory ? (
        <footer className="monitoring-card__footer">
          <Button
            type="text"
            size="mini"
            icon={<IconHistory />}
            aria-label={`${t('monitoring.realTime.history')} ${point.code}`}
            onClick={onHistory}
          >
            {t('monitoring.realTime.history')}
          </Button>
        </footer>
      ) : null}
    </article>
  );
}
