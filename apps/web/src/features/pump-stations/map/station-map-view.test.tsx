import { act, fireEvent, screen, within } from '@testing-library/react';
import type { StationLiveSummary } from '@water/contracts';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { boundaries, station } from './station-map-fixtures.ts';
import { StationMapView } from './station-map-view.tsx';

/**
 * MapLibre needs WebGL, which jsdom lacks: a stand-in records what the view asks of the map (data,
 * filters, camera moves, popups) and lets the test fire its events.
 */
const fake = vi.hoisted(() => {
  type Handler = (event?: unknown) => unknown;
  const state = {
    failing: false,
    maps: [] as FakeMap[],
    popups: [] as FakePopup[],
  };
  class FakeMap {
    handlers = new Map<string, Handler[]>();
    sources = {
      regions: { setData: vi.fn() },
      stations: { setData: vi.fn(), getClusterExpansionZoom: vi.fn(async () => 15) },
    };
    setPaintProperty = vi.fn();
    setFilter = vi.fn();
    fitBounds = vi.fn();
    easeTo = vi.fn();
    remove = vi.fn();
    queryRenderedFeatures = vi.fn((): unknown[] => []);
    zoom = 12;
    constructor(public options: unknown) {
      if (state.failing) throw new Error('WebGL unavailable');
      state.maps.push(this);
    }
    addControl() {}
    on(type: string, layerOrHandler: string | Handler, handler?: Handler) {
      const key = typeof layerOrHandler === 'string' ? `${type}:${layerOrHandler}` : type;
      const fn = typeof layerOrHandler === 'string' ? handler : layerOrHandler;
      this.handlers.set(key, [...(this.handlers.get(key) ?? []), fn as Handler]);
    }
    fire(type: string, event?: unknown) {
      return Promise.all((this.handlers.get(type) ?? []).map((fn) => fn(event)));
    }
    getSource(id: 'regions' | 'stations') {
      return this.sources[id];
    }
    getCanvas() {
      return { style: {} };
    }
    getContainer() {
      return { clientWidth: 800, clientHeight: 600 };
    }
    isStyleLoaded() {
      return true;
    }
    getZoom() {
      return this.zoom;
    }
    project() {
      return { x: 400, y: 400 };
    }
  }
  class FakePopup {
    node: HTMLElement | null = null;
    lngLat: unknown = null;
    handlers = new Map<string, Handler>();
    element: HTMLElement | null = null;
    // As MapLibre's: removing a popup fires its close event.
    remove = vi.fn(() => {
      this.element?.remove();
      this.handlers.get('close')?.();
    });
    constructor(public options: unknown) {}
    setLngLat(lngLat: unknown) {
      this.lngLat = lngLat;
      return this;
    }
    getElement() {
      return this.element;
    }
    setDOMContent(node: HTMLElement) {
      this.node = node;
      return this;
    }
    addTo() {
      this.element = document.createElement('div');
      if (this.node) this.element.append(this.node);
      document.body.append(this.element);
      state.popups.push(this);
      return this;
    }
    on(type: string, fn: Handler) {
      this.handlers.set(type, fn);
    }
    off(type: string) {
      this.handlers.delete(type);
    }
  }
  return { state, FakeMap, FakePopup };
});

vi.mock('maplibre-gl', () => ({
  Map: fake.FakeMap,
  Popup: fake.FakePopup,
  NavigationControl: class {},
  ScaleControl: class {},
  setWorkerUrl: () => {},
}));
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '/worker.js' }));

const config = { tileUrl: null, center: [119.68, 29.11], zoom: 12 };
const first = [
  station(1, { name: 'East Lake PS' }),
  station(2, { name: 'River Road PS', longitude: 119.62, latitude: 29.1 }),
];

function Harness({ onSelect }: { onSelect: (id: number | null) => void }) {
  const [stations, setStations] = useState<StationLiveSummary[]>(first);
  const [fitKey, setFitKey] = useState('{}');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = stations.find((s) => s.id === selectedId);
  return (
    <>
      <button type="button" onClick={() => setStations((list) => list.map((s) => ({ ...s, state: 'fault' as const })))}>
        live update
      </button>
      <button
        type="button"
        onClick={() => {
          setStations([station(3, { name: 'Old Town PS' })]);
          setFitKey('{"kind":"sewage"}');
        }}
      >
        new filters
      </button>
      <button type="button" onClick={() => setSelectedId(2)}>
        select 2
      </button>
      <button type="button" onClick={() => setSelectedId(1)}>
        select 1
      </button>
      <StationMapView
        config={config}
        regions={boundaries}
        regionCode="E-01"
        stations={stations}
        selectedId={selectedId}
        onSelect={(id) => {
          onSelect(id);
          setSelectedId(id);
        }}
        fitKey={fitKey}
        popup={selected ? <p>popup of {selected.name}</p> : null}
        label="Station map"
        closeLabel="Close popup"
        unavailable={<p>No WebGL here</p>}
      />
    </>
  );
}

