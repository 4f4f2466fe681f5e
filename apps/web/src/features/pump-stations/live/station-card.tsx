import { Tag, Tooltip } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import type { LiveValue, StationLiveSummary } from '@water/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { LevelBar } from './level-bar.tsx';
import {
  ageText,
  DIGITS,
  formatNumber,
  hasStale,
  isUnmapped,
  STATION_TAG_COLORS,
  timeText,
  valueText,
} from './live-format.ts';
import type { StationLiveI18n } from './use-station-live-i18n.ts';

/** A station's state as a tag; offline says why in its tooltip (a communication failure is never "normal"). */
export function StationStateTag({
  station,
  i18n,
}: {
  station: Pick<StationLiveSummary, 'state'>;
  i18n: StationLiveI18n;
}) {
  const { t } = i18n;
  const tag = (
    <Tag
      size="small"
      color={STATION_TAG_COLORS[station.state]}
      className={`station-state station-state--${station.state}`}
    >
      {t(`live.state.${station.state}`)}
    </Tag>
  );
  return station.state === 'offline' ? (
    <Tooltip content={t('live.state.offlineHint')} mini>
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}

/** The pumps as numbered dots coloured by state, and how many run of how many. */
export function PumpDots({
  station,
  i18n,
  compact = false,
}: {
  station: StationLiveSummary;
  i18n: StationLiveI18n;
  /** The count as "1/3" (a table column says what it counts). */
  compact?: boolean;
}) {
  const { t } = i18n;
  if (station.pumps.length === 0) return <span className="list-page__muted">{t('live.noPumps')}</span>;
  return (
    <span className="pump-dots">
      <ul className="pump-dots__list" aria-label={t('live.pumps')}>
        {station.pumps.map((p) => {
          const label = t('live.pumpDot', { number: p.number, name: p.name, state: t(`live.pump.${p.state}`) });
          return (
            <li key={p.id} className={`pump-dot pump-dot--${p.state}`} aria-label={label} title={label}>
              {p.number}
            </li>
          );
        })}
      </ul>
      <span className="pump-dots__count">
        {compact
          ? `${station.pumpsRunning}/${station.pumpsTotal}`
          : t('live.pumpsRunning', { running: station.pumpsRunning, total: station.pumpsTotal })}
      </span>
    </span>
  );
}

/** A figure greyed and marked when stale: never read as the current value. */
export function LiveFigure({
  value,
  text,
  i18n,
  className,
}: {
  value: Pick<LiveValue, 'stale' | 'value'>;
  text: string;
  i18n: StationLiveI18n;
  className?: string;
}) {
  const stale = value.value !== null && value.stale;
  return stale ? (
    <Tooltip content={i18n.t('live.staleHint')} mini>
      <span className={`live-figure live-figure--stale ${className ?? ''}`}>{text}</span>
    </Tooltip>
  ) : (
    <span className={`live-figure ${className ?? ''}`}>{text}</span>
  );
}

/**
 * One station as a card: state, the wet well against its set-points, pumps, flow and power (pressure
 * and rain where the station maps them), and how old its newest reading is. The name links to the
 * station's mimic; the whole card is that link's target area.
 */
export function StationCard({
  station: s,
  href,
  now,
  i18n,
}: {
  station: StationLiveSummary;
  href: string;
  now: number;
  i18n: StationLiveI18n;
}) {
  const { t, locale } = i18n;
  const nameId = useId();
  const none = t('live.none');
  const stale = hasStale(s);
  const metric = (label: string, v: LiveValue, digits: number, unit: string) =>
    isUnmapped(v) ? null : (
      <div key={label}>
        <dt>{label}</dt>
        <dd>
          <LiveFigure value={v} text={valueText(v, locale, digits, unit, none)} i18n={i18n} />
        </dd>
      </div>
    );
  return (
    <article className={`station-card station-card--${s.state}`} aria-labelledby={nameId}>
      <header className="station-card__header">
        <h3 className="station-card__name" id={nameId}>
          <Link to={href} className="station-card__link">
            {s.name}
          </Link>
        </h3>
        <StationStateTag station={s} i18n={i18n} />
      </header>
      <p className="station-card__meta">
        <code>{s.code}</code>
        <span>{t(`live.kind.${s.kind}`)}</span>
        {s.regionName ? <span>{s.regionName}</span> : null}
      </p>
      <div className="station-card__body">
        <LevelBar station={s} i18n={i18n} orientation="vertical" />
        <div className="station-card__figures">
          <div className="station-card__level">
            <span className="station-card__label">{t('live.level')}</span>
            <LiveFigure
              value={s.level}
              className="station-card__level-value"
              text={s.level.value === null ? none : formatNumber(s.level.value, locale, DIGITS.level)}
              i18n={i18n}
            />
            {s.level.value !== null ? <span className="station-card__unit">m</span> : null}
            {s.level.ts ? (
              <time className="station-card__time" dateTime={s.level.ts}>
                {timeText(s.level.ts, locale, now)}
              </time>
            ) : null}
          </div>
          <PumpDots station={s} i18n={i18n} />
          <dl className="station-card__metrics">
            {metric(t('live.flow'), s.flow, DIGITS.flow, 'm³/h')}
            <div>
              <dt>{t('live.power')}</dt>
              <dd>
                <span className="live-figure">
                  {s.power === null ? none : `${formatNumber(s.power, locale, DIGITS.power)} kW`}
                </span>
              </dd>
            </div>
            {metric(t('live.pressure'), s.pressure, DIGITS.pressure, 'MPa')}
            {metric(t('live.rain'), s.rain, DIGITS.rain, 'mm/h')}
          </dl>
        </div>
      </div>
      <footer className="station-card__footer">
        <span className="station-card__age">
          <IconClockCircle aria-hidden />
          {s.lastUpdate ? (
            <time dateTime={s.lastUpdate} title={timeText(s.lastUpdate, locale, now)}>
              {t('live.lastUpdate', { age: ageText(s.lastUpdate, now, t) })}
            </time>
          ) : (
            t('live.never')
          )}
        </span>
        {stale ? (
          <Tooltip content={t('live.staleHint')} mini>
            <Tag size="small" className="stale-badge">
              {t('live.stale')}
            </Tag>
          </Tooltip>
        ) : null}
      </footer>
    </article>
  );
}
