import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi, mapApi, type RegionCollection, type RegionNode, regionsApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { RegionPage } from './region-page.tsx';

// jsdom has no WebGL: the map is a stub that shows what it was given.
// A click on its button stands for a click on the map at the next of three corners.
vi.mock('../components/map-region-view.tsx', () => ({
  MapRegionView: (props: {
    selectedCode: string | null;
    regions: unknown[];
    points: unknown[];
    onAddVertex: (p: [number, number]) => void;
  }) => (
    <div>
      {`selected:${props.selectedCode ?? '-'} regions:${props.regions.length} points:${props.points.length}`}
      <button type="button" onClick={() => props.onAddVertex(corners[clicks++ % 3] as [number, number])}>
        map-click
      </button>
    </div>
  ),
}));
const corners = [
  [120, 30],
  [120.1, 30],
  [120.1, 30.1],
];
let clicks = 0;

const node = (
  id: number,
  code: string,
  name: string,
  kind: RegionNode['kind'],
  parentId: number | null,
  children: RegionNode[] = [],
  devices = 0,
): RegionNode => ({
  id,
  parentId,
  code,
  name,
  kind,
  orderNum: 0,
  hasBoundary: id !== 3,
  devices,
  // As the server rolls it up: own plus every region below.
  totalDevices: devices + children.reduce((sum, c) => sum + c.totalDevices, 0),
  children,
});

const tree = [
  node(1, 'LC', '岚川市', 'city', null, [
    node(2, 'LC-E', '城东区', 'district', 1, [node(3, 'LC-E-01', '东湖排水片区', 'catchment', 2, [], 4)], 1),
    node(4, 'LC-W', '城西区', 'district', 1),
  ]),
];
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [120, 30],
      [120.1, 30],
      [120.1, 30.1],
      [120, 30],
    ],
  ],
};
const geojson: RegionCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: square, properties: { code: 'LC', name: '岚川市', kind: 'city', parentCode: null } },
  ],
};
// Answers typed by the contracts: each is checked against its endpoint's data schema.
const base = [
  reply(regionsApi.tree, tree),
  reply(regionsApi.exportGeoJson, geojson),
  reply(mapApi.config, { tileUrl: null, center: [120.05, 30.05], zoom: 11 }),
  reply(devicesApi.stations, [
    {
      id: 1,
      code: 'ST1',
      name: '东湖泵站',
      kind: 'rainwater',
      regionId: 3,
      regionName: '东湖排水片区',
      longitude: 120.05,
      latitude: 30.05,
      pumps: 3,
      devices: 2,
    },
  ]),
  reply(devicesApi.list, { list: [], total: 0, page: 1, pageSize: 200 }),
] as const;
/** A region as the server answers a save: the body it was sent, with its id. */
const saved = (id: number, devices: number, body: unknown) => ({
  id,
  devices,
  updatedAt: '',
  ...(body as { parentId: number | null; code: string; name: string; kind: RegionNode['kind']; orderNum: number }),
  boundary: null,
});

describe('RegionPage', () => {
  it('renders the region tree with kinds and device counts, and selects a region for the map', async () => {
    const { calls } = mockApi([...base]);
    const { user } = renderPage(<RegionPage />);

    expect(await screen.findByText('东湖排水片区')).toBeTruthy();
    expect(screen.getByText('岚川市')).toBeTruthy();
    expect(screen.getAllByText('行政区')).toHaveLength(2);
    expect(screen.getByText('排水片区')).toBeTruthy();
    // Counts rolled up: the city and the district show their catchment's devices, the own count on hover.
    expect(screen.getByTitle('含下级共 4 台设备，本区域 4 台').textContent).toBe('4');
    expect(screen.getByTitle('含下级共 5 台设备，本区域 1 台').textContent).toBe('5');
    expect(screen.getByTitle('含下级共 5 台设备，本区域 0 台').textContent).toBe('5');
    expect(await screen.findByText('selected:- regions:1 points:1')).toBeTruthy();

    await user.click(screen.getByText('城东区'));
    expect(await screen.findByText('selected:LC-E regions:1 points:1')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/devices' && c.query.get('regionId') === '2')).toBe(true),
    );
    expect(calls.find((c) => c.query.get('regionId') === '2')?.query.get('pageSize')).toBe('200');
  });

  it('adds a sub-region: the POST names the parent and the guessed kind', async () => {
    const { calls } = mockApi([...base, [regionsApi.create, (call) => saved(9, 0, call.body)]]);
    const { user } = renderPage(<RegionPage />);

    await user.click(await screen.findByRole('button', { name: '添加下级：城西区' }));
    const drawer = await screen.findByRole('dialog', { name: '新建区域' });
    const code = within(drawer).getByRole('textbox', { name: '区域编码' });
    expect((code as HTMLInputElement).value).toBe('LC-W-');
    await user.type(code, '01');
    await user.type(within(drawer).getByRole('textbox', { name: '区域名称' }), '西湖排水片区');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      parentId: 4,
      code: 'LC-W-01',
      name: '西湖排水片区',
      kind: 'catchment',
      orderNum: 0,
      boundary: null,
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it("shows the server's refusal to delete a region with sub-regions", async () => {
    const { calls } = mockApi([
      ...base,
      [regionsApi.remove, fail(409, '该区域下还有 1 个下级区域，请先移走或删除它们')],
    ]);
    const { user } = renderPage(<RegionPage />);

    await user.click(await screen.findByRole('button', { name: '删除：城东区' }));
    const popup = (await screen.findByText(/确定删除区域“城东区”/)).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('该区域下还有 1 个下级区域，请先移走或删除它们')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/regions/2');
  });

  it('shows a reader the tree and the map but no write actions', async () => {
    mockApi([...base]);
    const { user } = renderPage(<RegionPage />, { locale: 'en-US', permissions: [] });

    expect(await screen.findByText('城东区')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export GeoJSON' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New region' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import GeoJSON' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Add sub-region): / })).toBeNull();
    await user.click(screen.getByText('城东区'));
    expect(await screen.findByText('selected:LC-E regions:1 points:1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw boundary' })).toBeNull();
  });

  it('draws a boundary by clicking vertices: finish closes the ring and saves it with the region', async () => {
    const { calls } = mockApi([...base, [regionsApi.update, (call) => saved(3, 4, call.body)]]);
    const { user } = renderPage(<RegionPage />);

    await user.click(await screen.findByText('东湖排水片区'));
    await user.click(await screen.findByRole('button', { name: '绘制边界' }));
    const finish = screen.getByRole('button', { name: '完成' });
    expect(finish.hasAttribute('disabled')).toBe(true);
    clicks = 0;
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'map-click' }));
    expect(screen.getByText(/已添加 3 个/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '完成' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      parentId: 2,
      code: 'LC-E-01',
      name: '东湖排水片区',
      kind: 'catchment',
      orderNum: 0,
      boundary: { type: 'Polygon', coordinates: [[...corners, corners[0]]] },
    });
    expect(await screen.findByText('边界已保存')).toBeTruthy();
  });

  it("imports a GeoJSON file and shows the server's refusal", async () => {
    const { calls } = mockApi([...base, [regionsApi.importGeoJson, fail(400, '上级区域编码 NOPE 不存在')]]);
    const { user } = renderPage(<RegionPage />);

    await screen.findByText('城东区');
    const file = new File([JSON.stringify(geojson)], 'regions.geojson', { type: 'application/geo+json' });
    await user.upload(screen.getByLabelText('导入 GeoJSON', { selector: 'input' }), file);

    expect(await screen.findByText('上级区域编码 NOPE 不存在')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(geojson);
  });
});
