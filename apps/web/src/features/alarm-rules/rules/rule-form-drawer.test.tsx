import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alarmRulesApi, devicesApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { device, devicePage, reads, rule } from '../alarm-rules-test-fixtures.ts';
import { RuleFormDrawer } from './rule-form-drawer.tsx';

/** Sets a box's value in one change event (Arco's number boxes take it whole). */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });
type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, scope: HTMLElement, box: string, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: box }));
  // A multiple select's option reacts on its label, beside the checkbox.
  await user.click(within(await screen.findByRole('option', { name: option })).getByText(option));
}

/** Opens a new rule and fills what the contract requires: name, type, and group 1's first condition. */
async function openNew(user: User) {
  const drawer = await screen.findByRole('dialog', { name: '新增告警规则' });
  fill(within(drawer).getByRole('textbox', { name: '规则名称' }), '前池液位异常');
  await choose(user, drawer, '设备类型', '液位计');
  await choose(user, drawer, '条件组 1 · 条件 1：监测项', '液位 (m)');
  fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 1：阈值' }), '4.2');
  return drawer;
}

const created = rule(9, '前池液位异常');
/** Tests that pick many options through Arco's selects: slow on a busy machine. */
const SLOW = 30_000;

describe('RuleFormDrawer', () => {
  it(
    'sends OR groups of AND conditions in the contract shape',
    async () => {
      const { calls } = mockApi([...reads, [alarmRulesApi.create, created]]);
      const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
      const drawer = await openNew(user);

      // Group 1 gets a second condition (AND): the level rises 0.5 m within 10 minutes.
      await user.click(within(drawer).getByRole('button', { name: '在条件组 1 中添加条件' }));
      await choose(user, drawer, '条件组 1 · 条件 2：条件类型', '变化率');
      await choose(user, drawer, '条件组 1 · 条件 2：监测项', '液位 (m)');
      fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 2：变化量' }), '0.5');

      // A second group (OR): no level reading for 30 minutes.
      await user.click(within(drawer).getByRole('button', { name: '添加条件组（或）' }));
      const second = within(drawer).getByRole('region', { name: '条件组 2' });
      expect(within(drawer).getByText('或')).toBeTruthy();
      await choose(user, second, '条件组 2 · 条件 1：条件类型', '无数据');
      await choose(user, second, '条件组 2 · 条件 1：监测项', '液位 (m)');

      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
      expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/alarm-rules');
      expect(body).toMatchObject({
        name: '前池液位异常',
        severity: 'major',
        deviceTypeId: 1,
        scope: 'type',
        deviceIds: [],
        stationId: null,
        regionId: null,
        repeat: null,
        schedule: null,
        escalation: null,
        reminderMinutes: null,
        recipients: { userIds: [], roleCodes: [], departmentIds: [] },
      });
      expect(body.groups).toEqual([
        {
          conditions: [
            { kind: 'compare', metric: 'level', op: 'ge', value: 4.2, setpoint: null },
            { kind: 'rate', metric: 'level', direction: 'rise', amount: 0.5, windowMinutes: 10 },
          ],
        },
        { conditions: [{ kind: 'nodata', metric: 'level', minutes: 30 }] },
      ]);
      expect(await screen.findByText('规则已创建')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers a boolean metric yes / no and equality only, and a station set-point for a number',
    async () => {
      const { calls } = mockApi([...reads, [alarmRulesApi.create, created]]);
      const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
      const drawer = await openNew(user);
      await choose(user, drawer, '条件组 1 · 条件 1：阈值来源', '泵站高液位报警值');
      // The value box now says it is the fallback.
      fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 1：无设定值时的阈值' }), '4.5');

      await user.click(within(drawer).getByRole('button', { name: '在条件组 1 中添加条件' }));
      await choose(user, drawer, '设备类型', '泵站控制器');
      await choose(user, drawer, '条件组 1 · 条件 1：监测项', '电流 (A)');
      fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 1：阈值' }), '180');
      await choose(user, drawer, '条件组 1 · 条件 2：监测项', '运行');
      const op = within(drawer).getByRole('combobox', { name: '条件组 1 · 条件 2：比较方式' });
      await user.click(op);
      const ops = await waitFor(() => document.getElementById(op.getAttribute('aria-controls') ?? '') as HTMLElement);
      expect(
        within(ops)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['=', '≠']);
      await user.keyboard('{Escape}');
      expect(within(drawer).queryByRole('combobox', { name: '条件组 1 · 条件 2：阈值来源' })).toBeNull();
      await choose(user, drawer, '条件组 1 · 条件 2：阈值', '否');

      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const body = calls.find((c) => c.method === 'POST')?.body as { groups: unknown };
      expect(body.groups).toEqual([
        {
          conditions: [
            // The type changed: the first condition's metric, value and set-point were chosen again.
            { kind: 'compare', metric: 'current', op: 'ge', value: 180, setpoint: null },
            { kind: 'compare', metric: 'running', op: 'eq', value: false, setpoint: null },
          ],
        },
      ]);
    },
    SLOW,
  );

  it("puts the server's 400 on groups.0.conditions.0.metric on that condition's metric box", async () => {
    mockApi([
      ...reads,
      [
        alarmRulesApi.create,
        fail(400, '参数校验失败', {
          errors: [{ field: 'groups.0.conditions.0.metric', message: '该设备类型的物模型中没有这个监测项' }],
        }),
      ],
    ]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
    const drawer = await openNew(user);
    await user.click(within(drawer).getByRole('button', { name: '添加条件组（或）' }));
    await choose(user, drawer, '条件组 2 · 条件 1：监测项', '液位 (m)');
    fill(within(drawer).getByRole('spinbutton', { name: '条件组 2 · 条件 1：阈值' }), '0.5');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    const first = within(drawer).getByRole('group', { name: '条件组 1 · 条件 1' });
    expect(await within(first).findByText('该设备类型的物模型中没有这个监测项')).toBeTruthy();
    expect(within(drawer).getByText('条件组 1 · 条件 1：该设备类型的物模型中没有这个监测项')).toBeTruthy();
    const other = within(drawer).getByRole('group', { name: '条件组 2 · 条件 1' });
    expect(within(other).queryByText(/监测项/)).toBeNull();
  });

  it("refuses before sending what the contract refuses, on the condition's box", async () => {
    const { calls } = mockApi([...reads]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
    const drawer = await openNew(user);
    await choose(user, drawer, '条件组 1 · 条件 1：条件类型', '区间');
    fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 1：下限' }), '3');
    fill(within(drawer).getByRole('spinbutton', { name: '条件组 1 · 条件 1：上限' }), '1');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    const first = within(drawer).getByRole('group', { name: '条件组 1 · 条件 1' });
    expect(await within(first).findByText('上限不能小于下限')).toBeTruthy();
    expect(within(drawer).getByText('条件组 1 · 条件 1：上限不能小于下限')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('picks chosen devices among those of the type only', async () => {
    const { calls } = mockApi([
      ...reads,
      [devicesApi.list, devicePage([device(31, 'LT-01', '东湖前池液位计'), device(32, 'LT-02', '西区前池液位计')])],
      [alarmRulesApi.create, created],
    ]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
    const drawer = await openNew(user);
    await user.click(within(drawer).getByRole('radio', { name: '指定设备' }));
    await choose(user, drawer, '设备', /LT-02/);
    const picks = calls.filter((c) => c.path === '/api/devices');
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((c) => c.query.get('typeId') === '1')).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ scope: 'devices', deviceIds: [32] });
  });

  it('replays the form as it stands over the last 24 h and shows what it would have raised', async () => {
    const { calls } = mockApi([
      ...reads,
      [
        alarmRulesApi.preview,
        {
          from: '2026-11-19T08:00:00.000Z',
          to: '2026-11-20T08:00:00.000Z',
          devices: 3,
          replayed: 3,
          points: 4320,
          raised: 2,
          byDevice: [
            {
              deviceId: 31,
              code: 'LT-01',
              name: '东湖前池液位计',
              raised: 2,
              activeMinutes: 95,
              firstAt: '2026-11-19T10:05:00.000Z',
            },
          ],
          raises: [{ deviceId: 31, at: '2026-11-19T10:05:00.000Z', value: '4.31 m' }],
          notReplayed: ['事件条件（水泵故障）不能用历史读数回放'],
        },
      ],
    ]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
    const drawer = await openNew(user);
    await user.click(within(drawer).getByRole('button', { name: '回放最近 24 小时' }));
    const dialog = await screen.findByRole('dialog', { name: '回放最近 24 小时' });
    expect(await within(dialog).findByText('4,320')).toBeTruthy();
    expect(within(dialog).getByText('将产生告警')).toBeTruthy();
    const row = within(dialog).getByText('LT-01').closest('tr') as HTMLElement;
    expect(within(row).getByText('东湖前池液位计', { exact: false })).toBeTruthy();
    expect(within(row).getByText('1 小时 35 分钟')).toBeTruthy();
    expect(within(dialog).getByText('事件条件（水泵故障）不能用历史读数回放')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/alarm-rules/preview');
    expect(sent?.body).toMatchObject({ name: '前池液位异常', deviceTypeId: 1 });
    // Nothing was saved.
    expect(calls.some((c) => c.path === '/api/alarm-rules')).toBe(false);
  });

  it('shows a failed replay with a retry', async () => {
    let attempts = 0;
    mockApi([
      ...reads,
      [
        alarmRulesApi.preview,
        () => {
          attempts += 1;
          return fail(503, '历史数据暂不可用');
        },
      ],
    ]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: null }} onClose={() => undefined} />);
    const drawer = await openNew(user);
    await user.click(within(drawer).getByRole('button', { name: '回放最近 24 小时' }));
    const dialog = await screen.findByRole('dialog', { name: '回放最近 24 小时' });
    expect(await within(dialog).findByText('历史数据暂不可用')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('opens a saved rule with its groups, switches and recipients', async () => {
    const saved = rule(4, '前池高液位', {
      groups: [
        { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4.2, setpoint: 'highAlarmLevel' }] },
        { conditions: [{ kind: 'event', event: 'high_level' }] },
      ],
      repeat: { count: 3, withinMinutes: 30 },
      schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      recipients: { userIds: [], roleCodes: ['operator'], departmentIds: [] },
    });
    const { calls } = mockApi([...reads, [alarmRulesApi.update, saved]]);
    const { user } = renderPage(<RuleFormDrawer target={{ rule: saved }} onClose={() => undefined} />);
    const drawer = await screen.findByRole('dialog', { name: '编辑告警规则：前池高液位' });
    expect(within(drawer).getByRole('region', { name: '条件组 2' })).toBeTruthy();
    expect(within(drawer).getByText('跨越午夜，至次日结束')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/alarm-rules/4');
    expect(put?.body).toMatchObject({
      groups: saved.groups,
      repeat: { count: 3, withinMinutes: 30 },
      schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      recipients: { userIds: [], roleCodes: ['operator'], departmentIds: [] },
    });
  });
});
