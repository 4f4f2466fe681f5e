import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alarmsApi } from '@water/contracts/alarms';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../shared/api/download.ts';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { alarm, counts, detail, page, stats } from '../alarm-test-fixtures.ts';
import { everyDay } from '../components/alarm-stats.tsx';
import { lastDaysRange } from '../list/alarm-filters.tsx';
import { AlarmRecordsPage } from './alarm-records-page.tsx';

vi.mock('../../../shared/api/download.ts', () => ({ downloadFile: vi.fn(() => Promise.resolve()) }));
vi.mock('../components/alarm-stats-echart.tsx', () => ({
  default: ({ perDay }: { perDay: unknown[] }) => <div data-testid="stats-chart">{`${perDay.length} days`}</div>,
}));
vi.mock('../components/alarm-metric-echart.tsx', () => ({ default: () => <div data-testid="alarm-chart" /> }));

function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const search = () =>
  Object.fromEntries(new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent?.split('?')[1]));

const reads = (records = [alarm(1, { state: 'cleared-ack' }), alarm(2)]) =>
  [
    [alarmsApi.counts, counts()],
    [alarmsApi.stats, stats()],
    [alarmsApi.list, page(records, 57)],
  ] as const;

describe('AlarmRecordsPage (/bz/pumpLog)', () => {
  it('shows the last 7 days by default: the statistics above the records', async () => {
    const { calls } = mockApi(reads());
    renderPage(
      <>
        <AlarmRecordsPage />
        <Where />
      </>,
      { route: '/bz/pumpLog' },
    );
    const strip = await screen.findByRole('region', { name: '告警统计' });
    expect(await within(strip).findByText('57')).toBeTruthy();
    expect(within(strip).getByText('平均确认用时').nextElementSibling?.textContent).toBe('12 分钟');
    expect(within(strip).getByText('平均解除用时').nextElementSibling?.textContent).toBe('1 小时 05 分');
    // Every (utility) day of the range, the quiet ones too.
    const week = lastDaysRange(7);
    expect(within(strip).getByTestId('stats-chart').textContent).toBe(
      `${everyDay([], week.from, week.to).length} days`,
    );
    expect(
      within(strip).getByRole('figure', { name: /每日告警数（按级别）: 2026-11-20 10, 2026-11-21 4/ }),
    ).toBeTruthy();
    const top = within(strip).getByRole('region', { name: '告警最多的设备' });
    const first = within(top).getAllByRole('row')[1] as HTMLElement;
    expect(first.textContent).toContain('1号液位计');
    expect(first.textContent).toContain('21');
    expect(await screen.findByText('共 57 条')).toBeTruthy();

    const list = calls.find((c) => c.path === '/api/alarms');
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ view: 'all', ...week });
    const asked = calls.find((c) => c.path === '/api/alarms/stats');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ view: 'all', ...week });
    // The default range is not written: a plain address stays plain.
    expect(search()).toEqual({});
  });

  it('keeps a chosen range in the address, and lists and counts over it', async () => {
    const { calls } = mockApi(reads());
    const { user } = renderPage(
      <>
        <AlarmRecordsPage />
        <Where />
      </>,
      { route: '/bz/pumpLog' },
    );
    await screen.findByText('共 57 条');
    fireEvent.click(document.querySelector('.alarm-filters__range') as HTMLElement);
    await user.click(await screen.findByText('最近 30 天'));

    const month = lastDaysRange(30);
    await waitFor(() => expect(search()).toMatchObject(month));
    await waitFor(() => {
      const stat = calls.filter((c) => c.path === '/api/alarms/stats').at(-1);
      expect(Object.fromEntries(stat?.query ?? [])).toEqual({ view: 'all', ...month });
    });
    const list = calls.filter((c) => c.path === '/api/alarms').at(-1);
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ view: 'all', ...month });
  });

  it('exports the records as filtered, in the format chosen', async () => {
    mockApi(reads());
    const { user } = renderPage(<AlarmRecordsPage />, {
      route: '/bz/pumpLog?severity=major&from=2026-11-01T00:00:00.000Z&to=2026-11-08T00:00:00.000Z&page=2',
    });
    await screen.findByText('共 57 条');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await user.click(await screen.findByRole('menuitem', { name: '导出 Excel（XLSX）' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalled());
    const [endpoint, options] = vi.mocked(downloadFile).mock.calls.at(-1) ?? [];
    expect(endpoint).toBe(alarmsApi.exportAlarms);
    expect(options).toMatchObject({
      query: {
        view: 'all',
        severity: 'major',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-08T00:00:00.000Z',
        format: 'xlsx',
      },
      fallbackName: '告警记录.xlsx',
    });
    // Paging is the table's, not the file's.
    expect((options as { query: Record<string, unknown> }).query).not.toHaveProperty('page');

    await user.click(screen.getByRole('button', { name: '导出' }));
    await user.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));
    await waitFor(() =>
      expect(vi.mocked(downloadFile).mock.calls.at(-1)?.[1]).toMatchObject({ query: { format: 'csv' } }),
    );
  });

  it('opens a record in the same drawer as the open list', async () => {
    const record = alarm(1, { state: 'cleared-ack', clearedAt: new Date().toISOString(), clearedBy: null });
    mockApi([...reads([record]), [alarmsApi.assignees, []], [alarmsApi.get, detail(record)]]);
    const { user } = renderPage(<AlarmRecordsPage />, { route: '/bz/pumpLog', permissions: ['alarm:view'] });
    await user.click(await screen.findByRole('button', { name: '查看告警：前池高液位（LV-001）' }));
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(await within(drawer).findByText('已通知泵站值班员到场查看')).toBeTruthy();
  });
});
