import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi, type Station, type StationDaily, type StationHistory, stationHistoryApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { StationHistoryPage } from './station-history-page.tsx';

// The chart draws on a canvas jsdom has not; its accessible name and the page around it are tested.
vi.mock('./station-history-echart.tsx', () => ({ default: () => <div data-testid="station-chart" /> }));

const station = (id: number, code: string, name: string): Station => ({
  id,
  code,
  name,
  kind: 'rainwater',
  regionId: 3,
  regionName: '滨江排水片区',
  longitude: 120.1,
  latitude: 30.2,
  pumps: 2,
  devices: 6,
});
const stations = [station(1, 'PS01', 'Riverside PS'), station(2, 'PS02', 'East Lake PS')];

const series = (deviceId: number, metric: string, unit: string, points: { t: string; v: number }[]) => ({
  deviceId,
  code: `D${deviceId}`,
  name: `Device ${deviceId}`,
  metric,
  metricName: metric,
  unit,
  min: 0,
  max: null,
  precision: 2,
  points,
});

const history: StationHistory = {
  station: { id: 1, code: 'PS01', name: 'Riverside PS', kind: 'rainwater' },
  from: '2026-05-30T16:00:00.000Z',
  to: '2026-06-01T16:00:00.000Z',
  resolution: '1h',
  bucketSeconds: 3600,
  setPoints: { wellDepth: 5, highAlarm: 3.5, lowAlarm: 0.9, protection: 0.8 },
  level: series(11, 'level', 'm', [{ t: '2026-05-31T00:00:00.000Z', v: 1.8 }]),
  flow: series(12, 'flow', 'm³/h', [{ t: '2026-05-31T00:00:00.000Z', v: 300 }]),
  pressure: null,
  rain: series(13, 'intensity', 'mm/h', []),
  pumps: [
    {
      id: 101,
      number: 1,
      name: '',
      startLevel: 2.2,
      stopLevel: 1,
      running: {
        deviceId: 21,
        code: 'PS01-P1',
        name: '1# controller',
        metric: 'running',
        metricName: 'Running',
        unit: '',
        min: null,
        max: null,
        precision: 0,
      },
      runs: [{ from: '2026-05-31T01:00:00.000Z', to: '2026-05-31T02:00:00.000Z', duty: 1 }],
    },
  ],
};

const daily: StationDaily = {
  station: history.station,
  from: '2026-05-31',
  to: '2026-06-01',
  pumps: [{ id: 101, number: 1, name: '', energySource: 'power' }],
  days: [
    {
      day: '2026-05-31',
      volume: 600,
      energy: 110,
      kwhPer1000m3: 183.3,
      pumps: [{ pumpId: 101, runHours: 2, starts: 3, energy: 110, source: 'raw' }],
    },
    {
      day: '2026-06-01',
      volume: null,
      energy: null,
      kwhPer1000m3: null,
      pumps: [{ pumpId: 101, runHours: 1.5, starts: 1, energy: null, source: '1h' }],
    },
  ],
  totals: {
    volume: 600,
    energy: 110,
    kwhPer1000m3: 183.3,
    pumps: [{ pumpId: 101, runHours: 3.5, starts: 4, energy: 110 }],
  },
  partial: true,
};

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

const page = (
  <>
    <StationHistoryPage />
    <Where />
  </>
);

