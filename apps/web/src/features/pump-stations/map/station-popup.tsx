import { Tag } from '@arco-design/web-react';
import type { LiveValue, StationLiveSummary, StationState } from '@water/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { stationDetailPath } from './station-map-lib.ts';
import type { StationMapI18n } from './use-station-map-i18n.ts';

/** Arco's tag colours of the four states (the map's circles use the same hues). */
export const STATE_TAG_COLOR: Record<StationState, string> = {
  running: 'green',
  stopped: 'gray',
  fault: 'red',
  offline: 'orange',
};

export function StateTag({ state, i18n }: { state: StationState; i18n: StationMapI18n }) {
  return (
    <Tag size="small" color={STATE_TAG_COLOR[state]} className="station-popup__state">
      {i18n.t(`stationMap.state.${state}`)}
    </Tag>
  );
}

/** A reading's time in the console's language: the time of day, with the date when it is not today's. */
export function readingTime(at: string, locale: string, now = new Date()): string {
  const when = new Date(at);
  const today = when.toDateString() === now.toDateString();
  return when.toLocaleString(locale, {
    ...(today ? {} : { month: '2-digit', day: '2-digit' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

function Reading({
  value,
  digits,
  unit,
  i18n,
}: {
  value: LiveValue;
  digits: number;
  unit: string;
  i18n: StationMapI18n;
}) {
  const { t, locale } = i18n;
  if (value.value === null) return <span className="station-popup__value--none">{t('stationMap.none')}</span>;
  const text = `${value.value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
  if (!value.stale) return <span>{text}</span>;
  // Greyed and said: an old reading must never pass for the current one.
  return (
    <span className="station-popup__value--stale" title={t('stationMap.popup.staleTitle')}>
      {text}
      <span className="sr-only">{t('stationMap.popup.stale')}</span>
    </span>
  );
}

function Level({ station, i18n }: { station: StationLiveSummary; i18n: StationMapI18n }) {
  const { t, locale } = i18n;
  const { level } = station;
  const high = station.setPoints.highAlarm;
  if (level.value === null) return <span className="station-popup__value--none">{t('stationMap.none')}</span>;
  const fmt = (v: number) => v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const text =
    high === null
      ? t('stationMap.popup.levelNoHigh', { level: fmt(level.value) })
      : t('stationMap.popup.levelValue', { level: fmt(level.value), high: fmt(high) });
  const over = high !== null && !level.stale && level.value >= high;
  return (
    <span
      className={level.stale ? 'station-popup__value--stale' : over ? 'station-popup__value--alarm' : undefined}
      title={level.stale ? t('stationMap.popup.staleTitle') : undefined}
    >
      {text}
      {level.stale ? <span className="sr-only">{t('stationMap.popup.stale')}</span> : null}
      {over ? (
        <Tag size="small" color="red" className="station-popup__alarm">
          {t('stationMap.popup.overHigh')}
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * One station's live values, as the map's popup shows them (and the card that stands in for it where
 * there is no map): state, level against its high alarm, pumps, flow, pressure, rain, last update,
 * and the way to the station's detail.
 */
export function StationPopup({
  station,
  i18n,
  note,
}: {
  station: StationLiveSummary;
  i18n: StationMapI18n;
  /** Said under the values (a station the map cannot place). */
  note?: string;
}) {
  const { t, locale } = i18n;
  const titleId = useId();
  return (
    <section className="station-popup" aria-labelledby={titleId}>
      <header className="station-popup__header">
        <h3 id={titleId} className="station-popup__title">
          {station.name}
        </h3>
        <StateTag state={station.state} i18n={i18n} />
      </header>
      <p className="station-popup__meta">
        {[station.code, t(`stationMap.kind.${station.kind}`), station.regionName].filter(Boolean).join(' · ')}
      </p>
      <dl className="station-popup__values">
        <dt>{t('stationMap.popup.level')}</dt>
        <dd>
          <Level station={station} i18n={i18n} />
        </dd>
        <dt>{t('stationMap.popup.pumps')}</dt>
        <dd>{t('stationMap.popup.pumpsValue', { running: station.pumpsRunning, total: station.pumpsTotal })}</dd>
        <dt>{t('stationMap.popup.flow')}</dt>
        <dd>
          <Reading value={station.flow} digits={0} unit={t('stationMap.unit.m3h')} i18n={i18n} />
        </dd>
        <dt>{t('stationMap.popup.pressure')}</dt>
        <dd>
          <Reading value={station.pressure} digits={2} unit={t('stationMap.unit.mpa')} i18n={i18n} />
        </dd>
        <dt>{t('stationMap.popup.rain')}</dt>
        <dd>
          <Reading value={station.rain} digits={1} unit={t('stationMap.unit.mmh')} i18n={i18n} />
        </dd>
        <dt>{t('stationMap.popup.lastUpdate')}</dt>
        <dd>
          {station.lastUpdate ? (
            <time dateTime={station.lastUpdate}>{readingTime(station.lastUpdate, locale)}</time>
          ) : (
            t('stationMap.popup.never')
          )}
        </dd>
      </dl>
      {note ? <p className="station-popup__note">{note}</p> : null}
      <Link className="station-popup__link" to={stationDetailPath(station.id)}>
        {t('stationMap.popup.details')}
      </Link>
    </section>
  );
}
