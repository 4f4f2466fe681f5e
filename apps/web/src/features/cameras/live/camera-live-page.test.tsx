import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CameraLayout, type CameraPlay, type CameraTreeNode, camerasApi } from '@water/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import type { CameraPlayerProps } from '../player/camera-player.tsx';
import { CameraLivePage } from './camera-live-page.tsx';

// The player needs MSE and hls.js, which jsdom lacks: a stand-in asks how to play, tells the page, and
// shows the page's tools and overlay as the real one does.
vi.mock('../player/camera-player.tsx', () => ({
  CameraPlayer: ({ getPlay, title, onPlay, toolbarExtra, overlay }: CameraPlayerProps) => {
    useEffect(() => {
      void getPlay().then((play) => onPlay?.(play));
    }, [getPlay, onPlay]);
    return (
      <section aria-label={`player ${title}`}>
        <div role="toolbar">{toolbarExtra}</div>
        {overlay}
      </section>
    );
  },
}));

const camera = (id: number, code: string, name: string, extra: Partial<CameraTreeNode['cameras'][number]> = {}) => ({
  id,
  code,
  name,
  location: '',
  status: 'online' as const,
  ptz: false,
  sourceKind: 'hls' as const,
  ...extra,
});

const tree: CameraTreeNode[] = [
  {
    key: 'region:5',
    kind: 'region',
    id: 5,
    name: '火车站片区',
    cameras: [camera(9, 'UP01-CAM01', '火车站下穿通道', { status: 'offline', sourceKind: 'rtsp' })],
  },
  {
    key: 'station:1',
    kind: 'station',
    id: 1,
    name: '东湖泵站',
    cameras: [camera(3, 'PS01-CAM01', '东湖泵站泵房摄像头'), camera(4, 'PS01-CAM02', '东湖进水闸门', { ptz: true })],
  },
  {
    key: 'station:2',
    kind: 'station',
    id: 2,
    name: '西河泵站',
    cameras: [camera(5, 'PS02-CAM01', '西河泵站泵房摄像头', { status: 'unknown' })],
  },
];

const layouts: CameraLayout[] = [
  { id: 2, name: '防汛值班', grid: 9, tiles: [5, null, 3], updatedAt: '2026-11-27T08:00:00.000Z' },
];

const play = (ptz = false, cameraId = 3): CameraPlay => ({
  cameraId,
  player: 'hls',
  url: `/api/media/demo/PS01/index.m3u8?t=ticket`,
  baseURL: null,
  expiresAt: null,
  expectedLatency: 6,
  ptz,
});

const reads = [reply(camerasApi.tree, tree), reply(camerasApi.layouts, layouts)];

