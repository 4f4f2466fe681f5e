import type { Boundary, MapConfig } from '@water/contracts';
import type { Feature, FeatureCollection } from 'geojson';
import type { FilterSpecification, GeoJSONSource, LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { type MapLayers, primaryColor, strokeColor, useMapLibre } from '../../../shared/ui/map/use-maplibre.ts';

export type Position = [number, number];

export interface MapRegion {
  code: string;
  name: string;
  geometry: Boundary | null;
}

export interface MapPoint {
  kind: 'station' | 'device';
  name: string;
  position: Position;
}

export interface MapRegionViewProps {
  config: MapConfig;
  regions: MapRegion[];
  selectedCode: string | null;
  points: MapPoint[];
  /** Vertices being drawn; null: not drawing (clicks select regions instead). */
  draft: Position[] | null;
  onAddVertex: (position: Position) => void;
  onSelectRegion: (code: string) => void;
  label: string;
  unavailableText: string;
}

type Palette = ReturnType<typeof palette>;

function palette(dark: boolean) {
  return {
    primary: primaryColor(dark),
    station: dark ? '#27c346' : '#00B42A',
    device: dark ? '#ff9a2e' : '#FF7D00',
    stroke: strokeColor(dark),
    draft: dark ? '#f76560' : '#F53F3F',
  };
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function regionData(regions: MapRegion[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: regions.flatMap((r) =>
      r.geometry ? [{ type: 'Feature', geometry: r.geometry, properties: { code: r.code, name: r.name } }] : [],
    ),
  };
}

function pointData(points: MapPoint[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: p.position },
      properties: { kind: p.kind, name: p.name },
    })),
  };
}

function draftData(draft: Position[] | null): FeatureCollection {
  if (!draft?.length) return EMPTY;
  const features: Feature[] = draft.map((p) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: p },
    properties: {},
  }));
  if (draft.length > 1) {
    // The closing edge is drawn too, so the user sees the ring "finish" will save.
    const line = draft.length > 2 ? [...draft, draft[0] as Position] : draft;
    features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: line }, properties: {} });
  }
  return { type: 'FeatureCollection', features };
}

function bounds(geometry: Boundary): LngLatBoundsLike | null {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (x === undefined || y === undefined) continue;
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    }
  }
  return w <= e && s <= n ? [w, s, e, n] : null;
}

function applyPalette(map: MapLibreMap, c: Palette) {
  map.setPaintProperty('regions-fill', 'fill-color', c.primary);
  map.setPaintProperty('regions-line', 'line-color', c.primary);
  map.setPaintProperty('selected-fill', 'fill-color', c.primary);
  map.setPaintProperty('selected-line', 'line-color', c.primary);
  map.setPaintProperty('points', 'circle-color', ['match', ['get', 'kind'], 'station', c.station, c.device]);
  map.setPaintProperty('points', 'circle-stroke-color', c.stroke);
  map.setPaintProperty('draft-line', 'line-color', c.draft);
  map.setPaintProperty('draft-points', 'circle-color', c.draft);
  map.setPaintProperty('draft-points', 'circle-stroke-color', c.stroke);
}

function regionLayers(dark: boolean): MapLayers {
  const c = palette(dark);
  const none = ['==', ['get', 'code'], ''] as FilterSpecification;
  return {
    sources: {
      regions: { type: 'geojson', data: EMPTY },
      points: { type: 'geojson', data: EMPTY },
      draft: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'regions-fill', type: 'fill', source: 'regions', paint: { 'fill-color': c.primary, 'fill-opacity': 0.08 } },
      { id: 'regions-line', type: 'line', source: 'regions', paint: { 'line-color': c.primary, 'line-width': 1.5 } },
      {
        id: 'selected-fill',
        type: 'fill',
        source: 'regions',
        filter: none,
        paint: { 'fill-color': c.primary, 'fill-opacity': 0.25 },
      },
      {
        id: 'selected-line',
        type: 'line',
        source: 'regions',
        filter: none,
        paint: { 'line-color': c.primary, 'line-width': 3 },
      },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: {
          'circle-radius': ['match', ['get', 'kind'], 'station', 7, 5],
          'circle-color': c.device,
          'circle-stroke-width': 1.5,
          'circle-stroke-color': c.stroke,
        },
      },
      {
        id: 'draft-line',
        type: 'line',
        source: 'draft',
        paint: { 'line-color': c.draft, 'line-width': 2, 'line-dasharray': [2, 1] },
      },
      {
        id: 'draft-points',
        type: 'circle',
        source: 'draft',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 5,
          'circle-color': c.draft,
          'circle-stroke-width': 2,
          'circle-stroke-color': c.stroke,
        },
      },
    ],
  };
}

/**
 * The region map: the console's map base (a plain ground, the optional raster base map) under the
 * regions, the points and the boundary being drawn. The page loads this module lazily, so MapLibre
 * stays out of every other chunk.
 */
export function MapRegionView(props: MapRegionViewProps) {
  const { config, regions, selectedCode, points, draft, label, unavailableText } = props;
  // The handlers read the latest props without re-creating the map.
  const latest = useRef(props);
  latest.current = props;
  const {
    container,
    map: mapRef,
    ready,
    failed,
  } = useMapLibre({
    config,
    layers: regionLayers,
    paint: (map, dark) => applyPalette(map, palette(dark)),
    setup: (map) => {
      map.on('click', (event) => {
        const current = latest.current;
        if (current.draft) {
          current.onAddVertex([round(event.lngLat.lng), round(event.lngLat.lat)]);
          return;
        }
        const hit = map.queryRenderedFeatures(event.point, { layers: ['regions-fill'] });
        // The smallest region under the pointer is the one meant: districts lie inside their city.
        const code = hit.at(-1)?.properties?.code;
        if (typeof code === 'string') current.onSelectRegion(code);
      });
      return undefined;
    },
  });

  useEffect(() => {
    if (ready) (mapRef.current?.getSource('regions') as GeoJSONSource | undefined)?.setData(regionData(regions));
  }, [ready, mapRef, regions]);

  useEffect(() => {
    if (ready) (mapRef.current?.getSource('points') as GeoJSONSource | undefined)?.setData(pointData(points));
  }, [ready, mapRef, points]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (map.getSource('draft') as GeoJSONSource | undefined)?.setData(draftData(draft));
    map.getCanvas().style.cursor = draft ? 'crosshair' : '';
  }, [ready, mapRef, draft]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const filter = ['==', ['get', 'code'], selectedCode ?? ''] as FilterSpecification;
    map.setFilter('selected-fill', filter);
    map.setFilter('selected-line', filter);
    const geometry = latest.current.regions.find((r) => r.code === selectedCode)?.geometry;
    const box = geometry ? bounds(geometry) : null;
    if (box) map.fitBounds(box, { padding: 48, maxZoom: 16, duration: 600 });
  }, [ready, mapRef, selectedCode]);

  if (failed) return <div className="region-map region-map--failed">{unavailableText}</div>;
  return <div ref={container} className="region-map" role="application" aria-label={label} />;
}

/** Seven decimals is about a centimetre: enough for a boundary, and a readable export. */
function round(value: number) {
  return Math.round(value * 1e7) / 1e7;
}
