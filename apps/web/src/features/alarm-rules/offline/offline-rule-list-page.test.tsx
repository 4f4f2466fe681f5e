import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { devicesApi, offlineRulesApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { device, devicePage, listPage, offlineRule, reads } from '../alarm-rules-test-fixtures.ts';
import { OfflineRuleListPage } from './offline-rule-list-page.tsx';

const rows = [
  offlineRule(1),
  offlineRule(2, {
    deviceTypeId: 7,
    deviceTypeName: '泵站控制器',
    deviceId: 41,
    deviceCode: 'PS01-P1',
    deviceName: '1#泵控制器',
    timeoutSeconds: 90,
    deadbandSeconds: 0,
    severity: 'critical',
    enabled: false,
    devices: 1,
    offline: 0,
  }),
];

type User = ReturnType<typeof renderPage>['user'];
async function choose(user: User, scope: HTMLElement, box: string, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: box }));
  await user.click(within(await screen.findByRole('option', { name: option })).getByText(option));
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('OfflineRuleListPage', () => {
  it('lists type and device rules with their timeout, tolerance, severity and counts, and says what offline means', async () => {
    mockApi([...reads, [offlineRulesApi.list, listPage(rows)]]);
    renderPage(<OfflineRuleListPage />);
    const type = await rowOf('该类型全部设备');
    expect(within(type).getByText('液位计')).toBeTruthy();
    expect(within(type).getByText('10 分钟')).toBeTruthy();
    expect(within(type).getByText('1 分钟')).toBeTruthy();
    expect(within(type).getByText('重要')).toBeTruthy();
    expect(within(type).getByText('启用')).toBeTruthy();

    const one = await rowOf('1#泵控制器');
    expect(within(one).getByText('PS01-P1')).toBeTruthy();
    expect(within(one).getByText('1 分 30 秒')).toBeTruthy();
    expect(within(one).getByText('无')).toBeTruthy();
    expect(within(one).getByText('严重')).toBeTruthy();
    expect(within(one).getByText('停用')).toBeTruthy();
    expect(screen.getByText(/通信中断是告警，绝不显示为“正常”/)).toBeTruthy();
  });

  it('filters by device type and keyword in the address', async () => {
    const { calls } = mockApi([...reads, [offlineRulesApi.list, listPage(rows)]]);
    const { user } = renderPage(<OfflineRuleListPage />, { route: '/?keyword=PS01' });
    await rowOf('1#泵控制器');
    const lists = () => calls.filter((c) => c.path === '/api/alarm-offline-rules');
    expect(lists()[0]?.query.get('keyword')).toBe('PS01');
    await choose(user, document.body, '设备类型', '泵站控制器');
    await waitFor(() =>
      expect(lists().at(-1)?.query.toString()).toBe('page=1&pageSize=10&deviceTypeId=7&keyword=PS01'),
    );
  });

  it('creates a device rule: the picker offers devices of the chosen type only, and the POST carries the body', async () => {
    const { calls } = mockApi([
      ...reads,
      [offlineRulesApi.list, listPage([])],
      [
        devicesApi.list,
        ({ query }) =>
          devicePage(
            query.get('typeId') === '7'
              ? [device(41, 'PS01-P1', '1#泵控制器', 7)]
              : [device(31, 'LT-01', '前池液位计')],
          ),
      ],
      [offlineRulesApi.create, rows[1]!],
    ]);
    const { user } = renderPage(<OfflineRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '新增离线规则' }));
    const drawer = await screen.findByRole('dialog', { name: '新增离线规则' });
    // No type, no device to pick.
    expect(within(drawer).getByRole('combobox', { name: '设备' }).getAttribute('aria-disabled')).toBe('true');
    await choose(user, drawer, '设备类型', '泵站控制器');
    // The type's own telemetry silence is the starting timeout.
    expect(within(drawer).getByRole<HTMLInputElement>('spinbutton', { name: '离线判定时长' }).value).toBe('300');
    await user.click(within(drawer).getByRole('combobox', { name: '设备' }));
    expect(await screen.findByRole('option', { name: /PS01-P1/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /LT-01/ })).toBeNull();
    await user.click(within(screen.getByRole('option', { name: /PS01-P1/ })).getByText(/PS01-P1/));
    const picks = calls.filter((c) => c.path === '/api/devices');
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((c) => c.query.get('typeId') === '7')).toBe(true);

    fireEvent.change(within(drawer).getByRole('spinbutton', { name: '离线判定时长' }), { target: { value: '90' } });
    fireEvent.change(within(drawer).getByRole('spinbutton', { name: '容差' }), { target: { value: '0' } });
    await choose(user, drawer, '告警级别', '严重');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/alarm-offline-rules');
    expect(post?.body).toEqual({
      deviceTypeId: 7,
      deviceId: 41,
      enabled: true,
      timeoutSeconds: 90,
      deadbandSeconds: 0,
      severity: 'critical',
      recipients: { userIds: [], roleCodes: [], departmentIds: [] },
      sms: false,
    });
    expect(await screen.findByText('规则已创建')).toBeTruthy();
  });

  it('deletes a rule after confirmation', async () => {
    const { calls } = mockApi([...reads, [offlineRulesApi.list, listPage(rows)], [offlineRulesApi.remove, ok(null)]]);
    const { user } = renderPage(<OfflineRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '删除：PS01-P1 1#泵控制器' }));
    expect(await screen.findByText('删除离线规则“PS01-P1 1#泵控制器”？')).toBeTruthy();
    expect(screen.getByText('该设备改按其类型的规则判定离线。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('规则已删除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/alarm-offline-rules/2']);
  });
});
