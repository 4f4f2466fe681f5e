import { describe, expect, it } from 'vitest';
import { boundaries, station } from './station-map-fixtures.ts';
import {
  CLUSTER_MAX_ZOOM,
  countByState,
  regionBounds,
  regionLabelPoints,
  regionOutlines,
  stateColorExpression,
  stationBounds,
  stationDetailPath,
  stationPoints,
  stationSource,
  unionBounds,
  worstState,
} from './station-map-lib.ts';

const region = (code: string) => ({ code, name: code, kind: 'catchment' });
const colors = { running: 'green', stopped: 'grey', fault: 'red', offline: 'orange' };

describe('station map: GeoJSON of the stations', () => {
  it('draws each placed station as a point with its id, name, state and state flags', () => {
    const { points, unplaced } = stationPoints([
      station(1, { state: 'running', longitude: 119.7, latitude: 29.1 }),
      station(2, { state: 'fault' }),
      station(3, { state: 'offline' }),
      station(4, { state: 'stopped' }),
    ]);
    expect(unplaced).toEqual([]);
    expect(points.features).toHaveLength(4);
    expect(points.features[0]).toEqual({
      type: 'Feature',
      id: 1,
      geometry: { type: 'Point', coordinates: [119.7, 29.1] },
      properties: { id: 1, name: 'Station 1', state: 'running', fault: 0, offline: 0, running: 1 },
    });
    expect(points.features.map((f) => [f.properties.fault, f.properties.offline, f.properties.running])).toEqual([
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 0],
    ]);
  });

  it('leaves out stations without coordinates (or with impossible ones) and returns them', () => {
    const noLat = station(1, { latitude: null });
    const noLng = station(2, { longitude: null });
    const offGlobe = station(3, { longitude: 200 });
    const { points, unplaced } = stationPoints([noLat, station(4), noLng, offGlobe]);
    expect(points.features.map((f) => f.properties.id)).toEqual([4]);
    expect(unplaced.map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('clusters up to zoom 13 and adds the state flags up over a cluster', () => {
    const source = stationSource(stationPoints([station(1)]).points);
    expect(source.cluster).toBe(true);
    expect(source.clusterMaxZoom).toBe(CLUSTER_MAX_ZOOM);
    expect(CLUSTER_MAX_ZOOM).toBe(13);
    expect(source.clusterProperties).toEqual({
      fault: ['+', ['get', 'fault']],
      offline: ['+', ['get', 'offline']],
      running: ['+', ['get', 'running']],
    });
  });

  it('colours by the worst state: fault over offline over running over stopped', () => {
    expect(worstState({ fault: 1, offline: 3, running: 5 })).toBe('fault');
    expect(worstState({ fault: 0, offline: 1, running: 5 })).toBe('offline');
    expect(worstState({ fault: 0, offline: 0, running: 2 })).toBe('running');
    expect(worstState({ fault: 0, offline: 0, running: 0 })).toBe('stopped');
    // The map's expression tests the same flags in the same order.
    expect(stateColorExpression(colors)).toEqual([
      'case',
      ['>', ['get', 'fault'], 0],
      'red',
      ['>', ['get', 'offline'], 0],
      'orange',
      ['>', ['get', 'running'], 0],
      'green',
      'grey',
    ]);
  });

  it('frames the drawn stations, and nothing when none is drawn', () => {
    const { points } = stationPoints([
      station(1, { longitude: 119.6, latitude: 29.2 }),
      station(2, { longitude: 119.8, latitude: 29.0 }),
      station(3, { longitude: null }),
    ]);
    expect(stationBounds(points)).toEqual([119.6, 29.0, 119.8, 29.2]);
    expect(stationBounds(stationPoints([station(3, { longitude: null })]).points)).toBeNull();
  });

  it('frames a region chosen together with its stations', () => {
    const outlines = regionOutlines(boundaries);
    expect(regionBounds(outlines, 'E-01')).toEqual([119.6, 29.0, 119.8, 29.2]);
    // No outline (W-01 has none) or no region: nothing to add.
    expect(regionBounds(outlines, 'W-01')).toBeNull();
    expect(regionBounds(outlines, null)).toBeNull();
    expect(unionBounds([119.7, 29.1, 119.9, 29.15], [119.6, 29.0, 119.8, 29.2])).toEqual([119.6, 29.0, 119.9, 29.2]);
    expect(unionBounds(null, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(unionBounds(null, null)).toBeNull();
  });

  it('counts by state for the legend', () => {
    expect(
      countByState([station(1, { state: 'fault' }), station(2, { state: 'fault' }), station(3, { state: 'running' })]),
    ).toEqual({ running: 1, stopped: 0, fault: 2, offline: 0 });
  });

  it('keeps the regions that have an outline, with code, name and kind', () => {
    const outlines = regionOutlines(boundaries);
    expect(outlines.features).toHaveLength(1);
    expect(outlines.features[0]?.properties).toEqual({ code: 'E-01', name: 'East catchment', kind: 'catchment' });
    expect(regionOutlines(undefined).features).toEqual([]);
  });

  it('puts each region’s name at the centroid of its largest part', () => {
    const square = (x: number, y: number, size: number) => [
      [
        [x, y],
        [x + size, y],
        [x + size, y + size],
        [x, y + size],
        [x, y],
      ],
    ];
    const labels = regionLabelPoints({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: square(0, 0, 2) }, properties: region('A') },
        {
          type: 'Feature',
          geometry: { type: 'MultiPolygon', coordinates: [square(10, 10, 1), square(20, 20, 4)] },
          properties: region('B'),
        },
      ],
    });
    expect(labels.features.map((f) => [f.properties.code, f.geometry.coordinates])).toEqual([
      ['A', [1, 1]],
      ['B', [22, 22]],
    ]);
  });

  it('links to the station detail on the list page', () => {
    expect(stationDetailPath(7)).toBe('/bz/pumpStationList?station=7');
  });
});
