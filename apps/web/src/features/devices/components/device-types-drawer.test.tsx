import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DeviceType, deviceTypeInputSchema, deviceTypesApi, type MetricSpec } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { DeviceTypesDrawer } from './device-types-drawer.tsx';

const metric = (key: string, nameZh: string, nameEn: string, extra: Partial<MetricSpec> = {}): MetricSpec => ({
  key,
  nameZh,
  nameEn,
  dataType: 'number',
  unit: 'm',
  min: 0,
  max: 10,
  precision: 2,
  options: [],
  ...extra,
});
const type = (id: number, code: string, nameZh: string, extra: Partial<DeviceType> = {}): DeviceType => ({
  id,
  code,
  nameZh,
  nameEn: code,
  description: '',
  builtin: true,
  model: {
    metrics: [metric('level', '液位', 'Level')],
    events: [{ key: 'overflow', nameZh: '溢流', nameEn: 'Overflow', level: 3 }],
    commands: [],
  },
  devices: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const catalogue = [
  type(1, 'level_gauge', '液位计'),
  type(20, 'valve_actuator', '阀门执行器', { builtin: false, devices: 0 }),
];
// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [reply(deviceTypesApi.list, catalogue)] as const;
/** A saved type as the server answers: what was sent, with its id and counts. */
const saved = (base: DeviceType, body: unknown): DeviceType => ({
  ...base,
  ...(body as Partial<DeviceType>),
  id: base.id,
});

/**
 * Sets a box's text in one change event. Typing key by key was flaky in this file on a busy machine
 * (keys lost once two drawers' focus locks had come and gone in earlier tests); one change is not.
 */
function fill(element: HTMLElement, text: string) {
  fireEvent.change(element, { target: { value: text } });
}

/** Submitting validates every row first. */
const slow = { timeout: 5000 };

function open(options: Parameters<typeof renderPage>[1] = {}) {
  return renderPage(<DeviceTypesDrawer visible onClose={() => {}} />, options);
}

describe('DeviceTypesDrawer', () => {
  it('lets an administrator create a type with two metrics: the POST carries the contract input', async () => {
    const { calls } = mockApi([...reads, [deviceTypesApi.create, (call) => saved(type(30, 'x', 'x'), call.body)]]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '新建类型' }));
    const drawer = await screen.findByRole('dialog', { name: '新建设备类型' });
    const box = (name: string) => within(drawer).getByRole('textbox', { name });
    fill(box('类型标识'), 'chlorine_dosing');
    fill(box('中文名称'), '加氯设备');
    fill(box('英文名称'), 'Chlorine dosing');
    fill(box('描述'), '水厂出厂水加氯');

    await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
    await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
    fill(box('指标 1 标识'), 'residual_chlorine');
    fill(box('指标 1 中文名称'), '余氯');
    fill(box('指标 1 英文名称'), 'Residual chlorine');
    fill(box('指标 1 单位'), 'mg/L');
    fill(within(drawer).getByRole('spinbutton', { name: '指标 1 下限' }), '0');
    fill(within(drawer).getByRole('spinbutton', { name: '指标 1 上限' }), '4');
    fill(box('指标 2 标识'), 'running');
    fill(box('指标 2 中文名称'), '运行');
    fill(box('指标 2 英文名称'), 'Running');
    await user.click(within(drawer).getByRole('combobox', { name: '指标 2 数据类型' }));
    await user.click(await screen.findByRole('option', { name: '布尔' }));

    await user.click(within(drawer).getByRole('button', { name: '添加事件' }));
    fill(box('事件 1 标识'), 'low_chlorine');
    fill(box('事件 1 中文名称'), '余氯过低');
    fill(box('事件 1 英文名称'), 'Low chlorine');

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    const body = calls.find((c) => c.method === 'POST')?.body;
    expect(body).toEqual({
      code: 'chlorine_dosing',
      nameZh: '加氯设备',
      nameEn: 'Chlorine dosing',
      description: '水厂出厂水加氯',
      model: {
        metrics: [
          {
            key: 'residual_chlorine',
            nameZh: '余氯',
            nameEn: 'Residual chlorine',
            dataType: 'number',
            unit: 'mg/L',
            min: 0,
            max: 4,
            precision: 2,
            options: [],
          },
          {
            key: 'running',
            nameZh: '运行',
            nameEn: 'Running',
            dataType: 'boolean',
            unit: '',
            min: null,
            max: null,
            precision: 2,
            options: [],
          },
        ],
        events: [{ key: 'low_chlorine', nameZh: '余氯过低', nameEn: 'Low chlorine', level: 1 }],
        commands: [],
      },
    });
    // what the server parses is what was sent
    expect(deviceTypeInputSchema.parse(body)).toEqual(body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建设备类型' })).toBeNull());
    // the catalogue reads again
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/device-types')).toHaveLength(2),
    );
  });

  it('refuses a metric whose minimum is above its maximum before any call', async () => {
    const { calls } = mockApi([...reads]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '新建类型' }));
    const drawer = await screen.findByRole('dialog', { name: '新建设备类型' });
    const box = (name: string) => within(drawer).getByRole('textbox', { name });
    fill(box('类型标识'), 'valve');
    fill(box('中文名称'), '阀门');
    fill(box('英文名称'), 'Valve');
    await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
    fill(box('指标 1 标识'), 'opening');
    fill(box('指标 1 中文名称'), '开度');
    fill(box('指标 1 英文名称'), 'Opening');
    fill(within(drawer).getByRole('spinbutton', { name: '指标 1 下限' }), '100');
    fill(within(drawer).getByRole('spinbutton', { name: '指标 1 上限' }), '10');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    expect(await within(drawer).findByText('指标 1：上限不能小于下限', {}, slow)).toBeTruthy();
    expect(within(drawer).getAllByText('上限不能小于下限').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('refuses a bad metric key and a repeated key before any call', async () => {
    const { calls } = mockApi([...reads]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '新建类型' }));
    const drawer = await screen.findByRole('dialog', { name: '新建设备类型' });
    const box = (name: string) => within(drawer).getByRole('textbox', { name });
    fill(box('类型标识'), 'valve');
    fill(box('中文名称'), '阀门');
    fill(box('英文名称'), 'Valve');
    for (const n of [1, 2]) {
      await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
      fill(box(`指标 ${n} 标识`), 'opening');
      fill(box(`指标 ${n} 中文名称`), '开度');
      fill(box(`指标 ${n} 英文名称`), 'Opening');
    }
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findAllByText('同一类别中的标识不能重复', {}, slow)).not.toHaveLength(0);

    fill(box('指标 2 标识'), 'Opening 2');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findAllByText(/标识为小写字母开头/, {}, slow)).not.toHaveLength(0);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('keeps a built-in type’s code and existing metrics; new metrics may be added', async () => {
    const { calls } = mockApi([
      ...reads,
      [deviceTypesApi.update, (call) => saved(catalogue[0] as DeviceType, call.body)],
    ]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '编辑 液位计' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑设备类型' });
    const box = (name: string) => within(drawer).getByRole('textbox', { name });
    expect(box('类型标识')).toHaveProperty('disabled', true);
    expect(box('指标 1 标识')).toHaveProperty('disabled', true);
    expect(within(drawer).queryByRole('button', { name: '删除指标 1' })).toBeNull();
    // names of a kept metric may change
    expect(box('指标 1 中文名称')).toHaveProperty('disabled', false);

    await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
    expect(box('指标 2 标识')).toHaveProperty('disabled', false);
    fill(box('指标 2 标识'), 'temperature');
    fill(box('指标 2 中文名称'), '水温');
    fill(box('指标 2 英文名称'), 'Temperature');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), slow);
    const body = calls.find((c) => c.method === 'PUT')?.body as { code: string; model: { metrics: { key: string }[] } };
    expect(body.code).toBe('level_gauge');
    expect(body.model.metrics.map((m) => m.key)).toEqual(['level', 'temperature']);
    expect(body.model.metrics[0]).toEqual(catalogue[0]?.model.metrics[0]);
  });

  it('speaks English in en-US', async () => {
    mockApi([...reads]);
    const { user } = open({ locale: 'en-US' });
    await user.click(await screen.findByRole('button', { name: 'New type' }));
    const drawer = await screen.findByRole('dialog', { name: 'New device type' });
    await user.click(within(drawer).getByRole('button', { name: 'Add metric' }));
    expect(within(drawer).getByRole('textbox', { name: 'Metric 1 Key' })).toBeTruthy();
    expect(within(drawer).getByRole('combobox', { name: 'Metric 1 Data type' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Remove Metric 1' })).toBeTruthy();
  });

  it('shows a reader the catalogue without New, Edit or Delete', async () => {
    mockApi([...reads]);
    open({ permissions: ['device:device:read'] });
    expect(await screen.findByText('液位计')).toBeTruthy();
    expect(screen.getByText('阀门执行器')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建类型|编辑|删除/ })).toBeNull();
  });

  it('shows the server’s 409 on a taken code in the form', async () => {
    const { calls } = mockApi([...reads, [deviceTypesApi.create, fail(409, '类型标识已被使用')]]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '新建类型' }));
    const drawer = await screen.findByRole('dialog', { name: '新建设备类型' });
    const box = (name: string) => within(drawer).getByRole('textbox', { name });
    fill(box('类型标识'), 'flow_meter');
    fill(box('中文名称'), '流量计');
    fill(box('英文名称'), 'Flow meter');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    // on the code field and in the form's notice
    expect(await within(drawer).findAllByText('类型标识已被使用', {}, slow)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: '新建设备类型' })).toBeTruthy();
  });

  it('removes an unused type after confirmation, and shows the server’s refusal as returned', async () => {
    let answer = fail(409, '仍有 2 台设备使用该类型，不能删除');
    const { calls } = mockApi([
      ...reads,
      [deviceTypesApi.remove, ({ params }) => (params.id === '20' ? answer : fail(404, 'Not Found'))],
    ]);
    const { user } = open();
    // a built-in type has no Delete
    expect(await screen.findByRole('button', { name: '编辑 液位计' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除 液位计' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '删除 阀门执行器' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('仍有 2 台设备使用该类型，不能删除')).toBeTruthy();

    answer = ok(null);
    await user.click(screen.getByRole('button', { name: '删除 阀门执行器' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('设备类型已删除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });
});
