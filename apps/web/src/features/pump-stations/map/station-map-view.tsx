import type { MapConfig, RegionCollection, StationLiveSummary } from '@water/contracts';
import type { FilterSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  groundColor,
  type MapLayers,
  primaryColor,
  strokeColor,
  themeColor,
  useMapLibre,
} from '../../../shared/ui/map/use-maplibre.ts';
import { STATE_COLOR_VARS, STATES } from '../home/station-state-colors.ts';
import {
  regionBounds,
  regionLabelPoints,
  regionOutlines,
  STATION_ZOOM,
  type StateColors,
  type StationPoints,
  stateColorExpression,
  stationBounds,
  stationPoints,
  stationSource,
  unionBounds,
} from './station-map-lib.ts';

/** Arco's light values of the state colours, where its stylesheet is absent. */
const STATE_FALLBACK: StateColors = { running: '#00B42A', stopped: '#86909C', fault: '#F53F3F', offline: '#FF7D00' };

/** The state colours of the theme now (Arco's variables, so they follow light and dark). */
export function stateColors(): StateColors {
  return Object.fromEntries(
    STATES.map((state, i) => [state, themeColor(STATE_COLOR_VARS[i] as string, STATE_FALLBACK[state])]),
  ) as StateColors;
}

const EMPTY: StationPoints = { type: 'FeatureCollection', features: [] };
const NO_REGION = ['==', ['get', 'code'], ''] as FilterSpecification;
const NO_STATION = ['==', ['get', 'id'], -1] as FilterSpecification;

const textColor = (dark: boolean) => (dark ? 'rgba(255, 255, 255, 0.9)' : '#1d2129');
const regionTextColor = (dark: boolean) => (dark ? 'rgba(255, 255, 255, 0.5)' : '#86909c');

function stationLayers(dark: boolean): MapLayers {
  const colors = stateColors();
  const color = stateColorExpression(colors);
  const primary = primaryColor(dark);
  return {
    sources: {
      regions: { type: 'geojson', data: EMPTY },
      'region-labels': { type: 'geojson', data: EMPTY },
      stations: stationSource(EMPTY),
    },
    layers: [
      {
        id: 'regions-fill',
        type: 'fill',
        source: 'regions',
        // Nested regions overlap: the smaller the region, the more of its own tint.
        paint: {
          'fill-color': primary,
          'fill-opacity': ['match', ['get', 'kind'], 'city', 0, 'district', 0.03, 0.05],
        },
      },
      {
        id: 'regions-line',
        type: 'line',
        source: 'regions',
        paint: {
          'line-color': primary,
          'line-opacity': 0.7,
          'line-width': ['match', ['get', 'kind'], 'city', 2, 'district', 1.5, 1],
        },
      },
      {
        id: 'region-selected',
        type: 'line',
        source: 'regions',
        filter: NO_REGION,
        paint: { 'line-color': primary, 'line-width': 3 },
      },
      {
        id: 'regions-label',
        type: 'symbol',
        source: 'region-labels',
        // Districts while the city is small on screen, their catchments once it is large.
        filter: ['!=', ['get', 'kind'], 'city'],
        layout: {
          'text-field': ['get', 'name'],
          'text-size': ['match', ['get', 'kind'], 'district', 14, 12],
          'symbol-sort-key': ['match', ['get', 'kind'], 'district', 1, 2],
        },
        paint: {
          'text-color': regionTextColor(dark),
          'text-halo-color': groundColor(dark),
          'text-halo-width': 1,
          'text-opacity': [
            'interpolate',
            ['linear'],
            ['zoom'],
            11,
            ['match', ['get', 'kind'], 'district', 1, 0],
            12.5,
            1,
          ],
        },
      },
      {
        id: 'clusters',
        type: 'circle',
        source: 'stations',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': color,
          'circle-opacity': 0.85,
          'circle-radius': ['step', ['get', 'point_count'], 15, 5, 19, 20, 24, 100, 30],
          'circle-stroke-width': 3,
          'circle-stroke-color': color,
          'circle-stroke-opacity': 0.35,
        },
      },
      {
        id: 'cluster-count',
        type: 'symbol',
        source: 'stations',
        filter: ['has', 'point_count'],
        layout: {
          'text-field': ['get', 'point_count_abbreviated'],
          'text-size': 13,
          'text-allow-overlap': true,
        },
        paint: { 'text-color': '#ffffff' },
      },
      {
        id: 'station-selected',
        type: 'circle',
        source: 'stations',
        filter: NO_STATION,
        paint: {
          'circle-radius': 13,
          'circle-color': primary,
          'circle-opacity': 0.25,
          'circle-stroke-width': 2,
          'circle-stroke-color': primary,
        },
      },
      {
        id: 'stations',
        type: 'circle',
        source: 'stations',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': color,
          'circle-radius': 7,
          'circle-stroke-width': 2,
          'circle-stroke-color': strokeColor(dark),
        },
      },
      {
        id: 'station-labels',
        type: 'symbol',
        source: 'stations',
        filter: ['!', ['has', 'point_count']],
        layout: {
          'text-field': ['get', 'name'],
          'text-size': 12,
          'text-anchor': 'top',
          'text-offset': [0, 0.9],
          'text-max-width': 10,
        },
        paint: {
          'text-color': textColor(dark),
          'text-halo-color': groundColor(dark),
          'text-halo-width': 1.5,
        },
      },
    ],
  };
}

