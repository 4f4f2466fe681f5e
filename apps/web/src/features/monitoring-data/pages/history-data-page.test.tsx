import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { devicesApi, deviceTypesApi, type History, monitoringApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import type { buildHistoryOption } from '../lib/history-chart-option.ts';
import { device, flowType, levelType } from '../monitoring-test-fixtures.ts';
import { HistoryDataPage } from './history-data-page.tsx';

// jsdom has no canvas: the chart wrapper prints the option it was given, to read series and axes from.
vi.mock('../components/history-echart.tsx', () => ({
  default: ({ build }: { build: (colors: unknown) => unknown }) => (
    <pre data-testid="chart-option">
      {JSON.stringify(
        build({
          text: '#000',
          textSecondary: '#666',
          border: '#ddd',
          background: '#fff',
          palette: ['#165DFF', '#FF7D00'],
        }),
      )}
    </pre>
  ),
}));

type Option = ReturnType<typeof buildHistoryOption>;
const chartOption = async (): Promise<Option> =>
  JSON.parse((await screen.findByTestId('chart-option')).textContent ?? '');

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const rawHistory: History = {
  resolution: 'raw',
  bucketSeconds: 0,
  series: [
    {
      deviceId: 12,
      code: 'LT-012',
      name: '前池液位计',
      metric: 'level',
      metricName: '液位',
      unit: 'm',
      min: 0,
      max: 5,
      precision: 2,
      // Every minute, then 10 minutes of silence.
      points: [0, 1, 2, 3, 13, 14].map((m) => ({ t: at(m), v: 2 + m / 10 })),
    },
    {
      deviceId: 14,
      code: 'FM-014',
      name: '出厂流量计',
      metric: 'flow',
      metricName: '瞬时流量',
      unit: 'm³/h',
      min: 0,
      max: 500,
      precision: 1,
      points: [0, 1, 2].map((m) => ({ t: at(m), v: 100 + m })),
    },
    {
      deviceId: 14,
      code: 'FM-014',
      name: '出厂流量计',
      metric: 'pressure',
      metricName: '出口压力',
      unit: 'MPa',
      min: 0,
      max: 1,
      precision: 3,
      points: [0, 1, 2].map((m) => ({ t: at(m), v: 0.4 })),
    },
  ],
};

const bucketHistory: History = {
  resolution: 'bucket',
  bucketSeconds: 6 * 3600,
  series: [
    {
      deviceId: 12,
      code: 'LT-012',
      name: '前池液位计',
      metric: 'level',
      metricName: '液位',
      unit: 'm',
      min: 0,
      max: 5,
      precision: 2,
      // Buckets every 6 h; one missing (18 h apart).
      points: [0, 360, 720, 1800].map((m, i) => ({ t: at(m), v: 2 + i, min: 1 + i, max: 3.5 + i, count: 360 })),
    },
  ],
};

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const devices = [device(12, 'LT-012', '前池液位计'), device(14, 'FM-014', '出厂流量计', 2)];
const reads = [
  reply(deviceTypesApi.list, [levelType, flowType]),
  reply(devicesApi.list, { list: devices, total: 2, page: 1, pageSize: 20 }),
  reply(devicesApi.get, ({ params }) => devices.find((d) => d.id === Number(params.id)) ?? fail(404, 'Not Found')),
] as const;

function Where() {
  return <output aria-label="address">{decodeURIComponent(useLocation().search)}</output>;
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const historyCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/monitoring/history');
const spanOf = (call: ApiCall | undefined) =>
  Date.parse(call?.query.get('to') ?? '') - Date.parse(call?.query.get('from') ?? '');

function render(route: string, history: History = rawHistory, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const api = mockApi([...reads, [monitoringApi.history, history]]);
  const view = renderPage(
    <>
      <HistoryDataPage />
      <Where />
    </>,
    { route, locale },
  );
  return { ...api, ...view };
}

describe('HistoryDataPage', () => {
  it('asks for nothing before a selection, then builds the series query from the picked device metrics', async () => {
    const { calls, user } = render('/timeData/historyData');
    expect(await screen.findByText('请选择设备和指标')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '设备' }));
    // A multiple select's option reacts on its label, beside the checkbox.
    await user.click(
      within(await screen.findByRole('option', { name: 'LT-012 前池液位计' })).getByText('LT-012 前池液位计'),
    );
    const metrics = await screen.findByRole('group', { name: 'LT-012 前池液位计 的指标' });
    // Numbers and booleans can be charted; enums and strings cannot.
    expect(within(metrics).getAllByRole('checkbox').length).toBe(2);
    expect(within(metrics).queryByText('控制方式')).toBeNull();
    await user.click(within(metrics).getByRole('checkbox', { name: '液位 (m)' }));
    await user.click(within(metrics).getByRole('checkbox', { name: '泵状态' }));

    await waitFor(() => expect(address()).toBe('?devices=12&series=12:level,12:pump'));
    // One series at a time: the last call carries both.
    await waitFor(() => expect(historyCalls(calls).at(-1)?.query.get('series')).toBe('12:level,12:pump'));
    const call = historyCalls(calls).at(-1);
    expect(call?.query.get('maxPoints')).toBe('2000');
    expect(spanOf(call)).toBe(24 * 3_600_000);
  });

  it('picks a quick range and keeps it in the address', async () => {
    const { calls, user } = render('/timeData/historyData?series=12:level,14:flow');
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(1));
    expect(historyCalls(calls)[0]?.query.get('series')).toBe('12:level,14:flow');

    await user.click(screen.getByRole('radio', { name: '近 7 天' }));
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(2));
    expect(spanOf(historyCalls(calls)[1])).toBe(7 * 86_400_000);
    expect(address()).toBe('?devices=12,14&series=12:level,14:flow&range=7d');

    await user.click(screen.getByRole('radio', { name: '近 1 年' }));
    await waitFor(() => expect(spanOf(historyCalls(calls).at(-1))).toBe(365 * 86_400_000));
  });

  it('draws one y-axis per unit, a legend per series and breaks raw lines at gaps', async () => {
    render('/timeData/historyData?series=12:level,14:flow,14:pressure');
    const option = await chartOption();
    expect(screen.getByText('数据粒度：原始数据')).toBeTruthy();

    expect(option.yAxis.map((a) => [a.name, a.position, a.offset])).toEqual([
      ['m', 'left', 0],
      ['m³/h', 'right', 0],
      ['MPa', 'left', 64],
    ]);
    expect(option.legend.data).toEqual([
      'LT-012 前池液位计 · 液位 (m)',
      'FM-014 出厂流量计 · 瞬时流量 (m³/h)',
      'FM-014 出厂流量计 · 出口压力 (MPa)',
    ]);
    expect(option.series.map((s) => [s.id, s.yAxisIndex])).toEqual([
      ['series-0', 0],
      ['series-1', 1],
      ['series-2', 2],
    ]);
    const level = option.series[0]?.data as unknown[][];
    // 6 readings and one null where 10 minutes passed (more than 3× the 1-minute median).
    expect(level).toHaveLength(7);
    expect(level.map((p) => p[1])).toEqual([2, 2.1, 2.2, 2.3, null, 3.3, 3.4]);
    expect(option.dataZoom.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(option.toolbox.feature.brush.type).toEqual(['lineX', 'clear']);
    // No bands for raw readings.
    expect(option.series.some((s) => String(s.id).startsWith('band'))).toBe(false);
  });

  it('shows min–max bands and bucket gaps when the server aggregated', async () => {
    render('/timeData/historyData?series=12:level&range=1y', bucketHistory, 'en-US');
    const option = await chartOption();
    expect(screen.getByText(/Resolution: 6-hour buckets/)).toBeTruthy();

    const ids = option.series.map((s) => s.id);
    expect(ids).toEqual(['series-0', 'band-min-0', 'band-spread-0']);
    const [line, base, spread] = option.series as { data: unknown[][]; stack?: string; name: string }[];
    expect(line?.data.map((p) => p[1])).toEqual([2, 3, 4, null, 5]);
    expect(base?.stack).toBe('band-0');
    expect(spread?.stack).toBe('band-0');
    expect(base?.data.map((p) => p[1])).toEqual([1, 2, 3, null, 4]);
    expect(spread?.data.map((p) => p[1])).toEqual([2.5, 2.5, 2.5, null, 2.5]);
    // The band answers to its line's legend entry.
    expect(new Set(option.series.map((s) => s.name)).size).toBe(1);
  });

  it('switches to a paginated table of the same data, with min and max when aggregated', async () => {
    const { user } = render('/timeData/historyData?series=12:level', bucketHistory, 'en-US');
    await chartOption();
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(address()).toBe('?devices=12&series=12:level&view=table');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('LT-012 前池液位计 · 液位 (m)')).toBeTruthy();
    for (const header of ['Time', 'Average', 'Min', 'Max']) expect(within(table).getByText(header)).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    // Two header rows, then the newest bucket first, to the metric's precision.
    const first = rows[2] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['5.00', '4.00', '6.50']);
    expect(screen.queryByTestId('chart-option')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('takes a custom range from the address', async () => {
    const { calls } = render(
      '/timeData/historyData?series=12:level&from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z',
    );
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(1));
    expect(historyCalls(calls)[0]?.query.get('from')).toBe('2026-11-01T00:00:00.000Z');
    expect(screen.getByRole('radio', { name: '自定义' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: '近 1 小时' }));
    await waitFor(() => expect(address()).toBe('?devices=12&series=12:level&range=1h'));
  });

  it('shows a failed load in place with a retry', async () => {
    mockApi([...reads, [monitoringApi.history, fail(400, 'validation.seriesKey')]]);
    renderPage(<HistoryDataPage />, { route: '/timeData/historyData?series=12:level' });
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
