import { screen, waitFor, within } from '@testing-library/react';
import {
  type DeviceType,
  devicesApi,
  deviceTypesApi,
  organizationApi,
  Permissions,
  regionsApi,
  rolesApi,
  usersApi,
  waterQualityApi,
} from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { page, riverSet, riverSite, site, tapSite, wqLimitSets, wwtpSite } from '../common/wq-admin-test-fixtures.ts';
import { SitesTab } from './sites-tab.tsx';

type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, scope: HTMLElement, box: string, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const analyserType: DeviceType = {
  id: 6,
  code: 'water_quality_analyser',
  nameZh: '水质分析仪',
  nameEn: 'Water-quality analyser',
  description: '',
  builtin: true,
  model: { metrics: [], events: [], commands: [] },
  devices: 2,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const analyser = {
  id: 41,
  code: 'WQ-N01',
  name: '人民路水质仪',
  typeId: 6,
  typeCode: 'water_quality_analyser',
  typeName: '水质分析仪',
  model: '',
  manufacturer: '',
  serialNo: '',
  regionId: null,
  regionName: '',
  stationId: null,
  stationName: '',
  longitude: null,
  latitude: null,
  installDate: null,
  warrantyEnd: null,
  status: 'online' as const,
  lastSeenAt: null,
  archivedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const reads = [
  reply(waterQualityApi.limitSets, wqLimitSets),
  reply(deviceTypesApi.list, [analyserType]),
  reply(devicesApi.list, { list: [analyser], total: 1, page: 1, pageSize: 50 }),
  reply(regionsApi.tree, []),
  reply(rolesApi.options, [{ code: 'admin', name: '管理员' }]),
  reply(organizationApi.departmentTree, []),
  reply(usersApi.list, { list: [], total: 0, page: 1, pageSize: 50, capped: false }),
] as const;

const withAnalyser = {
  ...tapSite,
  devices: [{ id: 41, code: 'WQ-N01', name: '人民路水质仪', online: true }],
  alarmSeverity: 'critical' as const,
};
const SLOW = 30_000;

describe('SitesTab', () => {
  it('lists sites with their set, target class, analysers online and alarm; filters in the address', async () => {
    const { calls } = mockApi([
      ...reads,
      [waterQualityApi.sites, page([wwtpSite, withAnalyser, { ...riverSite, enabled: false, alarmEnabled: false }])],
    ]);
    const { user } = renderPage(<SitesTab />, { permissions: [Permissions.waterConfigWrite] });
    const tap = (await screen.findByText('人民路末梢水')).closest('tr') as HTMLElement;
    expect(within(tap).getByText('GB 5749-2022 末梢水')).toBeTruthy();
    expect(within(tap).getByText('WQ-N01')).toBeTruthy();
    expect(within(tap).getByRole('img', { name: '在线' })).toBeTruthy();
    expect(within(tap).getByText('严重')).toBeTruthy();
    const river = screen.getByText('清水河入城断面').closest('tr') as HTMLElement;
    expect(within(river).getByText('目标 III类')).toBeTruthy();
    expect(within(river).getByText('停用')).toBeTruthy();
    expect(within(river).getByText('不告警')).toBeTruthy();
    expect(within(river).getByText('仅化验')).toBeTruthy();

    await choose(user, document.body, '类型', '河流断面');
    await waitFor(() => expect(calls.at(-1)?.query.get('kind')).toBe('river'));
  });

  it(
    'adds a river section: only surface-water sets are offered, then a target class, and sends the contract body',
    async () => {
      const created = site(7, { kind: 'river', limitSetId: riverSet.id, targetGrade: 3 });
      const { calls } = mockApi([...reads, [waterQualityApi.sites, page([])], [waterQualityApi.createSite, created]]);
      const { user } = renderPage(<SitesTab />, { permissions: [Permissions.waterConfigWrite] });
      await user.click(await screen.findByRole('button', { name: '新增监测点' }));
      const drawer = await screen.findByRole('dialog', { name: '新增监测点' });
      await user.type(within(drawer).getByRole('textbox', { name: '编号' }), 'RIV-02');
      await user.type(within(drawer).getByRole('textbox', { name: '名称' }), '清水河出城断面');
      await choose(user, drawer, '类型', '河流断面');

      const setBox = within(drawer).getByRole('combobox', { name: '限值标准' });
      await user.click(setBox);
      const popup = await waitFor(
        () => document.getElementById(setBox.getAttribute('aria-controls') ?? '') as HTMLElement,
      );
      const offered = within(popup)
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(offered).toEqual(['GB 3838-2002 地表水（河流）']);
      await user.click(within(popup).getByRole('option', { name: /GB 3838-2002/ }));
      await choose(user, drawer, '目标水质类别', 'III类');
      // A multiple select's option reacts on its label.
      await user.click(within(drawer).getByRole('combobox', { name: '在线分析仪' }));
      const option = await screen.findByRole('option', { name: 'WQ-N01 人民路水质仪' });
      await user.click(within(option).getByText('WQ-N01 人民路水质仪'));

      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        code: 'RIV-02',
        name: '清水河出城断面',
        kind: 'river',
        regionId: null,
        longitude: null,
        latitude: null,
        address: '',
        limitSetId: riverSet.id,
        targetGrade: 3,
        deviceIds: [41],
        alarmEnabled: true,
        alarmSeverity: 'major',
        recipients: { userIds: [], roleCodes: [], departmentIds: [] },
        enabled: true,
      });
    },
    SLOW,
  );

  it(
    'refuses a set that does not fit the kind: a new kind drops it, and the server’s refusal shows on the field',
    async () => {
      mockApi([
        ...reads,
        [waterQualityApi.sites, page([tapSite])],
        [
          waterQualityApi.updateSite,
          fail(400, '参数校验失败', { errors: [{ field: 'limitSetId', message: '该限值标准不适用于此类监测点' }] }),
        ],
      ]);
      const { user } = renderPage(<SitesTab />, { permissions: [Permissions.waterConfigWrite] });
      await user.click(await screen.findByRole('button', { name: '编辑监测点 人民路末梢水' }));
      const drawer = await screen.findByRole('dialog', { name: '编辑监测点 人民路末梢水' });
      expect(within(drawer).getByText('GB 5749-2022 末梢水')).toBeTruthy();

      // A tap is judged by drinking water; as a river section, GB 5749 no longer fits and is dropped.
      await choose(user, drawer, '类型', '河流断面');
      expect(within(drawer).queryByText('GB 5749-2022 末梢水')).toBeNull();
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      expect(await within(drawer).findByText('必填')).toBeTruthy();

      // Back to a tap, with its set: the server's refusal lands on the set's box.
      await choose(user, drawer, '类型', '管网末梢');
      await choose(user, drawer, '限值标准', 'GB 5749-2022 末梢水');
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      const field = (await within(drawer).findAllByText('该限值标准不适用于此类监测点'))[0]?.closest(
        '.arco-form-item',
      ) as HTMLElement;
      expect(within(field).getByRole('combobox', { name: '限值标准' })).toBeTruthy();
    },
    SLOW,
  );

  it('shows the server’s refusal to delete a site with results', async () => {
    mockApi([
      ...reads,
      [waterQualityApi.sites, page([wwtpSite])],
      [waterQualityApi.deleteSite, fail(409, '该监测点已有 120 条结果，不能删除，可改为停用')],
    ]);
    const { user } = renderPage(<SitesTab />, { permissions: [Permissions.waterConfigWrite] });
    await user.click(await screen.findByRole('button', { name: '删除监测点 城东污水厂出水' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('该监测点已有 120 条结果，不能删除，可改为停用')).toBeTruthy();
  });

  it('offers no add, edit or delete without water:config:write', async () => {
    mockApi([...reads, [waterQualityApi.sites, page([wwtpSite])]]);
    renderPage(<SitesTab />, { permissions: ['monitor:list'] });
    await screen.findByText('城东污水厂出水');
    expect(screen.queryByRole('button', { name: '新增监测点' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑监测点/ })).toBeNull();
  });
});