const RANGE = 'from=2026-05-30T16%3A00%3A00.000Z&to=2026-06-01T16%3A00%3A00.000Z';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('StationHistoryPage (/bz/history-data)', () => {
  it('renders the station’s chart and its daily table with the totals row', async () => {
    const api = mockApi([
      [devicesApi.stations, stations],
      [stationHistoryApi.history, history],
      [stationHistoryApi.daily, daily],
    ]);
    renderPage(page, { locale: 'en-US', route: `/bz/history-data?station=1&${RANGE}&resolution=1h` });

    const table = await screen.findByRole('region', { name: 'Daily figures' });
    await within(table).findByText('2026-05-31');
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const day = rows.find((r) => r.textContent?.includes('2026-05-31')) as HTMLElement;
    expect(cells(day)).toEqual(['2026-05-31', '600', '110', '183.3', '2', '3', '110']);
    const next = rows.find((r) => r.textContent?.includes('2026-06-01')) as HTMLElement;
    // No readings: a dash, not a zero; hourly data only: starts are "at least".
    expect(cells(next)).toEqual(['2026-06-01', '—', '—', '—', '1.5', '≥1', '—']);
    const total = rows.find((r) => r.textContent?.startsWith('Total')) as HTMLElement;
    expect(cells(total)).toEqual(['Total', '600', '110', '183.3', '3.5', '≥4', '110']);
    expect(within(table).getByRole('columnheader', { name: 'Pump 1' })).toBeTruthy();
    expect(screen.getByText(/Today's figures run to now/)).toBeTruthy();

    expect(
      await screen.findByRole('img', { name: /^Riverside PS: level, flow, rain and the runs of 1 pumps from / }),
    ).toBeTruthy();
    expect(screen.getByText('Showing 1-hour averages').getAttribute('role')).toBe('status');

    const historyCall = api.calls.find((c) => c.path === '/api/pump-stations/1/history');
    expect(historyCall?.query.get('from')).toBe('2026-05-30T16:00:00.000Z');
    expect(historyCall?.query.get('resolution')).toBe('1h');
    const dailyCall = api.calls.find((c) => c.path === '/api/pump-stations/1/daily');
    expect([dailyCall?.query.get('from'), dailyCall?.query.get('to')]).toEqual(['2026-05-31', '2026-06-01']);
  });

  it('asks for a station first, and keeps the one picked in the address', async () => {
    mockApi([
      [devicesApi.stations, stations],
      [stationHistoryApi.history, history],
      [stationHistoryApi.daily, daily],
    ]);
    const { user } = renderPage(page, { route: '/bz/history-data?range=7d' });

    expect(await screen.findByText('请选择一个泵站')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: '泵站' }));
    await user.click(await screen.findByRole('option', { name: 'PS02 East Lake PS' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toContain('station=2'));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toContain('range=7d');
    await user.click(screen.getByRole('radio', { name: '30 天' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toContain('range=30d'));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toContain('station=2');
  });

  it('exports the daily table for the range’s days through the export endpoint', async () => {
    const api = mockApi([
      [devicesApi.stations, stations],
      [stationHistoryApi.history, history],
      [stationHistoryApi.daily, daily],
    ]);
    const exports: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/daily/export')) return api.fetchMock(input, init);
      exports.push(String(input));
      return new Response('\uFEFF"日期"\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="daily.csv"; filename*=UTF-8''${encodeURIComponent('PS01-泵站日报.csv')}`,
        },
      });
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderPage(page, { route: `/bz/history-data?station=1&${RANGE}` });

    await within(await screen.findByRole('region', { name: '每日统计' })).findByText('2026-05-31');
    await user.click(screen.getByRole('button', { name: /导出日报/ }));
    await user.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));

    await waitFor(() => expect(saved).toEqual(['PS01-泵站日报.csv']));
    const url = new URL(exports[0] as string, 'http://localhost');
    expect(url.pathname).toBe('/api/pump-stations/1/daily/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-05-31', to: '2026-06-01', format: 'csv' });
  });

  it('shows a failed history in place with a retry, the daily table still there', async () => {
    mockApi([
      [devicesApi.stations, stations],
      [stationHistoryApi.history, fail(400, 'Validation failed: querystring.resolution: Too many points')],
      [stationHistoryApi.daily, daily],
    ]);
    renderPage(page, { locale: 'en-US', route: `/bz/history-data?station=1&${RANGE}&resolution=raw` });

    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
    expect(screen.getByText(/Too many points/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Daily figures' })).findByText('2026-05-31')).toBeTruthy();
  });
});
