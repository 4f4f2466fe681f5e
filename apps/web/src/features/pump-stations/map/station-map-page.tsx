import { Button, Result, Spin } from '@arco-design/web-react';
import { IconClose } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type RegionNode, STATION_STATES } from '@water/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { mapQueries } from '../../../shared/ui/map/map-queries.ts';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { STATION_LIVE_QUERY } from '../common/station-filters.tsx';
import { stationLiveQueries, useLiveStations } from '../live/station-live-queries.ts';
import { type StationLiveFilters, StationMapFilters } from './station-map-filters.tsx';
import { countByState, placed } from './station-map-lib.ts';
import { StationPanel } from './station-panel.tsx';
import { StationPopup } from './station-popup.tsx';
import { type StationMapI18n, useStationMapI18n } from './use-station-map-i18n.ts';
import './station-map.css';

// MapLibre is large: it loads with the map, after the filters and the station list are on screen.
const StationMapView = lazy(() => import('./station-map-view.tsx').then((m) => ({ default: m.StationMapView })));

function findCode(nodes: readonly RegionNode[], id: number): string | null {
  for (const node of nodes) {
    if (node.id === id) return node.code;
    const below = findCode(node.children, id);
    if (below) return below;
  }
  return null;
}

function Legend({
  counts,
  unplaced,
  i18n,
}: {
  counts: Record<(typeof STATION_STATES)[number], number>;
  unplaced: number;
  i18n: StationMapI18n;
}) {
  const { t } = i18n;
  return (
    <section className="station-map__legend" aria-label={t('stationMap.legend.title')}>
      <ul>
        {STATION_STATES.map((state) => (
          <li key={state}>
            <span className={`station-map__dot station-map__dot--${state}`} aria-hidden />
            <span>{t(`stationMap.state.${state}`)}</span>
            <span className="station-map__legend-count">{counts[state]}</span>
          </li>
        ))}
        <li>
          <span className="station-map__cluster-swatch" aria-hidden />
          {t('stationMap.legend.cluster')}
        </li>
        {unplaced ? (
          <li className="station-map__legend-note">{t('stationMap.legend.unplaced', { n: unplaced })}</li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * The station map (/bz/pumpStationYt, "cloud map"): the live list's filters, kept in the address as
 * on the list, the stations beside the map, and the map itself (region outlines, stations by state,
 * clustered when zoomed out, a popup with live values and the way to the detail). Live events keep
 * the states current; a station that goes silent turns offline at the next re-read.
 */
export function StationMapPage() {
  const i18n = useStationMapI18n();
  const { t, locale } = i18n;
  const list = useListFilters(STATION_LIVE_QUERY) as unknown as StationLiveFilters;
  const { keyword, regionId, kind, state } = list.filters;
  const filters = useMemo(() => ({ keyword, regionId, kind, state }), [keyword, regionId, kind, state]);
  const query = useQuery(stationLiveQueries.list(filters, locale));
  const config = useQuery(mapQueries.config());
  const boundaries = useQuery(mapQueries.boundaries());
  const tree = useQuery(referenceQueries.regionTree(locale));
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const stations = useMemo(() => query.data?.list ?? [], [query.data]);
  const ids = useMemo(() => stations.map((s) => s.id), [stations]);
  useLiveStations(ids);

  const placedStations = useMemo(() => stations.filter(placed), [stations]);
  const onMap = countByState(placedStations);
  const unplaced = stations.length - placedStations.length;
  // A station the filters no longer give closes its popup.
  const selected = stations.find((s) => s.id === selectedId) ?? null;
  const regionCode = filters.regionId ? findCode(tree.data ?? [], filters.regionId) : null;
  // The filters' own stations, not the previous search's kept on screen while they load.
  const fitKey = query.data && !query.isPlaceholderData ? JSON.stringify(filters) : null;

  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <Result
        className="station-map__result"
        status="error"
        title={t('stationMap.loadFailed')}
        subTitle={errorText(query.error, '') || undefined}
        extra={
          <Button type="primary" onClick={() => query.refetch()}>
            {t('stationMap.retry')}
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    body = <Spin className="station-map__result" tip={t('stationMap.loading')} />;
  } else {
    body = (
      <div className="station-map__body">
        <StationPanel stations={stations} selectedId={selectedId} onSelect={setSelectedId} i18n={i18n} />
        <div className="station-map__area">
          {config.data ? (
            <Suspense fallback={<Spin className="station-map__canvas--loading" tip={t('stationMap.map.loading')} />}>
              <StationMapView
                config={config.data}
                regions={boundaries.data}
                regionCode={regionCode}
                stations={stations}
                selectedId={selectedId}
                onSelect={setSelectedId}
                fitKey={fitKey}
                popup={selected ? <StationPopup station={selected} i18n={i18n} /> : null}
                label={t('stationMap.map.label', { placed: placedStations.length, ...onMap })}
                closeLabel={t('stationMap.popup.close')}
                unavailable={
                  <div className="station-map__fallback">
                    <p>{t('stationMap.map.unavailable')}</p>
                    {selected && placed(selected) ? (
                      <div className="station-map__card">
                        <StationPopup station={selected} i18n={i18n} />
                      </div>
                    ) : null}
                  </div>
                }
              />
            </Suspense>
          ) : (
            <Spin className="station-map__canvas--loading" tip={t('stationMap.map.loading')} />
          )}
          {selected && !placed(selected) ? (
            // A station without coordinates has nowhere to anchor a popup: its card opens over the map.
            <div className="station-map__card station-map__card--floating">
              <Button
                className="station-map__card-close"
                size="mini"
                type="text"
                icon={<IconClose />}
                aria-label={t('stationMap.popup.close')}
                onClick={() => setSelectedId(null)}
              />
              <StationPopup station={selected} i18n={i18n} note={t('stationMap.popup.notOnMap')} />
            </div>
          ) : null}
          <Legend counts={onMap} unplaced={unplaced} i18n={i18n} />
        </div>
      </div>
    );
  }

  return (
    <div className="station-map">
      <h1 className="sr-only">{t('stationMap.title')}</h1>
      <StationMapFilters list={list} counts={query.data?.counts} i18n={i18n} />
      {body}
    </div>
  );
}
