import { screen, within } from '@testing-library/react';
import {
  type AnalysisCompare,
  type AnalysisFigures,
  type AnalysisKpis,
  devicesApi,
  type Station,
  stationAnalysisApi,
} from '@water/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../shared/testing/render-page.tsx';
import { presetDays } from './analysis-period.ts';
import { StationComparePage } from './station-compare-page.tsx';
import { SystemKpisPage } from './system-kpis-page.tsx';

// The charts draw on a canvas jsdom has not: their accessible names and the page around them are tested.
vi.mock('./analysis-echart.tsx', () => ({ default: () => <div data-testid="analysis-chart" /> }));

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
const ref = (s: Station) => ({ id: s.id, code: s.code, name: s.name, kind: s.kind, regionName: s.regionName });

const figures = (over: Partial<AnalysisFigures> = {}): AnalysisFigures => ({
  volume: 600,
  energy: 70,
  kwhPer1000m3: 116.7,
  runHours: 2,
  starts: 3,
  alarms: 2,
  alarmsBySeverity: { critical: 1, major: 0, minor: 1, warning: 0, info: 0 },
  availability: 0.95,
  coverage: 1,
  ...over,
});

const compare: AnalysisCompare = {
  from: '2026-05-01',
  to: '2026-05-31',
  previousFrom: '2026-04-01',
  previousTo: '2026-04-30',
  partial: false,
  rows: [
    { station: ref(stations[0]!), current: figures(), previous: figures({ volume: 500, starts: null }) },
    {
      station: ref(stations[1]!),
      current: figures({ volume: null, energy: null, kwhPer1000m3: null, starts: null }),
      previous: figures(),
    },
  ],
  totals: { current: figures(), previous: figures({ volume: 500 }) },
};

const kpis: AnalysisKpis = {
  from: '2026-05-01',
  to: '2026-05-31',
  previousFrom: '2026-04-01',
  previousTo: '2026-04-30',
  partial: false,
  stations: 12,
  current: { ...figures({ volume: 1600, kwhPer1000m3: 75, availability: 0.9812 }), mtta: 900, mttr: 3600 },
  previous: { ...figures({ volume: 100, kwhPer1000m3: 100, availability: 0.97 }), mtta: 60, mttr: 7200 },
  topIntensity: [
    { station: ref(stations[0]!), value: 116.7 },
    { station: ref(stations[1]!), value: 50 },
  ],
  topAlarms: [{ station: ref(stations[0]!), value: 2 }],
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    volume: i === 11 ? 1600 : null,
    energy: null,
    kwhPer1000m3: null,
    availability: null,
    alarms: 0,
  })),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StationComparePage (/bz/synthesize-analysis)', () => {
  it('shows each station’s figures with the previous period and the change, and totals', async () => {
    const api = mockApi([
      [devicesApi.stations, stations],
      [stationAnalysisApi.compare, compare],
    ]);
    renderPage(<StationComparePage />, {
      locale: 'en-US',
      route: '/bz/synthesize-analysis?period=custom&from=2026-05-01&to=2026-05-31&stations=1,2',
    });
    const table = await screen.findByRole('region', { name: 'Station comparison table' });
    const row = (await within(table).findByText('Riverside PS')).closest('tr') as HTMLElement;
    // 600 against 500: +20%; a start count not known before: no change shown, a dash not a zero.
    expect(row.textContent).toContain('600prev. 500 +20%');
    expect(row.textContent).toContain('3prev. —');
    const other = within(table).getByText('East Lake PS').closest('tr') as HTMLElement;
    expect(other.textContent).toContain('—prev. 600');
    expect(within(table).getByText('Total')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pumped volume: each station, this period and the previous' })).toBeTruthy();
    expect(screen.getByText(/2026-05-01 to 2026-05-31, against 2026-04-01 to 2026-04-30/)).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/station-analysis/compare');
    expect([call?.query.get('from'), call?.query.get('to'), call?.query.get('stationIds')]).toEqual([
      '2026-05-01',
      '2026-05-31',
      '1,2',
    ]);
    expect(screen.getByRole('button', { name: /Export XLSX/ })).toBeTruthy();
  });

  it('says once above the table that a previous period with too little data is not compared', async () => {
    const thin = figures({ volume: 500, coverage: 0.02 });
    mockApi([
      [devicesApi.stations, stations],
      [
        stationAnalysisApi.compare,
        {
          ...compare,
          rows: compare.rows.map((r) => ({ ...r, previous: { ...r.previous, coverage: 0.02 } })),
          totals: { current: figures(), previous: thin },
        },
      ],
    ]);
    renderPage(<StationComparePage />, {
      locale: 'en-US',
      route: '/bz/synthesize-analysis?period=custom&from=2026-05-01&to=2026-05-31&stations=1,2',
    });
    const table = await screen.findByRole('region', { name: 'Station comparison table' });
    const row = (await within(table).findByText('Riverside PS')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('600prev. 500');
    expect(row.textContent).not.toContain('+20%');
    expect(row.textContent).not.toContain('not compared');
    expect(within(table).getByRole('alert').textContent).toContain('only 2%');
  });

  it('asks for this month by default, and last month when its preset is picked', async () => {
    const api = mockApi([
      [devicesApi.stations, stations],
      [stationAnalysisApi.compare, compare],
    ]);
    const { user } = renderPage(<StationComparePage />, { route: '/bz/synthesize-analysis' });
    await screen.findByRole('region', { name: '泵站对比表' });
    const first = api.calls.find((c) => c.path === '/api/station-analysis/compare');
    expect(first?.query.get('from')).toBe(presetDays('thisMonth').from);
    await user.click(screen.getByRole('radio', { name: '上月' }));
    const last = presetDays('lastMonth');
    await vi.waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/station-analysis/compare' && c.query.get('from') === last.from),
      ).toBe(true),
    );
  });
});

