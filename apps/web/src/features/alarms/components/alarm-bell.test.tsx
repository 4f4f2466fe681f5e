import { screen, within } from '@testing-library/react';
import { alarmsApi } from '@water/contracts/alarms';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { alarm, counts } from '../alarm-test-fixtures.ts';
import { ActiveAlarmsCard } from './active-alarms-card.tsx';
import { AlarmBell } from './alarm-bell.tsx';

vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../../../shared/testing/fake-live-channel.ts');
  return { liveChannel: createFakeLive().channel };
});

describe('AlarmBell (navbar)', () => {
  it('counts the active unacknowledged alarms, coloured by the worst; its dropdown links each of the newest', async () => {
    mockApi([[alarmsApi.counts, counts()]]);
    const { user } = renderPage(<AlarmBell />, { showLocation: true });
    const bell = await screen.findByRole('button', { name: '告警：3 条未确认' });
    expect(bell.className).toContain('alarm-bell__button--critical');

    await user.click(bell);
    const bySeverity = await screen.findByRole('list', { name: '按级别' });
    expect(
      within(bySeverity)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1严重', '2重要', '0次要', '0警告', '0提示']);
    const newest = screen.getByRole('list', { name: '最新告警' });
    const links = within(newest).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe('/bz/alarm?alarm=1');
    expect(links[0]?.textContent).toContain('前池高液位');
    expect(links[0]?.textContent).toContain('LV-001 1号液位计 · 东湖雨水泵站');
    expect(links[0]?.textContent).toContain('12 分钟前');
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/bz/alarm');
    expect(screen.getByRole('switch', { name: '严重告警提示音' })).toBeTruthy();

    await user.click(links[1] as HTMLElement);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/bz/alarm');
  });

  it('has nothing to say when nothing waits', async () => {
    mockApi([
      [
        alarmsApi.counts,
        counts({
          unacknowledged: { critical: 0, major: 0, minor: 0, warning: 0, info: 0 },
          newest: [],
        }),
      ],
    ]);
    const { user } = renderPage(<AlarmBell />);
    await user.click(await screen.findByRole('button', { name: '告警' }));
    expect(await screen.findByText('没有待处理的告警')).toBeTruthy();
  });

  it('is left out for a role that may not see alarms', async () => {
    const { calls } = mockApi([[alarmsApi.counts, counts()]]);
    renderPage(<AlarmBell />, { permissions: ['system:user:list'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /告警/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('speaks English', async () => {
    mockApi([[alarmsApi.counts, counts({ newest: [alarm(1, { title: 'High wet-well level' })] })]]);
    const { user } = renderPage(<AlarmBell />, { locale: 'en-US' });
    await user.click(await screen.findByRole('button', { name: 'Alarms: 3 unacknowledged' }));
    expect(await screen.findByRole('link', { name: 'View all' })).toBeTruthy();
    expect(screen.getByText('12 min ago')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Critical alarm sound' })).toBeTruthy();
  });
});

describe('ActiveAlarmsCard (Workplace)', () => {
  it('shows the active alarms by severity with the unacknowledged, and the way to the list', async () => {
    mockApi([[alarmsApi.counts, counts()]]);
    renderPage(<ActiveAlarmsCard />);
    expect(await screen.findByText('活动告警 6 条，其中 3 条未确认')).toBeTruthy();
    const cells = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(cells).toEqual(['严重21 未确认', '重要32 未确认', '次要00 未确认', '警告00 未确认', '提示10 未确认']);
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/bz/alarm');
  });

  it('says so when no alarm is active, and is left out without alarm:view', async () => {
    const none = { critical: 0, major: 0, minor: 0, warning: 0, info: 0 };
    mockApi([[alarmsApi.counts, counts({ unacknowledged: none, active: none, newest: [] })]]);
    const { unmount } = renderPage(<ActiveAlarmsCard />);
    expect(await screen.findByText('当前没有活动告警')).toBeTruthy();
    unmount();
    renderPage(<ActiveAlarmsCard />, { permissions: [] });
    expect(screen.queryByText('活动告警')).toBeNull();
  });
});
