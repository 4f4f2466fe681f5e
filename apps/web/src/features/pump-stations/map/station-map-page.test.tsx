import { screen, waitFor, within } from '@testing-library/react';
import { mapApi, type RegionNode, regionsApi, stationLiveApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { boundaries, liveList, station } from './station-map-fixtures.ts';
import { StationMapPage } from './station-map-page.tsx';
import type { StationMapViewProps } from './station-map-view.tsx';

// MapLibre needs WebGL, which jsdom lacks: the map says what it was given, a button stands in for a
// click on a station, and the popup shows for a station it can place (as MapLibre's does).
vi.mock('./station-map-view.tsx', () => ({
  StationMapView: (props: StationMapViewProps) => (
    <div role="application" aria-label={props.label}>
      <output aria-label="map state">
        {JSON.stringify({
          stations: props.stations.map((s) => s.id),
          selected: props.selectedId,
          region: props.regionCode,
          fitted: props.fitKey !== null,
        })}
      </output>
      <button type="button" onClick={() => props.onSelect(1)}>
        click station 1 on the map
      </button>
      {props.stations.some((s) => s.id === props.selectedId && s.longitude !== null) ? props.popup : null}
    </div>
  ),
}));
vi.mock('../../../shared/live/live-channel.ts', () => ({
  liveChannel: { subscribe: () => () => {}, watchStations: () => () => {} },
}));

const region = (id: number, name: string, code: string, children: RegionNode[] = []): RegionNode => ({
  id,
  parentId: null,
  code,
  name,
  kind: 'catchment',
  orderNum: 0,
  hasBoundary: true,
  devices: 0,
  totalDevices: 0,
  children,
});

const stations = [
  station(1, { name: 'East Lake PS', state: 'running', pumpsRunning: 2 }),
  station(2, { name: 'River Road PS', state: 'fault' }),
  station(3, { name: 'Old Town PS', longitude: null, latitude: null, state: 'offline' }),
];

const reads = [
  reply(mapApi.config, { tileUrl: null, center: [119.68, 29.11], zoom: 12 }),
  reply(regionsApi.exportGeoJson, boundaries),
  reply(regionsApi.tree, [region(1, 'Lanchuan', 'LC', [region(10, 'East catchment', 'E-01')])]),
];

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.search}</output>;
}

const page = (
  <>
    <StationMapPage />
    <Where />
  </>
);

const liveCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.path === '/api/pump-stations/live');