function paint(map: MapLibreMap, dark: boolean) {
  const color = stateColorExpression(stateColors());
  const primary = primaryColor(dark);
  map.setPaintProperty('regions-fill', 'fill-color', primary);
  map.setPaintProperty('regions-line', 'line-color', primary);
  map.setPaintProperty('region-selected', 'line-color', primary);
  map.setPaintProperty('regions-label', 'text-color', regionTextColor(dark));
  map.setPaintProperty('regions-label', 'text-halo-color', groundColor(dark));
  map.setPaintProperty('clusters', 'circle-color', color);
  map.setPaintProperty('clusters', 'circle-stroke-color', color);
  map.setPaintProperty('station-selected', 'circle-color', primary);
  map.setPaintProperty('station-selected', 'circle-stroke-color', primary);
  map.setPaintProperty('stations', 'circle-color', color);
  map.setPaintProperty('stations', 'circle-stroke-color', strokeColor(dark));
  map.setPaintProperty('station-labels', 'text-color', textColor(dark));
  map.setPaintProperty('station-labels', 'text-halo-color', groundColor(dark));
}

/** Room a popup takes around its station (px), a little more than its tallest and half its widest. */
const POPUP_ROOM = { above: 290, side: 170 };
/** Where a station goes when the map moves to it: this share of the map's height below the middle. */
const POPUP_ROOM_SHIFT = 0.22;

/** Whether the station's popup fits whole above it where the map shows it now. */
function roomForPopup(map: MapLibreMap, center: [number, number]): boolean {
  const { x, y } = map.project(center);
  const { clientWidth: width } = map.getContainer();
  return y >= POPUP_ROOM.above && x >= POPUP_ROOM.side && x <= width - POPUP_ROOM.side;
}

