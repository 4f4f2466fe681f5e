import { fireEvent, screen, within } from '@testing-library/react';
import { regionsApi, type WqLatestSite, waterQualityApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { LATEST_REFRESH_MS, LatestTab } from './latest-tab.tsx';
import { applied, parameters, siteRef } from './wq-test-fixtures.ts';

function Search() {
  return <output aria-label="search">{decodeURIComponent(useLocation().search)}</output>;
}

const now = Date.now();
const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

const tap: WqLatestSite = {
  site: siteRef(1, 'TAP-01', 'Lakeside tap'),
  grade: null,
  verdict: 'compliant',
  lastAt: at(5),
  values: [
    {
      parameter: 'chlorine_free',
      resultId: 11,
      value: 0.32,
      belowDetection: false,
      source: 'online',
      sampledAt: at(5),
      applied: applied({ lower: 0.05, upper: 2, citation: 'GB 5749-2022 表A.1' }),
    },
    {
      parameter: 'conductivity',
      resultId: 12,
      value: 277,
      belowDetection: false,
      source: 'online',
      sampledAt: at(5),
      applied: applied({ verdict: 'unjudged', unjudgedReason: 'no_limit', upper: null, citation: null }),
    },
  ],
};

const outlet: WqLatestSite = {
  site: siteRef(2, 'WP-OUT', 'Plant outlet', { kind: 'plant_outlet' }),
  grade: null,
  verdict: 'exceeding',
  lastAt: at(3),
  values: [
    {
      parameter: 'ph',
      resultId: 20,
      value: 7.2,
      belowDetection: false,
      source: 'online',
      sampledAt: at(3),
      applied: applied({ lower: 6.5, upper: 8.5, citation: 'GB 5749-2022 表1 第37项' }),
    },
    {
      parameter: 'turbidity',
      resultId: 21,
      value: 1.6,
      belowDetection: false,
      source: 'lab',
      sampledAt: at(90),
      applied: applied({ verdict: 'exceeding', upper: 1, exceedance: 0.6, citation: 'GB 5749-2022 表1 第38项' }),
    },
    {
      parameter: 'nh3n',
      resultId: 22,
      value: 0.025,
      belowDetection: true,
      source: 'lab',
      sampledAt: at(90),
      applied: applied({ upper: 0.5, citation: 'GB 5749-2022 表3 第1项' }),
    },
  ],
};

const river: WqLatestSite = {
  site: siteRef(3, 'RIV-01', 'North river section', {
    kind: 'river',
    limitSetName: 'GB 3838-2002 rivers',
    targetGrade: 3,
  }),
  grade: 4,
  verdict: 'exceeding',
  lastAt: at(200),
  values: [
    {
      parameter: 'do',
      resultId: 30,
      value: 4.2,
      belowDetection: false,
      source: 'online',
      sampledAt: at(200),
      applied: applied({
        verdict: 'exceeding',
        grade: 4,
        targetGrade: 3,
        lower: 5,
        upper: null,
        exceedance: 0.16,
        citation: 'GB 3838-2002 表1 第4项',
      }),
    },
    {
      parameter: 'tp',
      resultId: 31,
      value: 0.3,
      belowDetection: true,
      source: 'lab',
      sampledAt: at(300),
      applied: applied({
        verdict: 'unjudged',
        unjudgedReason: 'detection_above_limit',
        targetGrade: 3,
        upper: 0.2,
        citation: 'GB 3838-2002 表1 第9项',
      }),
    },
  ],
};

const answers = (sites: WqLatestSite[]) => [
  reply(waterQualityApi.latest, sites),
  reply(waterQualityApi.parameters, parameters),
  reply(regionsApi.tree, []),
];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LatestTab', () => {
  it('puts the sites beyond a limit first, the exceeding value red with the limit that applied and how far beyond', async () => {
    mockApi(answers([tap, outlet, river]));
    renderPage(<LatestTab />, { locale: 'en-US', route: '/water/waterList' });
    const sites = await screen.findByRole('region', { name: 'Latest judgement per site' });
    const cards = within(sites).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'North river section',
      'Plant outlet',
      'Lakeside tap',
    ]);

    const outletCard = screen.getByRole('article', { name: 'Plant outlet' });
    const rows = within(outletCard).getAllByRole('row').slice(1);
    // The exceeding parameter first in its site.
    const turbidity = rows[0] as HTMLElement;
    expect(within(turbidity).getByRole('button', { name: /Turbidity/ })).toBeTruthy();
    const value = within(turbidity).getByText('1.60 NTU');
    expect(value.className).toContain('wq-verdict-text--exceeding');
    expect(within(turbidity).getByText('≤1 NTU')).toBeTruthy();
    expect(within(turbidity).getByText('Exceeding')).toBeTruthy();
    expect(within(turbidity).getByText('0.60× over')).toBeTruthy();
    expect(within(turbidity).getByText('Lab')).toBeTruthy();
    // The citation is there for hover and focus.
    expect(within(turbidity).getByText('≤1 NTU').getAttribute('aria-description')).toContain(
      'Cited from GB 5749-2022 表1 第38项',
    );
    // Below detection, shown as such.
    expect(within(outletCard).getByText('<0.025 (not detected) mg/L')).toBeTruthy();
    expect(within(outletCard).getByText('6.5–8.5')).toBeTruthy();
    expect(within(outletCard).getByText('1 exceeding')).toBeTruthy();

    // A value its standard sets no limit for is context under the table, not a row of it.
    const tapCard = screen.getByRole('article', { name: 'Lakeside tap' });
    expect(within(tapCard).getAllByRole('row')).toHaveLength(2);
    expect(within(tapCard).getByText('No limit in the standard, not judged:')).toBeTruthy();
    expect(within(tapCard).getByRole('button', { name: 'History of Conductivity at Lakeside tap' }).textContent).toBe(
      'Conductivity 277 µS/cm',
    );
  });

  it('gives a surface-water section its class against its target, and says why a value is not judged', async () => {
    mockApi(answers([river]));
    renderPage(<LatestTab />, { locale: 'en-US' });
    const card = await screen.findByRole('article', { name: 'North river section' });
    // The badge in the head, and dissolved oxygen's own class in its row.
    const [badge, own] = within(card).getAllByText('Class IV');
    expect(badge?.closest('.arco-tag')?.className).toContain('red');
    expect(own?.closest('td')).toBeTruthy();
    expect(within(card).getByText(/Target Class III/)).toBeTruthy();
    expect(within(card).getByText('≥5 mg/L')).toBeTruthy();
    expect(within(card).getByText('16% under the minimum')).toBeTruthy();
    const unjudged = within(card).getByText('Not judged').closest('[aria-description]');
    expect(unjudged?.getAttribute('aria-description')).toBe('The detection limit is above the limit: cannot tell');
    // An online value from over three hours ago says its analyser has gone quiet.
    expect(within(card).getByText(/Nothing new for 200 min|Nothing new for 3 h/)).toBeTruthy();
  });

  it('keeps its filters in the address and counts the sites per verdict', async () => {
    const api = mockApi(answers([tap, outlet, river]));
    const { user } = renderPage(
      <>
        <LatestTab />
        <Search />
      </>,
      { locale: 'en-US', route: '/water/waterList?latest.kind=tap' },
    );
    await screen.findByRole('region', { name: 'Latest judgement per site' });
    expect(api.calls.find((c) => c.path === '/api/water-quality/latest')?.query.get('kind')).toBe('tap');
    const verdicts = screen.getByRole('radiogroup', { name: 'Sites by verdict' });
    const exceeding = within(verdicts).getByRole('radio', { name: /Exceeding/ });
    expect(exceeding.closest('label')?.textContent).toContain('2');
    await user.click(exceeding);
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe(
      '?latest.kind=tap&latest.verdict=exceeding',
    );
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'wq-site-3',
      'wq-site-2',
    ]);
    const keyword = screen.getByRole('textbox', { name: 'Site code or name' });
    await user.type(keyword, 'river');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(keyword, { key: 'Enter', keyCode: 13 });
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'search' }).textContent).toContain('latest.keyword=river'),
    );
    await vi.waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/water-quality/latest' && c.query.get('keyword') === 'river')).toBe(
        true,
      ),
    );
  });

  it('opens the History tab on the parameter clicked', async () => {
    mockApi(answers([outlet]));
    const { user } = renderPage(
      <>
        <LatestTab />
        <Search />
      </>,
      { locale: 'en-US', route: '/water/waterList?latest.kind=plant_outlet' },
    );
    await user.click(await screen.findByRole('button', { name: 'History of Turbidity at Plant outlet' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe(
      '?latest.kind=plant_outlet&tab=history&history.siteId=2&history.parameter=turbidity',
    );
  });

  it('reads again every 30 seconds', async () => {
    expect(LATEST_REFRESH_MS).toBe(30_000);
    const api = mockApi(answers([tap]));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<LatestTab />, { locale: 'en-US' });
    await screen.findByRole('article', { name: 'Lakeside tap' });
    const reads = () => api.calls.filter((c) => c.path === '/api/water-quality/latest').length;
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(reads()).toBe(2));
  });

  it('reads in Chinese, and says when there is no site yet', async () => {
    mockApi(answers([]));
    renderPage(<LatestTab />);
    expect(await screen.findByText('还没有监测点：请在「监测点」页签添加')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: '按站点评价筛选' })).toBeTruthy();
  });
});