async function loaded() {
  const map = fake.state.maps.at(-1);
  if (!map) throw new Error('no map was built');
  await act(() => map.fire('load'));
  return map;
}

beforeEach(() => {
  fake.state.failing = false;
  fake.state.maps.length = 0;
  fake.state.popups.length = 0;
});

describe('StationMapView', () => {
  it('builds one map with a clustered station source, and gives it new data without rebuilding it', async () => {
    const { user } = renderPage(<Harness onSelect={() => {}} />, { locale: 'en-US' });
    expect(screen.getByRole('application', { name: 'Station map' })).toBeTruthy();
    const map = await loaded();
    const style = (map.options as { style: { sources: Record<string, { cluster?: boolean }> } }).style;
    expect(style.sources.stations?.cluster).toBe(true);
    expect(map.sources.regions.setData).toHaveBeenLastCalledWith(
      expect.objectContaining({
        features: [expect.objectContaining({ properties: expect.objectContaining({ code: 'E-01' }) })],
      }),
    );
    expect(map.setFilter).toHaveBeenCalledWith('region-selected', ['==', ['get', 'code'], 'E-01']);
    const data = () => map.sources.stations.setData.mock.lastCall?.[0] as { features: { properties: unknown }[] };
    expect(data().features.map((f) => f.properties)).toEqual([
      expect.objectContaining({ id: 1, state: 'stopped', fault: 0 }),
      expect.objectContaining({ id: 2, state: 'stopped', fault: 0 }),
    ]);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'live update' }));
    expect(data().features.map((f) => f.properties)).toEqual([
      expect.objectContaining({ id: 1, state: 'fault', fault: 1 }),
      expect.objectContaining({ id: 2, state: 'fault', fault: 1 }),
    ]);
    // A live update neither rebuilds the map nor moves it.
    expect(fake.state.maps).toHaveLength(1);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'new filters' }));
    expect(map.fitBounds).toHaveBeenCalledTimes(2);
  });

  it('zooms into a clicked cluster, selects a clicked station, and clears the selection elsewhere', async () => {
    const onSelect = vi.fn();
    renderPage(<Harness onSelect={onSelect} />, { locale: 'en-US' });
    const map = await loaded();

    map.queryRenderedFeatures.mockReturnValueOnce([
      {
        layer: { id: 'clusters' },
        properties: { cluster_id: 42 },
        geometry: { type: 'Point', coordinates: [119.7, 29.1] },
      },
    ]);
    await act(() => map.fire('click', { point: { x: 1, y: 1 } }));
    expect(map.sources.stations.getClusterExpansionZoom).toHaveBeenCalledWith(42);
    expect(map.easeTo).toHaveBeenCalledWith({ center: [119.7, 29.1], zoom: 15.5 });
    expect(onSelect).not.toHaveBeenCalled();

    map.queryRenderedFeatures.mockReturnValueOnce([
      { layer: { id: 'stations' }, properties: { id: 2 }, geometry: { type: 'Point', coordinates: [119.62, 29.1] } },
    ]);
    await act(() => map.fire('click', { point: { x: 1, y: 1 } }));
    expect(onSelect).toHaveBeenLastCalledWith(2);

    await act(() => map.fire('click', { point: { x: 1, y: 1 } }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('opens the selected station’s popup with the page’s content, moving in close enough to show it alone', async () => {
    const onSelect = vi.fn();
    const { user } = renderPage(<Harness onSelect={onSelect} />, { locale: 'en-US' });
    const map = await loaded();

    await user.click(screen.getByRole('button', { name: 'select 2' }));
    const popup = fake.state.popups.at(-1);
    expect(popup?.lngLat).toEqual([119.62, 29.1]);
    expect(within(popup?.node as HTMLElement).getByText('popup of River Road PS')).toBeTruthy();
    expect(map.setFilter).toHaveBeenLastCalledWith('station-selected', ['==', ['get', 'id'], 2]);
    // Zoom 12 clusters it: the map moves in past the clusters, the station below the middle.
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [119.62, 29.1], zoom: 14, offset: [0, 132] });

    // Another station: the first popup goes without telling the page it was closed.
    await user.click(screen.getByRole('button', { name: 'select 1' }));
    expect(popup?.remove).toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();

    // The user closes the popup: with its button, or Escape from inside it.
    await act(() => fake.state.popups.at(-1)?.handlers.get('close')?.());
    expect(onSelect).toHaveBeenLastCalledWith(null);
    await user.click(screen.getByRole('button', { name: 'select 2' }));
    onSelect.mockClear();
    fireEvent.keyDown(within(fake.state.popups.at(-1)?.element as HTMLElement).getByText('popup of River Road PS'), {
      key: 'Escape',
    });
    expect(onSelect).toHaveBeenCalledWith(null);
  });

  it('shows what the page gave for a browser without WebGL', () => {
    fake.state.failing = true;
    renderPage(<Harness onSelect={() => {}} />, { locale: 'en-US' });
    expect(screen.getByText('No WebGL here')).toBeTruthy();
    expect(screen.queryByRole('application')).toBeNull();
  });
});
