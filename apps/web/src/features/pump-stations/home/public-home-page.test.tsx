import { act, screen, waitFor, within } from '@testing-library/react';
import { type PublicOverview, publicApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { PublicHomePage } from './public-home-page.tsx';

// The charts draw on a canvas jsdom has not; the page's figures and accessible names are tested.
vi.mock('./public-home-charts.tsx', () => ({
  StationMapChart: () => <div data-testid="station-map" />,
  LevelRankingChart: () => <div data-testid="level-ranking" />,
}));

const overview = (extra: Partial<PublicOverview> = {}): PublicOverview => ({
  at: '2026-11-25T08:30:05.000Z',
  stations: { running: 7, stopped: 3, fault: 1, offline: 1, total: 12 },
  pumpedToday: 48250.4,
  alarms: { critical: 1, major: 2, minor: 4, warning: 0, info: 3 },
  rain: { max: 12.4, avg: 3.25, gauges: 5 },
  map: [
    { name: 'East Lake PS', kind: 'rainwater', lng: 114.3, lat: 30.5, state: 'running' },
    { name: 'River Road PS', kind: 'sewage', lng: 114.32, lat: 30.52, state: 'fault' },
  ],
  levels: [
    { name: 'River Road PS', level: 4.2, high: 4, ratio: 1.05 },
    { name: 'East Lake PS', level: 2.4, high: 4, ratio: 0.6 },
  ],
  ...extra,
});

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

const page = (
  <>
    <PublicHomePage />
    <Where />
  </>
);

afterEach(() => {
  vi.useRealTimers();
});

describe('PublicHomePage (/bz/index)', () => {
  it('shows the overview signed out: states, pumped, active alarms by severity, rain, the map and the ranking', async () => {
    const api = mockApi([[publicApi.overview, overview()]]);
    renderPage(page, { signedIn: false, locale: 'en-US', route: '/bz/index' });

    const running = await screen.findByRole('region', { name: 'Running' });
    expect(within(running).getByText('7')).toBeTruthy();
    expect(within(running).getByText('of 12 stations')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Stopped' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Fault' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Offline' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Pumped today' })).getByText('48,250')).toBeTruthy();

    const alarms = screen.getByRole('region', { name: 'Active alarms' });
    expect(within(alarms).getByText('Critical').nextElementSibling?.textContent).toBe('1');
    expect(within(alarms).getByText('Major').nextElementSibling?.textContent).toBe('2');
    expect(within(alarms).getByText('Minor').nextElementSibling?.textContent).toBe('4');
    expect(within(alarms).getByText('Info').nextElementSibling?.textContent).toBe('3');

    const rain = screen.getByRole('region', { name: 'Rain now' });
    expect(within(rain).getByText('Max').nextElementSibling?.textContent).toBe('12.4 mm/h');
    expect(within(rain).getByText('Avg').nextElementSibling?.textContent).toBe('3.3 mm/h');
    expect(within(rain).getByText('5 gauges reporting')).toBeTruthy();

    expect(screen.getByRole('img', { name: 'Station map: 1 running, 0 stopped, 1 in fault, 0 offline' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Wet-well level ranking: River Road PS 4.20 m of 4.00 m (105%); East Lake PS 2.40 m of 4.00 m (60%)',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^Updated /)).toBeTruthy();
    // No session: the call carries no token.
    expect(api.calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('shows no alarms and no rain without gauges (zh-CN)', async () => {
    mockApi([
      [
        publicApi.overview,
        overview({
          alarms: { critical: 0, major: 0, minor: 0, warning: 0, info: 0 },
          rain: { max: null, avg: null, gauges: 0 },
        }),
      ],
    ]);
    renderPage(page, { signedIn: false, route: '/bz/index' });
    const alarms = await screen.findByRole('region', { name: '活动告警' });
    expect(within(alarms).getByText('严重').nextElementSibling?.textContent).toBe('0');
    expect(
      within(screen.getByRole('region', { name: '当前雨量' })).getByText('最大').nextElementSibling?.textContent,
    ).toBe('— mm/h');
  });

  it('sends the visitor to sign in, back here afterwards, when public access is off (401)', async () => {
    mockApi([[publicApi.overview, fail(401, 'The home screen needs sign-in')]]);
    renderPage(page, { signedIn: false, locale: 'en-US', route: '/bz/index' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' })?.textContent).toBe('/login?redirect=%2Fbz%2Findex'),
    );
  });

  it('does not send a signed-in user round to sign-in on a 401: the failed state shows', async () => {
    mockApi([[publicApi.overview, fail(401, 'The home screen needs sign-in')]]);
    renderPage(page, { locale: 'en-US', route: '/bz/index' });
    expect(await screen.findByText('The overview could not be loaded')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/bz/index');
  });

  it('polls every 10 s without a reload, and keeps the last figures under a stale banner when a poll fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      overview(),
      overview({
        at: '2026-11-25T08:30:15.000Z',
        stations: { running: 8, stopped: 2, fault: 1, offline: 1, total: 12 },
      }),
    ];
    let call = 0;
    const api = mockApi([[publicApi.overview, () => answers[call++] ?? fail(500, 'Server error')]]);
    renderPage(page, { signedIn: false, locale: 'en-US', route: '/bz/index' });

    expect(within(await screen.findByRole('region', { name: 'Running' })).getByText('7')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Running' })).getByText('8')).toBeTruthy());
    expect(api.calls).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() =>
      expect(screen.getByRole('alert')?.textContent).toMatch(/Refresh failed: showing the figures of/),
    );
    expect(within(screen.getByRole('region', { name: 'Running' })).getByText('8')).toBeTruthy();
  });

  it('offers a retry when the first load fails', async () => {
    mockApi([[publicApi.overview, fail(500, 'Server error')]]);
    renderPage(page, { signedIn: false, locale: 'en-US', route: '/bz/index' });
    expect(await screen.findByText('The overview could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