describe('StationMapPage (/bz/pumpStationYt)', () => {
  it('lists the stations beside the map, counts those it cannot place, and opens a popup from the list', async () => {
    mockApi([...reads, [stationLiveApi.list, liveList(stations)]]);
    const { user } = renderPage(page, { locale: 'en-US', route: '/bz/pumpStationYt' });

    const panel = await screen.findByRole('region', { name: 'Stations' });
    expect(within(panel).getByText('3 stations')).toBeTruthy();
    expect(within(panel).getByText('1 without coordinates, not on the map')).toBeTruthy();
    const items = within(panel).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      'East Lake PSRunning · 1.50 m · Pumps 2/3',
      'River Road PSFault · 1.50 m · Pumps 0/3',
      'Old Town PSOffline · 1.50 m · Pumps 0/3No position',
    ]);

    // The map is told every station (it leaves out the unplaced one itself) and frames them.
    const map = await screen.findByRole('application', {
      name: 'Station map: 2 stations on the map, 1 running, 0 stopped, 1 in fault, 0 offline',
    });
    await waitFor(() =>
      expect(JSON.parse(within(map).getByRole('status', { name: 'map state' }).textContent ?? '')).toEqual({
        stations: [1, 2, 3],
        selected: null,
        region: null,
        fitted: true,
      }),
    );
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(within(legend).getByText('Running').nextElementSibling?.textContent).toBe('1');
    expect(within(legend).getByText('Offline').nextElementSibling?.textContent).toBe('0');
    expect(within(legend).getByText('1 without coordinates')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: /River Road PS/ }));
    expect(
      within(panel)
        .getByRole('button', { name: /River Road PS/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    const popup = within(map).getByRole('region', { name: 'River Road PS' });
    expect(within(popup).getByText('Fault')).toBeTruthy();
    expect(within(popup).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/bz/pumpStationList?station=2',
    );

    // A click on the map selects too, and the list follows.
    await user.click(within(map).getByRole('button', { name: 'click station 1 on the map' }));
    expect(within(map).getByRole('region', { name: 'East Lake PS' })).toBeTruthy();
    expect(
      within(panel)
        .getByRole('button', { name: /East Lake PS/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('opens a station without coordinates as a card over the map, which closes', async () => {
    mockApi([...reads, [stationLiveApi.list, liveList(stations)]]);
    const { user } = renderPage(page, { locale: 'en-US', route: '/bz/pumpStationYt' });

    await user.click(await screen.findByRole('button', { name: /Old Town PS/ }));
    const card = screen.getByRole('region', { name: 'Old Town PS' });
    expect(within(card).getByText('This station has no coordinates and is not on the map')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'map state' })?.textContent).toContain('"selected":3');
    await user.click(screen.getByRole('button', { name: 'Close popup' }));
    expect(screen.queryByRole('region', { name: 'Old Town PS' })).toBeNull();
    // The focus goes back to the station in the list, not to the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Old Town PS/ }));
  });

  it('reads the filters from the address, sends them to the live list, and writes changes back', async () => {
    const api = mockApi([
      ...reads,
      [
        stationLiveApi.list,
        liveList([stations[1] ?? station(2)], { counts: { running: 4, stopped: 2, fault: 1, offline: 3 } }),
      ],
    ]);
    const { user } = renderPage(page, {
      locale: 'en-US',
      route: '/bz/pumpStationYt?keyword=PS&regionId=10&kind=sewage&state=fault',
    });

    await screen.findByRole('button', { name: /River Road PS/ });
    const first = liveCalls(api)[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      keyword: 'PS',
      regionId: '10',
      kind: 'sewage',
      state: 'fault',
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Station code or name' }).value).toBe('PS');
    // The chips count with every filter but the state; the one in the address is chosen.
    const states = screen.getByRole('radiogroup', { name: 'State' });
    expect(
      within(states)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['All 10', 'Running 4', 'Stopped 2', 'Fault 1', 'Offline 3']);
    expect(within(states).getByRole('radio', { checked: true }).closest('label')?.textContent).toBe('Fault 1');
    // The map outlines the region filtered by.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'map state' }).textContent).toContain('"region":"E-01"'),
    );

    await user.click(within(states).getByRole('radio', { name: 'Running 4' }));
    await waitFor(() => expect(liveCalls(api).at(-1)?.query.get('state')).toBe('running'));
    const search = new URLSearchParams(screen.getByRole('status', { name: 'where' }).textContent ?? '');
    // The list is not paged: no page number lands in the address.
    expect(Object.fromEntries(search)).toEqual({ keyword: 'PS', regionId: '10', kind: 'sewage', state: 'running' });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(''));
    expect(Object.fromEntries(liveCalls(api).at(-1)?.query ?? [])).toEqual({});
  });

  it('says when no station matches', async () => {
    mockApi([...reads, [stationLiveApi.list, liveList([])]]);
    renderPage(page, { locale: 'en-US', route: '/bz/pumpStationYt?keyword=none' });
    expect(await screen.findByText('No station matches the filters')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    mockApi([
      ...reads,
      [
        stationLiveApi.list,
        () => {
          calls += 1;
          return calls === 1 ? fail(500, 'Server error') : liveList(stations);
        },
      ],
    ]);
    const { user } = renderPage(page, { locale: 'zh-CN', route: '/bz/pumpStationYt' });
    expect(await screen.findByText('泵站加载失败')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('region', { name: '泵站列表' })).toBeTruthy();
  });
});