function Address() {
  return <output aria-label="address">{useLocation().search}</output>;
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

function open(route: string, options: { permissions?: string[] } = {}) {
  return renderPage(
    <>
      <CameraLivePage />
      <Address />
    </>,
    { route: `/bz/camera${route}`, ...options },
  );
}

describe('CameraLivePage', () => {
  it('lists the cameras by station, then region, and narrows them by name or code', async () => {
    mockApi([...reads, [camerasApi.play, play()]]);
    const { user } = open('');
    const treeEl = await screen.findByRole('tree', { name: '摄像头' });
    const groups = within(treeEl)
      .getAllByRole('treeitem')
      .filter((row) => row.getAttribute('aria-level') === '1');
    expect(groups.map((g) => g.textContent)).toEqual(['东湖泵站2', '西河泵站1', '火车站片区1']);
    expect(within(treeEl).getByRole('treeitem', { name: '火车站下穿通道（UP01-CAM01），离线' })).toBeTruthy();
    expect(within(treeEl).getByRole('treeitem', { name: '西河泵站泵房摄像头（PS02-CAM01），未检测' })).toBeTruthy();
    expect(within(treeEl).getByRole('treeitem', { name: /东湖进水闸门/ }).textContent).toContain('PTZ');

    await user.type(screen.getByRole('textbox', { name: '搜索名称或编号' }), 'ps01');
    const cameras = within(screen.getByRole('tree')).getAllByRole('treeitem', { name: /（/ });
    expect(cameras.map((c) => c.getAttribute('aria-label'))).toEqual([
      '东湖泵站泵房摄像头（PS01-CAM01），在线',
      '东湖进水闸门（PS01-CAM02），在线',
    ]);
    await user.clear(screen.getByRole('textbox', { name: '搜索名称或编号' }));
    await user.type(screen.getByRole('textbox', { name: '搜索名称或编号' }), '没有这个');
    expect(screen.getByText('没有匹配的摄像头')).toBeTruthy();
  });

  it('puts a double-clicked camera in the first empty tile, and an Enter-ed one in the next, in the address', async () => {
    const api = mockApi([...reads, [camerasApi.play, play()]]);
    const { user } = open('?grid=4&cameras=,5');
    await screen.findByRole('tree');
    expect(screen.getByRole('listitem', { name: '画面 2：西河泵站泵房摄像头' })).toBeTruthy();

    await user.dblClick(screen.getByRole('treeitem', { name: /^东湖泵站泵房摄像头/ }));
    expect(address()).toBe('?grid=4&cameras=3,5');
    expect(screen.getByRole('listitem', { name: '画面 1：东湖泵站泵房摄像头' })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/cameras/3/play')).toBe(true));

    screen.getByRole('treeitem', { name: /^东湖进水闸门/ }).focus();
    await user.keyboard('{Enter}');
    expect(address()).toBe('?grid=4&cameras=3,5,4');
    expect(screen.getAllByRole('region', { name: /^player / })).toHaveLength(3);

    // A tile's "remove" empties it; the address keeps the others in place.
    await user.click(screen.getByRole('button', { name: '将 西河泵站泵房摄像头 移出画面' }));
    expect(address()).toBe('?grid=4&cameras=3,,4');
  });

  it('changes the grid keeping the cameras in the address; only the grid tiles play', async () => {
    const { user } = (() => {
      mockApi([...reads, [camerasApi.play, play()]]);
      return open('?grid=4&cameras=3,5,,4');
    })();
    await screen.findByRole('tree');
    expect(screen.getAllByRole('region', { name: /^player / })).toHaveLength(3);

    await user.click(screen.getByRole('radio', { name: '1 画面' }));
    expect(address()).toBe('?grid=1&cameras=3,5,,4');
    expect(screen.getAllByRole('listitem', { name: /^画面/ })).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: /^player / }).map((p) => p.getAttribute('aria-label'))).toEqual([
      'player 东湖泵站泵房摄像头',
    ]);

    await user.click(screen.getByRole('radio', { name: '9 画面' }));
    expect(address()).toBe('?grid=9&cameras=3,5,,4');
    expect(screen.getAllByRole('listitem', { name: /^画面/ })).toHaveLength(9);
    expect(screen.getAllByRole('region', { name: /^player / })).toHaveLength(3);
  });

  it('swaps two tiles dragged one onto the other, and drops a camera from the tree', async () => {
    mockApi([...reads, [camerasApi.play, play()]]);
    open('?grid=4&cameras=3,5');
    await screen.findByRole('tree');
    const store = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      setDragImage: () => undefined,
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(screen.getByRole('listitem', { name: '画面 1：东湖泵站泵房摄像头' }), { dataTransfer });
    fireEvent.dragOver(screen.getByRole('listitem', { name: '画面 2：西河泵站泵房摄像头' }), { dataTransfer });
    fireEvent.drop(screen.getByRole('listitem', { name: '画面 2：西河泵站泵房摄像头' }), { dataTransfer });
    expect(address()).toBe('?grid=4&cameras=5,3');

    store.clear();
    fireEvent.dragStart(screen.getByRole('treeitem', { name: /^火车站下穿通道/ }), { dataTransfer });
    expect(store.get('text/plain')).toBe('9');
    fireEvent.drop(screen.getByRole('listitem', { name: '画面 4：空' }), { dataTransfer });
    expect(address()).toBe('?grid=4&cameras=5,3,,9');
  });

  it('saves the grid as a named layout, posting its name, grid and tiles', async () => {
    const api = mockApi([
      ...reads,
      [camerasApi.play, play()],
      [
        camerasApi.createLayout,
        { id: 7, name: '早班', grid: 4, tiles: [3, 5, null, 4], updatedAt: '2026-11-27T09:00:00.000Z' },
      ],
    ]);
    const { user } = open('?grid=4&cameras=3,5,,4');
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: '保存布局' }));
    const dialog = await screen.findByRole('dialog', { name: '另存为新布局' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: '布局名称' }), '早班');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(address()).toBe('?grid=4&cameras=3,5,,4&layout=7'));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/cameras/layouts');
    expect(post?.body).toEqual({ name: '早班', grid: 4, tiles: [3, 5, null, 4] });
  });

  it('loads a saved layout into the address, saves changes to it, and deletes it', async () => {
    const api = mockApi([
      ...reads,
      [camerasApi.play, play()],
      [camerasApi.updateLayout, (call) => ({ ...layouts[0], ...(call.body as object), id: 2 }) as CameraLayout],
      [camerasApi.deleteLayout, null],
    ]);
    const { user } = open('?grid=4&cameras=4');
    await screen.findByRole('tree');
    await user.click(screen.getByRole('combobox', { name: '已保存的布局' }));
    await user.click(await screen.findByRole('option', { name: '防汛值班' }));
    expect(address()).toBe('?grid=9&cameras=5,,3&layout=2');
    expect(screen.getAllByRole('listitem', { name: /^画面/ })).toHaveLength(9);

    await user.dblClick(screen.getByRole('treeitem', { name: /^东湖进水闸门/ }));
    expect(address()).toBe('?grid=9&cameras=5,4,3&layout=2');
    await user.click(screen.getByRole('button', { name: '保存布局 防汛值班' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: '防汛值班', grid: 9, tiles: [5, 4, 3] });

    await user.click(screen.getByRole('button', { name: '删除布局 防汛值班' }));
    const popup = (await screen.findByText('删除布局“防汛值班”？')).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/cameras/layouts/2')).toBe(true),
    );
    await waitFor(() => expect(address()).toBe('?grid=9&cameras=5,4,3'));
  });
});

