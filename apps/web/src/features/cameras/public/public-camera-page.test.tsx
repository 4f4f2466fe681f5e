import { act, screen, within } from '@testing-library/react';
import { camerasApi, type PublicCamera } from '@water/contracts';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import type { PlayerEngine } from '../player/engines/engine.ts';
import { PublicCameraPage, remainingText } from './public-camera-page.tsx';

// The player's engines are mocked at their module: no media library, no network stream.
const engines = vi.hoisted(() => ({ attached: [] as string[], detached: 0 }));
vi.mock('../player/engines/index.ts', () => ({
  createEngine: (): PlayerEngine => ({
    attach: async (_video, play) => {
      engines.attached.push(play.url);
    },
    detach: () => {
      engines.detached += 1;
    },
    latency: () => null,
  }),
}));

const NOW = new Date('2026-11-27T08:30:00.000Z');

const camera = (extra: Partial<PublicCamera> = {}): PublicCamera => ({
  name: '东湖泵站 进水闸门',
  code: 'PS01-C1',
  placeName: '东湖泵站',
  location: '进水闸门',
  expiresAt: new Date(NOW.getTime() + 90_000).toISOString(),
  play: {
    cameraId: 1,
    player: 'hls',
    url: '/api/media/demo/PS01/index.m3u8?t=ticket',
    baseURL: null,
    expiresAt: new Date(NOW.getTime() + 90_000).toISOString(),
    expectedLatency: 6,
    ptz: false,
  },
  ...extra,
});

const open = (route = '/bz/cameraDetails?token=tok-1', locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  renderPage(<PublicCameraPage />, { signedIn: false, route, locale });

afterEach(() => {
  vi.useRealTimers();
  engines.attached.length = 0;
  engines.detached = 0;
});

describe('PublicCameraPage (/bz/cameraDetails)', () => {
  it('shows the camera, its place, the link expiry counting down, and plays it with the link, signed out', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const api = mockApi([[camerasApi.publicView, camera()]]);
    open();

    expect(await screen.findByRole('heading', { name: '东湖泵站 进水闸门' })).toBeTruthy();
    expect(screen.getByText('进水闸门')).toBeTruthy();
    expect(screen.getByText('PS01-C1')).toBeTruthy();
    expect(screen.getByText(/^链接有效至 2026/)).toBeTruthy();
    expect(screen.getByText(/（剩余 01:(30|29)）/)).toBeTruthy();
    const video = await screen.findByLabelText('东湖泵站 进水闸门 · 东湖泵站 · 进水闸门', { selector: 'video' });
    expect(video).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(engines.attached).toEqual(['/api/media/demo/PS01/index.m3u8?t=ticket']);

    const reads = api.calls.filter((call) => call.path === '/api/public/camera');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const call of reads) {
      expect(call.query.get('token')).toBe('tok-1');
      expect(call.headers.has('Authorization')).toBe(false);
    }
  });

  it('swaps to the expired page when the countdown reaches zero, stopping the stream', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    mockApi([[camerasApi.publicView, camera()]]);
    open();
    await screen.findByRole('heading', { name: '东湖泵站 进水闸门' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText(/（剩余 00:(30|29)）/)).toBeTruthy();
    expect(screen.queryByText('链接已失效')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.getByText('链接已失效')).toBeTruthy();
    expect(screen.getByText('链接已过期，请向发送者索取新链接')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(engines.detached).toBeGreaterThanOrEqual(1);
  });

  it('a forged link (403) gets the invalid-link page with the server message, and no video', async () => {
    mockApi([
      [camerasApi.publicView, fail(403, 'This link is not valid: it was not made by this console, or it was altered')],
    ]);
    open('/bz/cameraDetails?token=forged', 'en-US');
    expect(await screen.findByText('Invalid link')).toBeTruthy();
    expect(screen.getByText('This link is not valid: it was not made by this console, or it was altered')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('an expired or revoked link (410) gets the ended page with the server message, and no video', async () => {
    mockApi([[camerasApi.publicView, fail(410, '链接已被撤销')]]);
    open();
    const result = await screen.findByText('链接已失效');
    expect(within(result.closest('.public-camera') as HTMLElement).getByText('链接已被撤销')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('another link opened in the same tab starts afresh after one that ended', async () => {
    mockApi([
      [
        camerasApi.publicView,
        (call) =>
          call.query.get('token') === 'old'
            ? fail(410, '链接已被撤销')
            : camera({ name: '新链接的摄像头', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
      ],
    ]);
    function Next() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/bz/cameraDetails?token=new')}>
          next
        </button>
      );
    }
    const { user } = renderPage(
      <>
        <PublicCameraPage />
        <Next />
      </>,
      { signedIn: false, route: '/bz/cameraDetails?token=old' },
    );
    expect(await screen.findByText('链接已失效')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: '新链接的摄像头' })).toBeTruthy();
    expect(screen.queryByText('链接已失效')).toBeNull();
  });

  it('no token: the invalid-link page without asking the server', async () => {
    const api = mockApi([[camerasApi.publicView, camera()]]);
    open('/bz/cameraDetails', 'en-US');
    expect(screen.getByText('Invalid link')).toBeTruthy();
    expect(screen.getByText('The link has no token: use the whole link its sender gave you')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('another failure offers to try again', async () => {
    const api = mockApi([[camerasApi.publicView, fail(500, 'Internal error')]]);
    const { user } = open();
    expect(await screen.findByText('暂时无法打开该链接')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(api.calls.length).toBe(2);
  });

  it('words what is left: mm:ss, hh:mm:ss, then days', () => {
    const days = (d: number, hms: string) => `${d}d ${hms}`;
    expect(remainingText(59 * 60_000 + 59_000, days)).toBe('59:59');
    expect(remainingText(3_600_000 + 5 * 60_000, days)).toBe('01:05:00');
    expect(remainingText(2 * 86_400_000 + 3_600_000, days)).toBe('2d 01:00:00');
    expect(remainingText(-5, days)).toBe('00:00');
  });
});
