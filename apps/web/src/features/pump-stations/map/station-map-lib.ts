import type { RegionCollection, StationLiveSummary, StationState } from '@water/contracts';
import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { ExpressionSpecification, GeoJSONSourceSpecification } from 'maplibre-gl';

/** Beyond this zoom every station is drawn on its own: a county's stations lie a few hundred metres apart. */
export const CLUSTER_MAX_ZOOM = 13;
/** A selected station is shown at least this close, where it is never inside a cluster. */
export const STATION_ZOOM = CLUSTER_MAX_ZOOM + 1;

/** The properties a station carries on the map. The state flags add up over a cluster (clusterProperties). */
export interface StationPointProps {
  id: number;
  name: string;
  state: StationState;
  fault: 0 | 1;
  offline: 0 | 1;
  running: 0 | 1;
}

export type StationPoints = FeatureCollection<Point, StationPointProps>;

const flag = (state: StationState, wanted: StationState): 0 | 1 => (state === wanted ? 1 : 0);

/** A WGS-84 position a map can draw: both numbers present and on the globe. */
export function placed(station: Pick<StationLiveSummary, 'longitude' | 'latitude'>): boolean {
  const { longitude: lng, latitude: lat } = station;
  return lng !== null && lat !== null && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

/**
 * The stations as GeoJSON points. A station without coordinates (or with impossible ones) cannot be
 * drawn: it is left out here and returned in `unplaced`, so the page can say so and still list it.
 */
export function stationPoints(stations: readonly StationLiveSummary[]): {
  points: StationPoints;
  unplaced: StationLiveSummary[];
} {
  const points: StationPoints = { type: 'FeatureCollection', features: [] };
  const unplaced: StationLiveSummary[] = [];
  for (const s of stations) {
    if (!placed(s)) {
      unplaced.push(s);
      continue;
    }
    points.features.push({
      type: 'Feature',
      id: s.id,
      geometry: { type: 'Point', coordinates: [s.longitude as number, s.latitude as number] },
      properties: {
        id: s.id,
        name: s.name,
        state: s.state,
        fault: flag(s.state, 'fault'),
        offline: flag(s.state, 'offline'),
        running: flag(s.state, 'running'),
      },
    });
  }
  return { points, unplaced };
}

/**
 * The stations' GeoJSON source: clustered up to CLUSTER_MAX_ZOOM, each cluster counting its stations
 * in fault, offline and running, so it can take the colour of the worst of them.
 */
export function stationSource(data: StationPoints): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data,
    cluster: true,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterRadius: 40,
    clusterProperties: {
      fault: ['+', ['get', 'fault']],
      offline: ['+', ['get', 'offline']],
      running: ['+', ['get', 'running']],
    },
  };
}

export type StateColors = Record<StationState, string>;

/**
 * The colour of a station or a cluster from its flags (a station's are 0 or 1, a cluster's add up).
 * A fault is red even among offline stations: it is the one to act on; a station that stopped
 * reporting is never shown as running or stopped; green says something runs.
 */
export function stateColorExpression(c: StateColors): ExpressionSpecification {
  return [
    'case',
    ['>', ['get', 'fault'], 0],
    c.fault,
    ['>', ['get', 'offline'], 0],
    c.offline,
    ['>', ['get', 'running'], 0],
    c.running,
    c.stopped,
  ];
}

/** The same rule in code, for a cluster's accessible summary and the tests. */
export function worstState(counts: { fault: number; offline: number; running: number }): StationState {
  if (counts.fault > 0) return 'fault';
  if (counts.offline > 0) return 'offline';
  if (counts.running > 0) return 'running';
  return 'stopped';
}

export type Box = [number, number, number, number];

/** The box around positions: west, south, east, north; null for none. */
function boxOf(positions: Iterable<number[]>): Box | null {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const [x, y] of positions) {
    if (x === undefined || y === undefined) continue;
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return w <= e && s <= n ? [w, s, e, n] : null;
}

/** The box around the drawn stations; null when none is drawn. */
export function stationBounds(points: StationPoints): Box | null {
  return boxOf(points.features.map((f) => f.geometry.coordinates));
}

/** The box around one region's outline; null when it has none. */
export function regionBounds(outlines: FeatureCollection<Polygon | MultiPolygon, RegionProps>, code: string | null) {
  const region = code === null ? undefined : outlines.features.find((f) => f.properties.code === code);
  if (!region) return null;
  const polygons = region.geometry.type === 'Polygon' ? [region.geometry.coordinates] : region.geometry.coordinates;
  return boxOf(polygons.flatMap((polygon) => polygon[0] ?? []));
}

/** The box around both; either may be missing. */
export function unionBounds(a: Box | null, b: Box | null): Box | null {
  if (!a || !b) return a ?? b;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** Counts by state of what the page shows (the legend). */
export function countByState(stations: readonly StationLiveSummary[]): Record<StationState, number> {
  const counts: Record<StationState, number> = { running: 0, stopped: 0, fault: 0, offline: 0 };
  for (const s of stations) counts[s.state] += 1;
  return counts;
}

export interface RegionProps {
  code: string;
  name: string;
  kind: string;
}

/** The regions with an outline, for the outline layers; the rest have nothing to draw. */
export function regionOutlines(
  collection: RegionCollection | undefined,
): FeatureCollection<Polygon | MultiPolygon, RegionProps> {
  return {
    type: 'FeatureCollection',
    features: (collection?.features ?? []).flatMap((f) =>
      f.geometry
        ? [
            {
              type: 'Feature' as const,
              geometry: f.geometry as Polygon | MultiPolygon,
              properties: { code: f.properties.code, name: f.properties.name, kind: f.properties.kind },
            },
          ]
        : [],
    ),
  };
}

type Ring = number[][];

/** A ring's signed area and centroid (shoelace), in degrees: good enough at a county's scale. */
function ringCentroid(ring: Ring): { area: number; x: number; y: number } {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0 = 0, y0 = 0] = ring[i] ?? [];
    const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  area /= 2;
  if (area === 0) {
    // A degenerate ring: the middle of its box.
    const xs = ring.map((p) => p[0] ?? 0);
    const ys = ring.map((p) => p[1] ?? 0);
    return { area: 0, x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  }
  return { area, x: x / (6 * area), y: y / (6 * area) };
}

/**
 * One point per outlined region where its name goes: the centroid of its largest part. Labels on
 * the polygons themselves repeat on every map tile a region crosses.
 */
export function regionLabelPoints(
  outlines: FeatureCollection<Polygon | MultiPolygon, RegionProps>,
): FeatureCollection<Point, RegionProps> {
  return {
    type: 'FeatureCollection',
    features: outlines.features.map((f) => {
      const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      let best = { area: -1, x: 0, y: 0 };
      for (const polygon of polygons) {
        const outer = ringCentroid(polygon[0] ?? []);
        if (Math.abs(outer.area) > best.area) best = { ...outer, area: Math.abs(outer.area) };
      }
      return { type: 'Feature', geometry: { type: 'Point', coordinates: [best.x, best.y] }, properties: f.properties };
    }),
  };
}

/** The detail screen of a station (the list page opens its drawer from this address). */
export const stationDetailPath = (id: number) => `/bz/pumpStationList?station=${id}`;
