import { screen, within } from '@testing-library/react';
import { type WqHistory, type WqLatestSite, waterQualityApi } from '@water/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';
import { applied, parameters, site, sitePage, siteRef } from '../latest/wq-test-fixtures.ts';
import { buildHistoryOption, type HistoryChartTexts } from './history-option.ts';
import { HistoryTab } from './history-tab.tsx';

// The chart draws on a canvas jsdom has not: the option it would be given is read instead.
const chart = vi.hoisted(() => ({ build: null as null | ((c: ChartColors) => unknown) }));
vi.mock('./history-chart.tsx', () => ({
  default: ({ build }: { build: (c: ChartColors) => unknown }): ReactNode => {
    chart.build = build;
    return <div data-testid="history-chart" />;
  },
}));

const colors: ChartColors = {
  primary: '#165DFF',
  primaryLight: 'rgba(22, 93, 255, 0.18)',
  text: '#4e5969',
  textSecondary: '#86909c',
  border: '#e5e6eb',
  background: '#fff',
  surface: '#fff',
  palette: ['#165DFF', '#722ED1', '#F53F3F', '#FF7D00'],
};

type Option = {
  series: { id: string; data: unknown[]; markLine?: { data: { yAxis: number; label: { formatter: string } }[] } }[];
  yAxis: { min: number; max: number };
};
const option = () => chart.build?.(colors) as Option;
const limitLines = () =>
  option()
    .series.find((s) => s.id === 'limits')
    ?.markLine?.data.map((l) => [l.yAxis, l.label.formatter]);

const texts: HistoryChartTexts = {
  online: 'Online',
  onlineHourly: 'Online (hourly)',
  onlineExceeding: 'Online beyond',
  lab: 'Lab',
  limits: 'Limits',
  upper: (v) => `≤${v}`,
  lower: (v) => `≥${v}`,
  cold: (v) => `cold ≤${v}`,
  grade: (g) => `Class ${g}`,
  numeral: (g) => String(g),
  target: (g) => `${g} (target)`,
  notDetected: 'not detected',
  exceededOf: (e, c) => `${e}/${c}`,
  range: (min, max) => `${min}–${max}`,
  formatTime: (ms) => new Date(ms).toISOString(),
  unit: 'NTU',
};

function Search() {
  return <output aria-label="search">{decodeURIComponent(useLocation().search)}</output>;
}

const sites = [
  site(1, 'TAP-01', 'Lakeside tap'),
  site(3, 'RIV-01', 'North river section', { kind: 'river', targetGrade: 3, limitSetName: 'GB 3838-2002 rivers' }),
];
const ph = parameters[0] as WqHistory['parameter'];
const turbidity = parameters[1] as WqHistory['parameter'];
const nh3n = parameters[5] as WqHistory['parameter'];

const tapTurbidity: WqHistory = {
  parameter: turbidity,
  lab: [
    {
      id: 1,
      at: '2026-11-20T02:00:00.000Z',
      value: 1.6,
      belowDetection: false,
      verdict: 'exceeding',
      sampleId: 'S-1120',
    },
    {
      id: 2,
      at: '2026-11-24T02:00:00.000Z',
      value: 0.1,
      belowDetection: true,
      verdict: 'compliant',
      sampleId: 'S-1124',
    },
  ],
  online: [
    { at: '2026-11-25T00:00:00.000Z', value: 0.4, min: 0.4, max: 0.4, exceeding: 0, count: 1 },
    { at: '2026-11-25T00:10:00.000Z', value: 1.2, min: 1.2, max: 1.2, exceeding: 1, count: 1 },
  ],
  onlineBucket: 'raw',
  limits: [
    {
      parameter: 'turbidity',
      grade: null,
      lower: null,
      upper: 1,
      coldUpper: null,
      citation: 'GB 5749-2022 表1 第38项',
    },
  ],
  targetGrade: null,
  judged: 40,
  compliant: 38,
};

const grade = (g: number, upper: number) => ({
  parameter: 'nh3n' as const,
  grade: g,
  lower: null,
  upper,
  coldUpper: null,
  citation: `GB 3838-2002 表1 第7项 ${g}`,
});
const riverNh3n: WqHistory = {
  parameter: nh3n,
  lab: [
    {
      id: 9,
      at: '2026-11-10T02:00:00.000Z',
      value: 1.3,
      belowDetection: false,
      verdict: 'exceeding',
      sampleId: 'R-1110',
    },
  ],
  online: [
    { at: '2026-10-01T00:00:00.000Z', value: 0.6, min: 0.4, max: 0.9, exceeding: 0, count: 6 },
    { at: '2026-10-01T01:00:00.000Z', value: 0.8, min: 0.5, max: 1.1, exceeding: 1, count: 6 },
  ],
  onlineBucket: 'hour',
  limits: [grade(1, 0.15), grade(2, 0.5), grade(3, 1), grade(4, 1.5), grade(5, 2)],
  targetGrade: 3,
  judged: 0,
  compliant: 0,
};

