import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { alarmRulesApi, deviceTypesApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { levelType, listPage, pumpType, rule } from '../alarm-rules-test-fixtures.ts';
import { AlarmRuleListPage } from './alarm-rule-list-page.tsx';

const rows = [
  rule(1, '前池高液位', { activeAlarms: 2, description: '超过高液位报警值' }),
  rule(2, '水泵电流过载', {
    enabled: false,
    severity: 'major',
    deviceTypeId: 7,
    deviceTypeName: '泵站控制器',
    scopeName: '东湖雨水泵站',
    summary: '电流 > 180 A，60 分钟内 3 次',
    durationMinutes: 0,
    repeat: { count: 3, withinMinutes: 60 },
  }),
];

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('AlarmRuleListPage', () => {
  it("lists the rules with severity, what they watch, the conditions in the server's words, enabled and active alarms", async () => {
    mockApi([
      [deviceTypesApi.list, [levelType, pumpType]],
      [alarmRulesApi.list, listPage(rows)],
    ]);
    renderPage(<AlarmRuleListPage />);
    const first = await rowOf('前池高液位');
    expect(within(first).getByText('严重')).toBeTruthy();
    expect(within(first).getByText('液位计')).toBeTruthy();
    expect(within(first).getByText('全部设备')).toBeTruthy();
    expect(within(first).getByText('液位 ≥ 高液位报警值，持续 5 分钟')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    expect(within(first).getByRole('switch', { name: '启用规则：前池高液位' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    const second = await rowOf('水泵电流过载');
    expect(within(second).getByText('重要')).toBeTruthy();
    expect(within(second).getByText('电流 > 180 A，60 分钟内 3 次')).toBeTruthy();
    expect(within(second).getByRole('switch', { name: '启用规则：水泵电流过载' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByText('共 2 条规则')).toBeTruthy();
  });

  it('reads its filters from the address and writes new ones there', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, [levelType, pumpType]],
      [alarmRulesApi.list, listPage(rows)],
    ]);
    const { user } = renderPage(<AlarmRuleListPage />, { route: '/?severity=critical&enabled=false&deviceTypeId=7' });
    await rowOf('前池高液位');
    const lists = () => calls.filter((c) => c.path === '/api/alarm-rules');
    expect(Object.fromEntries(lists()[0]!.query)).toEqual({
      page: '1',
      pageSize: '10',
      severity: 'critical',
      deviceTypeId: '7',
      enabled: 'false',
    });
    expect(within(screen.getByRole('combobox', { name: '告警级别' })).getByText('严重')).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: '设备类型' })).getByText('泵站控制器')).toBeTruthy();

    const keyword = screen.getByRole('textbox', { name: '规则名称' });
    await user.type(keyword, '液位');
    fireEvent.keyDown(keyword, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lists().at(-1)?.query.get('keyword')).toBe('液位'));
    expect(lists().at(-1)?.query.get('severity')).toBe('critical');

    await user.click(screen.getByRole('button', { name: '重置筛选' }));
    await waitFor(() => expect(Object.fromEntries(lists().at(-1)!.query)).toEqual({ page: '1', pageSize: '10' }));
  });

  it('enables and disables a rule with its switch', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
      [alarmRulesApi.setEnabled, ({ params, body }) => ({ ...rows[Number(params.id) - 1]!, ...(body as object) })],
    ]);
    const { user } = renderPage(<AlarmRuleListPage />);
    await user.click(within(await rowOf('前池高液位')).getByRole('switch'));
    expect(await screen.findByText('规则已停用，其活动告警需手动解除')).toBeTruthy();
    await user.click(within(await rowOf('水泵电流过载')).getByRole('switch'));
    expect(await screen.findByText('规则已启用')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.body])).toEqual([
      ['/api/alarm-rules/1/enabled', { enabled: false }],
      ['/api/alarm-rules/2/enabled', { enabled: true }],
    ]);
    // The list is read again after each.
    expect(calls.filter((c) => c.path === '/api/alarm-rules').length).toBeGreaterThanOrEqual(3);
  });

  it('copies a rule', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
      [alarmRulesApi.copy, rule(3, '前池高液位（副本）', { enabled: false })],
    ]);
    const { user } = renderPage(<AlarmRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '复制：前池高液位' }));
    expect(await screen.findByText('已复制为“前池高液位（副本）”（停用状态）')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/alarm-rules/1/copy']);
  });

  it('deletes a rule after confirmation only', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
      [alarmRulesApi.remove, ok(null)],
    ]);
    const { user } = renderPage(<AlarmRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '删除：水泵电流过载' }));
    expect(await screen.findByText('删除规则“水泵电流过载”？')).toBeTruthy();
    expect(screen.getByText('已产生的告警保留在告警记录中。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('规则已删除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/alarm-rules/2']);
  });

  it('shows a user without alarm:rule:write no write action', async () => {
    mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
    ]);
    renderPage(<AlarmRuleListPage />, { permissions: ['alarm:view'] });
    const first = await rowOf('前池高液位');
    expect(screen.queryByRole('button', { name: '新增规则' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑|复制|删除/ })).toBeNull();
    expect(within(first).getByRole('switch').hasAttribute('disabled')).toBe(true);
  });

  it('exports the rules as the JSON file the server names', async () => {
    const api = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
    ]);
    const file = JSON.stringify({ format: 'water-ops/alarm-rules', version: 1, rules: [] });
    const exports: string[] = [];
    // The export is a JSON attachment, not an envelope: answered here, the rest by mockApi.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/alarm-rules/export')) {
        exports.push(String(input));
        return new Response(file, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': `attachment; filename="alarm-rules-20261120.json"; filename*=UTF-8''alarm-rules-20261120.json`,
          },
        });
      }
      return api.fetchMock(input, init);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:rules'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderPage(<AlarmRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toEqual(['alarm-rules-20261120.json']));
    expect(exports).toEqual(['/api/alarm-rules/export']);
  });

  it('imports a file and shows the refused rules with their place, name, field and reason', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
      [
        alarmRulesApi.importRules,
        {
          created: 1,
          errors: [
            { index: 1, name: '井盖开启', field: 'deviceType', msg: '没有编码为 cover 的设备类型' },
            {
              index: 2,
              name: '水泵过载',
              field: 'groups.0.conditions.1.metric',
              msg: '该设备类型的物模型中没有这个监测项',
            },
          ],
        },
      ],
    ]);
    const { user, container } = renderPage(<AlarmRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入告警规则' });
    const content = {
      format: 'water-ops/alarm-rules',
      version: 1,
      rules: [{ name: '前池高液位' }, { name: '井盖开启' }, { name: '水泵过载' }],
    };
    const input = (dialog.querySelector('input[type="file"]') ?? container.querySelector('input[type="file"]'))!;
    await user.upload(
      input as HTMLInputElement,
      new File([JSON.stringify(content, null, 2)], 'rules.json', { type: 'application/json' }),
    );
    expect(await within(dialog).findByText('已导入 1 条，未导入 2 条')).toBeTruthy();
    const refused = within(dialog).getByRole('region', { name: '未导入的规则' });
    const row = within(refused).getByText('井盖开启').closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('deviceType：没有编码为 cover 的设备类型')).toBeTruthy();
    // A condition's field is named as the drawer names it.
    const third = within(refused).getByText('水泵过载').closest('tr') as HTMLElement;
    expect(within(third).getByText('3')).toBeTruthy();
    expect(within(third).getByText('条件组 1 · 条件 2：该设备类型的物模型中没有这个监测项')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/alarm-rules/import')?.body).toEqual(content);
  });

  it('refuses a file that is not an export of rules without sending it', async () => {
    const { calls } = mockApi([
      [deviceTypesApi.list, []],
      [alarmRulesApi.list, listPage(rows)],
      [alarmRulesApi.importRules, fail(400, 'no')],
    ]);
    const { user } = renderPage(<AlarmRuleListPage />);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入告警规则' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['{"rows": []}'], 'other.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('该文件不是告警规则导出文件')).toBeTruthy();
    await user.upload(input, new File(['not json'], 'broken.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('该文件不是有效的 JSON 文件')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/alarm-rules/import')).toBe(false);
  });
});
