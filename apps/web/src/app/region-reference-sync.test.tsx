import type { QueryClient, QueryMeta } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type DeviceInput,
  type DeviceTypeInput,
  devicesApi,
  deviceTypesApi,
  mapApi,
  organizationApi,
  type RegionNode,
  regionsApi,
  rolesApi,
} from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { deviceArchiveQueries } from '../features/device-archives/api/device-archive-queries.ts';
import { useSaveDevice, useSaveDeviceType, useSetDeviceEnabled } from '../features/devices/api/device-queries.ts';
import { device, type } from '../features/devices/device-test-fixtures.ts';
import { RegionPage } from '../features/devices/pages/region-page.tsx';
import { monitoringQueries } from '../features/monitoring-data/api/monitoring-queries.ts';
import { RoleFormDrawer } from '../features/users/components/role-form-drawer.tsx';
// Several features read one reference cache; a test that composes them lives in app/, which may import any feature.
import { referenceKeys, referenceQueries } from '../shared/api/reference-queries.ts';
import { mockApi, renderPage } from '../shared/testing/render-page.tsx';

// jsdom has no WebGL: the map is a stub.
vi.mock('../features/devices/components/map-region-view.tsx', () => ({ MapRegionView: () => <div>map</div> }));

const node = (
  id: number,
  parentId: number | null,
  code: string,
  name: string,
  kind: RegionNode['kind'],
): RegionNode => ({
  id,
  parentId,
  code,
  name,
  kind,
  orderNum: 0,
  hasBoundary: false,
  devices: 0,
  totalDevices: 0,
  children: [],
});

/** A server whose region tree grows with each POST /api/regions. */
function regionServer() {
  const city = node(1, null, 'LC', '岚川市', 'city');
  city.children.push(node(4, 1, 'LC-W', '城西区', 'district'));
  const tree = [city];
  const api = mockApi([
    [regionsApi.tree, () => structuredClone(tree)],
    [regionsApi.exportGeoJson, { type: 'FeatureCollection', features: [] }],
    [mapApi.config, { tileUrl: null, center: [120.05, 30.05], zoom: 11 }],
    [devicesApi.stations, []],
    [devicesApi.list, { list: [], total: 0, page: 1, pageSize: 200 }],
    [rolesApi.menus, []],
    [organizationApi.departmentTree, []],
    [
      regionsApi.create,
      (call) => {
        const body = call.body as { parentId: number; code: string; name: string; kind: RegionNode['kind'] };
        const created = node(9, body.parentId, body.code, body.name, body.kind);
        city.children.find((n) => n.id === body.parentId)?.children.push(created);
        const { id, parentId, code, name, kind, orderNum, devices } = created;
        return { id, parentId, code, name, kind, orderNum, devices, boundary: null, updatedAt: '' };
      },
    ],
  ]);
  const treeReads = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/api/regions/tree').length;
  return { ...api, treeReads };
}

describe('reference data: the region tree', () => {
  it('is one cache entry for every feature', () => {
    // The role drawer (users), the archives and monitoring filters and the device forms all read this.
    expect(referenceQueries.regionTree('zh-CN').queryKey).toEqual(referenceQueries.regionTree('en-US').queryKey);
    expect(referenceQueries.regionTree().queryKey.slice(0, 2)).toEqual([...referenceKeys.regions]);
  });

  it("a region added on the region screen appears in the role drawer's region limit (users) at once", async () => {
    const { calls, treeReads } = regionServer();
    const { user, queryClient } = renderPage(
      <>
        <RegionPage />
        <RoleFormDrawer target={{ id: null }} onClose={() => undefined} />
      </>,
    );

    const drawer = await screen.findByRole('dialog', { name: '新增角色' });
    expect(await screen.findByRole('button', { name: '添加下级：城西区' })).toBeTruthy();
    // Both screens read the same cached tree: one request.
    expect(treeReads()).toBe(1);

    await user.click(screen.getByRole('button', { name: '添加下级：城西区' }));
    const form = await screen.findByRole('dialog', { name: '新建区域' });
    // Both drawers have a code and a name field (the same element ids, so no label finds them) and
    // each holds the focus: set the region form's own fields directly.
    fireEvent.change(form.querySelector('input[id="code_input"]') as HTMLElement, { target: { value: 'LC-W-01' } });
    fireEvent.change(form.querySelector('input[id="name_input"]') as HTMLElement, {
      target: { value: '西湖排水片区' },
    });
    await user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/regions')).toBe(true));

    // The write invalidated the shared key: the tree was read again, once, for both screens.
    await waitFor(() => expect(treeReads()).toBe(2));
    const cached = queryClient.getQueryData(referenceQueries.regionTree().queryKey) as RegionNode[] | undefined;
    expect(cached?.[0]?.children[0]?.children.map((n) => n.name)).toEqual(['西湖排水片区']);

    // The role drawer's region limit offers the new region without reopening anything.
    await user.click(within(drawer).getByText('不限区域'));
    const option = await waitFor(() => {
      const found = screen
        .getAllByText('西湖排水片区')
        .find((el) => el.closest('.arco-tree-select-popup') !== null || el.closest('.arco-trigger-popup') !== null);
      if (!found) throw new Error('not offered yet');
      return found;
    });
    expect(option.closest('.arco-tree-node')).toBeTruthy();
  }, 20_000);
});

