import type { StationLiveSummary } from '@water/contracts';
import { useEffect, useId, useRef } from 'react';
import { placed } from './station-map-lib.ts';
import type { StationMapI18n } from './use-station-map-i18n.ts';

/**
 * The stations beside the map, one button each: the keyboard's way to them (and the only one where
 * the map cannot start). Choosing one selects it: the map flies to it and opens its popup.
 */
export function StationPanel({
  stations,
  selectedId,
  onSelect,
  i18n,
}: {
  stations: readonly StationLiveSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  i18n: StationMapI18n;
}) {
  const { t, locale } = i18n;
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const unplaced = stations.filter((s) => !placed(s)).length;

  // A station chosen on the map comes into view in the list too; a popup closed with the focus in it
  // gives the focus back to its station here, not to the top of the page.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const item = (id: number | null) => listRef.current?.querySelector<HTMLElement>(`[data-station="${id}"] button`);
    if (selectedId !== null) item(selectedId)?.scrollIntoView?.({ block: 'nearest' });
    else if (document.activeElement === document.body) item(previous.current)?.focus();
    previous.current = selectedId;
  }, [selectedId]);

  const level = (s: StationLiveSummary) =>
    s.level.value === null
      ? t('stationMap.none')
      : `${s.level.value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`;

  return (
    <section className="station-map__panel" aria-labelledby={titleId}>
      <header className="station-map__panel-header">
        <h2 id={titleId} className="station-map__panel-title">
          {t('stationMap.panel.title')}
        </h2>
        <span className="station-map__panel-count">{t('stationMap.panel.count', { total: stations.length })}</span>
      </header>
      {unplaced ? <p className="station-map__panel-note">{t('stationMap.panel.unplaced', { n: unplaced })}</p> : null}
      {stations.length ? (
        <ul ref={listRef} className="station-map__list">
          {stations.map((s) => (
            <li key={s.id} data-station={s.id}>
              <button
                type="button"
                className="station-map__item"
                aria-pressed={s.id === selectedId}
                onClick={() => onSelect(s.id)}
              >
                <span className={`station-map__dot station-map__dot--${s.state}`} aria-hidden />
                <span className="station-map__item-main">
                  <span className="station-map__item-name">{s.name}</span>
                  <span className="station-map__item-sub">
                    {t(`stationMap.state.${s.state}`)} · {level(s)} ·{' '}
                    {t('stationMap.panel.pumps', { running: s.pumpsRunning, total: s.pumpsTotal })}
                  </span>
                </span>
                {placed(s) ? null : <span className="station-map__item-tag">{t('stationMap.panel.noPosition')}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="station-map__panel-empty">{t('stationMap.panel.empty')}</p>
      )}
    </section>
  );
}