describe('PTZ in a tile', () => {
  it('is offered for a PTZ camera to a holder of the permission: held, a move starts; released, it stops', async () => {
    const api = mockApi([...reads, [camerasApi.play, play(true)], [camerasApi.ptz, null]]);
    const { user } = open('?cameras=4');
    const toggle = await screen.findByRole('button', { name: '东湖进水闸门 云台控制' });
    await user.click(toggle);
    const pad = screen.getByRole('group', { name: '东湖进水闸门 云台' });
    const up = within(pad).getByRole('button', { name: '向上' });

    fireEvent.pointerDown(up, { button: 0 });
    fireEvent.pointerUp(up);
    await user.click(within(pad).getByRole('radio', { name: '快' }));
    fireEvent.pointerDown(within(pad).getByRole('button', { name: '放大' }), { button: 0 });
    fireEvent.pointerLeave(within(pad).getByRole('button', { name: '放大' }));
    // The arrow keys move it while the pad has focus.
    within(pad).getByRole('button', { name: '向左' }).focus();
    await user.keyboard('{ArrowLeft>}{/ArrowLeft}');

    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/cameras/4/ptz')).toHaveLength(6));
    expect(api.calls.filter((c) => c.path === '/api/cameras/4/ptz').map((c) => c.body)).toEqual([
      { command: 'up', speed: 2 },
      { command: 'stop' },
      { command: 'zoom_in', speed: 3 },
      { command: 'stop' },
      { command: 'left', speed: 3 },
      { command: 'stop' },
    ]);
  });

  it('is not offered without the PTZ permission, nor for a camera whose play answer says no PTZ', async () => {
    mockApi([...reads, [camerasApi.play, (call) => play(call.params.id === '4', Number(call.params.id))]]);
    open('?grid=4&cameras=4,3', { permissions: ['video:camera:write'] });
    expect(await screen.findByRole('region', { name: 'player 东湖进水闸门' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /移出画面/ })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /云台控制/ })).toBeNull();
  });
});