describe('reference data: writes elsewhere', () => {
  function Harness() {
    const saveDevice = useSaveDevice();
    const saveType = useSaveDeviceType();
    const setEnabled = useSetDeviceEnabled();
    return (
      <>
        <button type="button" onClick={() => saveDevice.mutate({ id: 7, body: {} as DeviceInput })}>
          save-device
        </button>
        <button type="button" onClick={() => saveType.mutate({ id: 3, body: {} as DeviceTypeInput })}>
          save-type
        </button>
        <button type="button" onClick={() => setEnabled.mutate({ id: 7, enabled: false })}>
          disable
        </button>
      </>
    );
  }
  const stale = (client: QueryClient) => ({
    regions: client.getQueryState(referenceQueries.regionTree().queryKey)?.isInvalidated,
    stations: client.getQueryState(referenceQueries.stations().queryKey)?.isInvalidated,
    deviceTypes: client.getQueryState(referenceQueries.deviceTypes('zh-CN').queryKey)?.isInvalidated,
  });
  const seed = (client: QueryClient) => {
    client.setQueryData(referenceQueries.regionTree().queryKey, []);
    client.setQueryData(referenceQueries.stations().queryKey, []);
    client.setQueryData(referenceQueries.deviceTypes('zh-CN').queryKey, []);
  };

  it('a device write marks the region tree, the stations and the types stale (they carry device counts)', async () => {
    mockApi([[devicesApi.update, device(7, 'LV-007', '东湖液位计')]]);
    const { user, queryClient } = renderPage(<Harness />);
    seed(queryClient);
    await user.click(screen.getByRole('button', { name: 'save-device' }));
    await waitFor(() => expect(stale(queryClient)).toEqual({ regions: true, stations: true, deviceTypes: true }));
  });

  it("a device write marks other features' lists that name devices, regions and types stale (archives, live board)", async () => {
    mockApi([[devicesApi.update, device(7, 'LV-007', '东湖液位计')]]);
    const { user, queryClient } = renderPage(<Harness />);
    // Cached as a screen would have left them: built from each feature's own query options.
    const cache = (options: { queryKey: readonly unknown[]; meta?: QueryMeta | undefined }) => {
      queryClient.getQueryCache().build(queryClient, { queryKey: options.queryKey, meta: options.meta });
      queryClient.setQueryData(options.queryKey, {});
      return options.queryKey;
    };
    const cached = [
      cache(deviceArchiveQueries.list({ page: 1 }, 'zh-CN')),
      cache(monitoringQueries.points({}, 'zh-CN')),
      cache(
        monitoringQueries.history(
          { series: ['7:level'], from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', maxPoints: 500 },
          'zh-CN',
        ),
      ),
    ];
    const staleness = () => cached.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(staleness()).toEqual([false, false, false]);
    await user.click(screen.getByRole('button', { name: 'save-device' }));
    // The archive list and the board are stale; readings name nothing from the reference data.
    await waitFor(() => expect(staleness()).toEqual([true, true, false]));
  });

  it('a device-type write marks the catalogue stale and leaves regions and stations; enabling touches none', async () => {
    mockApi([
      [deviceTypesApi.update, type(3, 'level_meter', '液位计')],
      [devicesApi.setEnabled, device(7, 'LV-007', '东湖液位计', { status: 'disabled' })],
    ]);
    const { user, queryClient } = renderPage(<Harness />);
    seed(queryClient);
    await user.click(screen.getByRole('button', { name: 'disable' }));
    await user.click(screen.getByRole('button', { name: 'save-type' }));
    await waitFor(() => expect(stale(queryClient).deviceTypes).toBe(true));
    expect(stale(queryClient)).toEqual({ regions: false, stations: false, deviceTypes: true });
  });
});