describe('SystemKpisPage (/bz/synthesis-analysis)', () => {
  it('shows the KPI cards with the change, the top lists and the trend', async () => {
    mockApi([[stationAnalysisApi.kpis, kpis]]);
    renderPage(<SystemKpisPage />, {
      locale: 'en-US',
      route: '/bz/synthesis-analysis?period=custom&from=2026-05-01&to=2026-05-31',
    });
    const availability = await screen.findByRole('listitem', { name: 'Availability' });
    expect(availability.textContent).toContain('98.1%');
    expect(availability.textContent).toContain('vs previous 97%');
    const volume = screen.getByRole('listitem', { name: 'Total pumped' });
    expect(volume.textContent).toContain('1,600 m³');
    expect(volume.textContent).toContain('+1,500%');
    // MTTR halved: 2 h before, 60 min now, a fall that is good news.
    const mttr = screen.getByRole('listitem', { name: 'Mean time to repair' });
    expect(mttr.textContent).toContain('60 min');
    expect(mttr.querySelector('.station-analysis__change--good')?.textContent).toContain('−50%');
    const top = screen.getByRole('region', { name: 'Highest energy intensity' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Riverside PS PS01116.7 kWh/1000 m³', '2East Lake PS PS0250 kWh/1000 m³']);
    expect(screen.getByRole('img', { name: /Pumped volume, energy intensity and alarms/ })).toBeTruthy();
    expect(screen.getByText(/12 stations/)).toBeTruthy();
  });

  it('does not compare with a previous period its pumps barely reported in (history begins inside it)', async () => {
    mockApi([[stationAnalysisApi.kpis, { ...kpis, previous: { ...kpis.previous, coverage: 0.03 } }]]);
    renderPage(<SystemKpisPage />, {
      locale: 'en-US',
      route: '/bz/synthesis-analysis?period=custom&from=2026-05-01&to=2026-05-31',
    });
    const volume = await screen.findByRole('listitem', { name: 'Total pumped' });
    expect(volume.textContent).toContain('vs previous 100 m³');
    expect(volume.textContent).toContain('not compared');
    expect(volume.textContent).not.toContain('+1,500%');
    expect(volume.querySelector('[title]')?.getAttribute('title')).toContain('only 3%');
  });

  it('reads in Chinese', async () => {
    mockApi([[stationAnalysisApi.kpis, kpis]]);
    renderPage(<SystemKpisPage />, { route: '/bz/synthesis-analysis' });
    expect(await screen.findByRole('listitem', { name: '平均修复时长 (MTTR)' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '告警最多' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '综合分析' })).toBeTruthy();
  });
});