export interface StationMapViewProps {
  config: MapConfig;
  regions: RegionCollection | undefined;
  /** The region the list is filtered by: its outline is drawn bold. */
  regionCode: string | null;
  /** The stations the filters give (those without coordinates are not drawn). */
  stations: readonly StationLiveSummary[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /**
   * Changes when the filters change and their stations have arrived: the map then frames them.
   * null while they load.
   */
  fitKey: string | null;
  /** The selected station's popup content. */
  popup: ReactNode;
  label: string;
  closeLabel: string;
  /** Shown in the map's place where MapLibre cannot start. */
  unavailable: ReactNode;
}

/**
 * The stations on the console's map base: region outlines with their names, stations clustered when
 * zoomed out (a cluster takes its worst station's colour, a click zooms into it), each station a
 * circle in its state's colour with its name, and a popup for the selected one. Live changes replace
 * the source's data; the map itself is built once.
 */
export function StationMapView(props: StationMapViewProps) {
  const { config, regions, regionCode, stations, selectedId, fitKey, popup, label, closeLabel, unavailable } = props;
  const latest = useRef(props);
  latest.current = props;
  const { points } = useMemo(() => stationPoints(stations), [stations]);
  const outlines = useMemo(() => regionOutlines(regions), [regions]);
  const labels = useMemo(() => regionLabelPoints(outlines), [outlines]);
  // The popup's DOM node: React renders into it through a portal, so the content keeps the page's
  // language, router and live data.
  const [popupNode] = useState(() => document.createElement('div'));

  const { container, map, ready, failed } = useMapLibre({
    config,
    layers: stationLayers,
    paint,
    labels: { 'Popup.Close': closeLabel },
    setup: (instance) => {
      // One handler, so a click on a station never races the popup's own close-on-click.
      instance.on('click', async (event) => {
        const [hit] = instance.queryRenderedFeatures(event.point, { layers: ['clusters', 'stations'] });
        if (!hit) {
          latest.current.onSelect(null);
          return;
        }
        if (hit.layer.id === 'stations') {
          latest.current.onSelect(Number(hit.properties.id));
          return;
        }
        const source = instance.getSource<GeoJSONSource>('stations');
        const zoom = await source?.getClusterExpansionZoom(Number(hit.properties.cluster_id));
        if (zoom === undefined || hit.geometry.type !== 'Point') return;
        instance.easeTo({ center: hit.geometry.coordinates as [number, number], zoom: zoom + 0.5 });
      });
      for (const layer of ['clusters', 'stations']) {
        instance.on('mouseenter', layer, () => {
          instance.getCanvas().style.cursor = 'pointer';
        });
        instance.on('mouseleave', layer, () => {
          instance.getCanvas().style.cursor = '';
        });
      }
      return undefined;
    },
  });

  useEffect(() => {
    if (!ready) return;
    map.current?.getSource<GeoJSONSource>('regions')?.setData(outlines);
    map.current?.getSource<GeoJSONSource>('region-labels')?.setData(labels);
  }, [ready, map, outlines, labels]);

  useEffect(() => {
    if (ready) map.current?.getSource<GeoJSONSource>('stations')?.setData(points);
  }, [ready, map, points]);

  useEffect(() => {
    if (ready) map.current?.setFilter('region-selected', ['==', ['get', 'code'], regionCode ?? '']);
  }, [ready, map, regionCode]);

  // Frames the stations once per search: a live update never moves the map under the user. A map
  // built afresh (another language, the tab shown again) frames them again.
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) fitted.current = null;
  }, [ready]);
  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance || fitKey === null) return;
    // A region chosen is framed whole, with any of its stations drawn outside its outline; its
    // outline arriving after the stations frames the search once more.
    const region = regionBounds(outlines, latest.current.regionCode);
    const key = `${fitKey}|${region ? 'region' : ''}`;
    if (fitted.current === key) return;
    const box = unionBounds(stationBounds(points), region);
    if (!box) return;
    const first = fitted.current === null;
    fitted.current = key;
    instance.fitBounds(box, { padding: 64, maxZoom: STATION_ZOOM + 1, duration: first ? 0 : 600 });
  }, [ready, map, fitKey, points, outlines]);

  // The selected station: ringed, shown unclustered, and its popup open.
  const selected = points.features.find((f) => f.properties.id === selectedId);
  const position = selected?.geometry.coordinates as [number, number] | undefined;
  const lng = position?.[0];
  const lat = position?.[1];
  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    instance.setFilter('station-selected', ['==', ['get', 'id'], selectedId ?? -1]);
    if (selectedId === null || lng === undefined || lat === undefined) return;
    const center: [number, number] = [lng, lat];
    if (instance.getZoom() < STATION_ZOOM || !roomForPopup(instance, center)) {
      // The station a little below the middle: its popup opens above it, whole.
      const height = instance.getContainer().clientHeight;
      instance.easeTo({
        center,
        zoom: Math.max(instance.getZoom(), STATION_ZOOM),
        offset: [0, Math.round(height * POPUP_ROOM_SHIFT)],
      });
    }
    const popup = new Popup({ closeOnClick: false, maxWidth: '320px', offset: 12 })
      .setLngLat(center)
      .setDOMContent(popupNode)
      .addTo(instance);
    const onClose = () => latest.current.onSelect(null);
    popup.on('close', onClose);
    // MapLibre moves the focus into the popup (its close button); Escape closes it from there.
    const element = popup.getElement();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') popup.remove();
    };
    element?.addEventListener('keydown', onKey);
    return () => {
      element?.removeEventListener('keydown', onKey);
      // Closed by the page (another station, a filter): not the user's close.
      popup.off('close', onClose);
      popup.remove();
    };
  }, [ready, map, selectedId, lng, lat, popupNode]);

  if (failed) return <div className="station-map__canvas station-map__canvas--failed">{unavailable}</div>;
  return (
    <>
      <div ref={container} className="station-map__canvas" role="application" aria-label={label} />
      {selected ? createPortal(popup, popupNode) : null}
    </>
  );
}
