import { screen, within } from '@testing-library/react';
import { regionsApi, type WqCompliance, waterQualityApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { site, sitePage } from '../latest/wq-test-fixtures.ts';
import { ComplianceTab, monthsBefore, utilityMonth } from './compliance-tab.tsx';

const download = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../shared/api/download.ts', () => ({ downloadFile: download }));

function Search() {
  return <output aria-label="search">{decodeURIComponent(useLocation().search)}</output>;
}

const c = (judged: number, compliant: number) => ({ judged, compliant, rate: judged ? compliant / judged : null });

const compliance: WqCompliance = {
  months: ['2026-09', '2026-10', '2026-11'],
  rows: [
    {
      siteId: 2,
      siteCode: 'WP-OUT',
      siteName: 'Plant outlet',
      siteKind: 'plant_outlet',
      parameter: 'turbidity',
      months: [c(30, 30), c(31, 29), c(27, 20)],
      total: c(88, 79),
    },
    {
      siteId: 2,
      siteCode: 'WP-OUT',
      siteName: 'Plant outlet',
      siteKind: 'plant_outlet',
      parameter: 'chlorine_free',
      months: [c(30, 30), c(0, 0), c(20, 19)],
      total: c(50, 49),
    },
    {
      siteId: 1,
      siteCode: 'TAP-01',
      siteName: 'Lakeside tap',
      siteKind: 'tap',
      parameter: 'ph',
      months: [c(4, 4), c(4, 4), c(4, 4)],
      total: c(12, 12),
    },
  ],
  sites: [
    { siteId: 2, ...c(138, 128) },
    { siteId: 1, ...c(12, 12) },
  ],
  total: c(150, 140),
};

const answers = (data: WqCompliance = compliance) => [
  reply(waterQualityApi.compliance, data),
  reply(waterQualityApi.sites, sitePage([site(1, 'TAP-01', 'Lakeside tap'), site(2, 'WP-OUT', 'Plant outlet')])),
  reply(waterQualityApi.parameters, []),
  reply(regionsApi.tree, []),
];

const route = '/water/waterList?tab=compliance&compliance.fromMonth=2026-09&compliance.toMonth=2026-11';

afterEach(() => {
  download.mockClear();
  vi.restoreAllMocks();
});

describe('ComplianceTab', () => {
  it('shows the rate per site, parameter and month, coloured, with the judged count on hover, and the totals', async () => {
    mockApi(answers());
    renderPage(<ComplianceTab />, { locale: 'en-US', route });
    const table = await screen.findByRole('region', { name: 'Compliance rate per site, parameter and month' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Site', 'Parameter', '2026-09', '2026-10', '2026-11', 'Total']);

    const turbidity = within(table).getByRole('button', { name: 'History of Turbidity at Plant outlet' }).closest('tr');
    const cells = within(turbidity as HTMLElement).getAllByText(/%|—/);
    expect(cells.map((cell) => cell.textContent)).toEqual(['100%', '93.5%', '74.0%', '89.7%']);
    expect(cells.map((cell) => cell.className.match(/wq-rate-cell--(\w+)/)?.[1])).toEqual([
      'full',
      'warn',
      'bad',
      'warn',
    ]);
    expect(cells[1]?.getAttribute('aria-description')).toBe('31 judged, 29 compliant');

    // Nothing judged: a dash, not 0 % or 100 %.
    const chlorine = within(table)
      .getByRole('button', { name: /Free chlorine/ })
      .closest('tr') as HTMLElement;
    const dash = within(chlorine).getByText('—');
    expect(dash.getAttribute('aria-description')).toBe('Nothing judged this month');

    // The site's total per month sums its parameters; its overall total is the server's.
    const siteTotal = within(table).getAllByText('Site total')[0]?.closest('tr') as HTMLElement;
    expect(
      within(siteTotal)
        .getAllByText(/%/)
        .map((cell) => cell.textContent),
    ).toEqual(['100%', '93.5%', '82.9%', '92.7%']);
    const all = within(table).getByText('All sites').closest('tr') as HTMLElement;
    expect(within(all).getAllByText(/%/).at(-1)?.textContent).toBe('93.3%');
  });

  it('asks for the last three months by default and keeps its filters in the address', async () => {
    const api = mockApi(answers());
    const { user } = renderPage(
      <>
        <ComplianceTab />
        <Search />
      </>,
      { locale: 'en-US', route: '/water/waterList?tab=compliance&compliance.source=lab&compliance.siteIds=1,2' },
    );
    await screen.findByRole('region', { name: 'Compliance rate per site, parameter and month' });
    const first = api.calls.find((call) => call.path === '/api/water-quality/compliance');
    const now = utilityMonth();
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      fromMonth: monthsBefore(now, 2),
      toMonth: now,
      source: 'lab',
      siteIds: '1,2',
    });
    await user.click(screen.getByRole('combobox', { name: 'Parameter' }));
    await user.click(await screen.findByRole('option', { name: 'pH' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe(
      '?compliance.siteIds=1,2&compliance.source=lab&compliance.parameter=ph&tab=compliance',
    );
    await vi.waitFor(() =>
      expect(
        api.calls
          .filter((call) => call.path === '/api/water-quality/compliance')
          .at(-1)
          ?.query.get('parameter'),
      ).toBe('ph'),
    );
  });

  it('opens the History tab over the months shown from a parameter', async () => {
    mockApi(answers());
    const { user } = renderPage(
      <>
        <ComplianceTab />
        <Search />
      </>,
      { locale: 'en-US', route },
    );
    await user.click(await screen.findByRole('button', { name: 'History of pH at Lakeside tap' }));
    // To the range's last day, or today while the month is still running.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const to = today < '2026-11-30' ? today : '2026-11-30';
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe(
      `?tab=history&compliance.fromMonth=2026-09&compliance.toMonth=2026-11&history.siteId=1&history.parameter=ph&history.range=custom&history.from=2026-09-01&history.to=${to}`,
    );
  });

  it('exports the monthly report for the latest month in range, with the filters’ sites', async () => {
    mockApi(answers());
    const { user } = renderPage(<ComplianceTab />, {
      locale: 'en-US',
      route: `${route}&compliance.kind=plant_outlet&compliance.regionId=3&compliance.parameter=ph`,
    });
    await screen.findByRole('region', { name: 'Compliance rate per site, parameter and month' });
    await user.click(screen.getByRole('button', { name: 'Export monthly report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly water-quality report (XLSX)' });
    expect(within(dialog).getByRole('textbox', { name: 'Month' })).toHaveProperty('value', '2026-11');
    await user.click(within(dialog).getByRole('button', { name: /Download/ }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [endpoint, options] = download.mock.calls[0] as unknown as [unknown, { query: Record<string, unknown> }];
    expect(endpoint).toBe(waterQualityApi.report);
    // The report covers every parameter and source: only the site filters go with it.
    expect(options.query).toEqual({
      keyword: undefined,
      kind: 'plant_outlet',
      regionId: 3,
      siteIds: undefined,
      month: '2026-11',
    });
  });

  it('says when nothing was judged, in Chinese', async () => {
    mockApi(answers({ months: ['2026-11'], rows: [], sites: [], total: c(0, 0) }));
    renderPage(<ComplianceTab />, { route });
    expect(await screen.findByText('所选月份内没有评价结果')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出月报/ })).toBeTruthy();
  });
});