const latestOf = (id: number, ...parameters: WqLatestSite['values'][number]['parameter'][]): WqLatestSite[] => [
  {
    site: siteRef(id, 'X', 'X'),
    grade: null,
    verdict: 'compliant',
    lastAt: null,
    values: parameters.map((parameter, i) => ({
      parameter,
      resultId: i + 1,
      value: 1,
      belowDetection: false,
      source: 'lab' as const,
      sampledAt: '2026-11-20T02:00:00.000Z',
      applied: applied({ verdict: i === 1 ? 'exceeding' : 'compliant' }),
    })),
  },
];

afterEach(() => {
  chart.build = null;
  vi.restoreAllMocks();
});

describe('HistoryTab', () => {
  it('draws the limit that applies, the lab points red beyond it and hollow below detection, and the rate over the range', async () => {
    const api = mockApi([
      reply(waterQualityApi.sites, sitePage(sites)),
      reply(waterQualityApi.latest, latestOf(1, 'ph', 'turbidity')),
      reply(waterQualityApi.parameters, parameters),
      reply(waterQualityApi.history, tapTurbidity),
    ]);
    renderPage(<HistoryTab />, {
      locale: 'en-US',
      route:
        '/water/waterList?tab=history&history.siteId=1&history.parameter=turbidity&history.range=custom&history.from=2026-11-01&history.to=2026-11-26',
    });
    const facts = await screen.findByRole('region', { name: 'Judgements in this range' });
    expect(within(facts).getByText('95.0%')).toBeTruthy();
    expect(within(facts).getByText('2').className).toContain('exceeding');
    expect(within(facts).getByText('≤1 NTU')).toBeTruthy();
    expect(within(facts).getByText('GB 5749-2022 表1 第38项')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Turbidity at Lakeside tap with its limit lines' })).toBeTruthy();

    const call = api.calls.find((c) => c.path === '/api/water-quality/history');
    // Custom days are the utility's (UTC+8), the last one included.
    expect([
      call?.query.get('siteId'),
      call?.query.get('parameter'),
      call?.query.get('from'),
      call?.query.get('to'),
    ]).toEqual(['1', 'turbidity', '2026-10-31T16:00:00.000Z', '2026-11-26T16:00:00.000Z']);

    await screen.findByTestId('history-chart');
    expect(limitLines()).toEqual([[1, '≤1']]);
    const o = option();
    expect(o.yAxis.max).toBeGreaterThanOrEqual(1.6);
    const lab = o.series.find((s) => s.id === 'lab')?.data as { itemStyle: { color: string; borderColor?: string } }[];
    expect(lab[0]?.itemStyle.color).toBe('#F53F3F');
    expect(lab[1]?.itemStyle).toMatchObject({ color: '#fff', borderColor: '#722ED1' });
    // The online reading beyond the limit is marked on the line.
    expect(o.series.find((s) => s.id === 'online-exceeding')?.data).toHaveLength(1);

    const labTable = screen.getByRole('region', { name: 'Lab results' });
    const rows = within(labTable).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('S-1124<0.10 (not detected) NTUCompliant'),
      expect.stringContaining('S-11201.60 NTUExceeding'),
    ]);
  });

  it('draws the target class of a surface-water section and the other classes as light lines labelled I–V', async () => {
    mockApi([
      reply(waterQualityApi.sites, sitePage(sites)),
      reply(waterQualityApi.latest, latestOf(3, 'nh3n')),
      reply(waterQualityApi.parameters, parameters),
      reply(waterQualityApi.history, riverNh3n),
    ]);
    renderPage(<HistoryTab />, {
      locale: 'en-US',
      route: '/water/waterList?tab=history&history.siteId=3&history.parameter=nh3n&history.range=90d',
    });
    await screen.findByRole('img', { name: 'Ammonia nitrogen at North river section with its limit lines' });
    await screen.findByTestId('history-chart');
    // The values reach 1.3 (class IV): the axis reaches IV's line above them, on a round end (2, where V's line is).
    expect(limitLines()).toEqual([
      [1, 'Class III (target) ≤1'],
      [0.15, 'I'],
      [0.5, 'II'],
      [1.5, 'IV'],
      [2, 'V'],
    ]);
    expect(option().yAxis).toMatchObject({ min: 0, max: 2 });
    const o = option();
    // Hourly: a line of means and a band of the hour's least to greatest.
    expect(o.series.map((s) => s.id)).toEqual([
      'online',
      'online-min',
      'online-spread',
      'online-exceeding',
      'lab',
      'limits',
    ]);
    expect(screen.getByText(/shown by the hour/)).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('keeps site, parameter and range in the address, and opens on the first site and its first parameter', async () => {
    const api = mockApi([
      reply(waterQualityApi.sites, sitePage(sites)),
      reply(waterQualityApi.latest, latestOf(1, 'ph', 'turbidity')),
      reply(waterQualityApi.parameters, parameters),
      reply(waterQualityApi.history, { ...tapTurbidity, parameter: ph, limits: [], lab: [], online: [] }),
    ]);
    const { user } = renderPage(
      <>
        <HistoryTab />
        <Search />
      </>,
      { locale: 'en-US', route: '/water/waterList?tab=history' },
    );
    // The exceeding parameter first.
    expect(await screen.findByText('No Turbidity results at Lakeside tap in this range')).toBeTruthy();
    const first = api.calls.find((c) => c.path === '/api/water-quality/history');
    expect(first?.query.get('parameter')).toBe('turbidity');
    const from = Date.parse(first?.query.get('from') ?? '');
    const to = Date.parse(first?.query.get('to') ?? '');
    expect(Math.round((to - from) / 86_400_000)).toBe(7);
    expect(screen.getByText('The site’s limit set has no limit for this parameter')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe('?history.range=30d&tab=history');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toMatch(
      /^\?history\.range=custom&history\.from=\d{4}-\d\d-\d\d&history\.to=\d{4}-\d\d-\d\d&tab=history$/,
    );
  });

  it('breaks the online line where the analyser was silent, at its own cadence', () => {
    const hour = (h: number) => ({
      at: new Date(Date.UTC(2026, 10, 20, h)).toISOString(),
      value: 0.3,
      min: 0.3,
      max: 0.3,
      exceeding: 0,
      count: 1,
    });
    const o = buildHistoryOption(
      { ...tapTurbidity, lab: [], online: [hour(0), hour(1), hour(2), hour(3), hour(10), hour(11)] },
      { from: Date.UTC(2026, 10, 19), to: Date.UTC(2026, 10, 21) },
      colors,
      texts,
    ) as unknown as Option;
    const line = o.series.find((s) => s.id === 'online')?.data as [number, number | null][];
    // Hourly results join up; seven silent hours leave a gap.
    expect(line.map((p) => p[1])).toEqual([0.3, 0.3, 0.3, 0.3, null, 0.3, 0.3]);
  });

  it('ends the value axis on round numbers and shows the class band a value falls in', () => {
    const bod = (g: number, upper: number) => ({ ...grade(g, upper), parameter: 'bod5' as const });
    const o = buildHistoryOption(
      {
        ...riverNh3n,
        online: [],
        lab: [
          {
            id: 1,
            at: '2026-11-27T12:00:00.000Z',
            value: 5.5,
            belowDetection: false,
            verdict: 'exceeding',
            sampleId: 'S',
          },
        ],
        limits: [bod(1, 3), bod(2, 3), bod(3, 4), bod(4, 6), bod(5, 10)],
      },
      { from: Date.UTC(2026, 10, 20), to: Date.UTC(2026, 10, 28) },
      colors,
      texts,
    ) as unknown as Option;
    expect([o.yAxis.min, o.yAxis.max].every((v) => Number(v.toFixed(3)) === v)).toBe(true);
    // 5.5 lies in class IV (≤6): IV's line is in view above it.
    expect(o.yAxis.max).toBeGreaterThanOrEqual(6);
    expect(o.series.find((s) => s.id === 'limits')?.markLine?.data.map((l) => l.yAxis)).toContain(6);
  });

  it('reads in Chinese', async () => {
    mockApi([
      reply(waterQualityApi.sites, sitePage(sites)),
      reply(waterQualityApi.latest, latestOf(1, 'turbidity')),
      reply(waterQualityApi.parameters, parameters),
      reply(waterQualityApi.history, tapTurbidity),
    ]);
    renderPage(<HistoryTab />, { route: '/water/waterList?tab=history&history.siteId=1&history.parameter=turbidity' });
    expect(await screen.findByRole('img', { name: 'Lakeside tap 浑浊度历史曲线及限值线' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '近 7 天' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '化验结果' })).toBeTruthy();
  });
});
