import { Message } from '@arco-design/web-react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { CameraPlay } from '@water/contracts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError, TransportError } from '../../../shared/api/http.ts';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { CameraPlayer } from './camera-player.tsx';
import type { EngineEvents, PlayerEngine } from './engines/engine.ts';
import { createFlvEngine } from './engines/flv.ts';
import { createHlsEngine } from './engines/hls.ts';
import { createWhepEngine } from './engines/whep.ts';

// The engines are mocked at their modules: the network and the media libraries are not involved.
interface FakeEngine extends PlayerEngine {
  attach: Mock<PlayerEngine['attach']>;
  detach: Mock<() => void>;
  events: () => EngineEvents;
  measured: number | null;
}
const engines: FakeEngine[] = [];
function fakeEngine(): FakeEngine {
  let events: EngineEvents | undefined;
  const engine: FakeEngine = {
    attach: vi.fn(async (_video: HTMLVideoElement, _play: CameraPlay, given: EngineEvents) => {
      events = given;
    }),
    detach: vi.fn(),
    latency: () => engine.measured,
    measured: null,
    events: () => {
      if (!events) throw new Error('not attached');
      return events;
    },
  };
  engines.push(engine);
  return engine;
}
vi.mock('./engines/hls.ts', () => ({ createHlsEngine: vi.fn(() => fakeEngine()) }));
vi.mock('./engines/flv.ts', () => ({ createFlvEngine: vi.fn(() => fakeEngine()) }));
vi.mock('./engines/whep.ts', () => ({ createWhepEngine: vi.fn(() => fakeEngine()) }));

const NOW = new Date('2026-11-27T08:30:05');

const play = (extra: Partial<CameraPlay> = {}): CameraPlay => ({
  cameraId: 1,
  player: 'hls',
  url: '/api/media/demo/PS01/index.m3u8?t=abc',
  baseURL: null,
  expiresAt: null,
  expectedLatency: 6,
  ptz: false,
  ...extra,
});

const last = () => {
  const engine = engines.at(-1);
  if (!engine) throw new Error('no engine');
  return engine;
};
const video = () => screen.getByLabelText<HTMLVideoElement>('PS01 进水闸门', { selector: 'video' });
const state = () => screen.getByRole('status').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The picture moves: currentTime advances and the element says so. */
async function progress(seconds: number) {
  Object.defineProperty(video(), 'currentTime', { configurable: true, value: seconds });
  await act(async () => {
    fireEvent.timeUpdate(video());
  });
}

function renderPlayer(getPlay: () => Promise<CameraPlay>, extra: { onPlay?: (p: CameraPlay) => void } = {}) {
  return renderPage(<CameraPlayer getPlay={getPlay} title="PS01 进水闸门" fileStem="PS01" {...extra} />, {
    signedIn: false,
  });
}

beforeEach(() => {
  engines.length = 0;
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('CameraPlayer', () => {
  it.each([
    ['hls', createHlsEngine],
    ['flv', createFlvEngine],
    ['whep', createWhepEngine],
  ] as const)('plays a %s answer with its own engine, into the muted inline video', async (player, factory) => {
    const answer = play({ player, url: player === 'hls' ? '/api/media/x.m3u8' : 'https://video.example.com/live/1' });
    const onPlay = vi.fn();
    renderPlayer(async () => answer, { onPlay });
    await advance(0);

    expect(factory).toHaveBeenCalledTimes(1);
    for (const other of [createHlsEngine, createFlvEngine, createWhepEngine]) {
      if (other !== factory) expect(other).not.toHaveBeenCalled();
    }
    expect(last().attach).toHaveBeenCalledWith(video(), answer, expect.anything());
    expect(onPlay).toHaveBeenCalledWith(answer);
    expect(video().muted).toBe(true);
    expect(video().autoplay).toBe(true);
    expect(video().hasAttribute('playsinline')).toBe(true);
  });

  it('goes connecting → playing, shows the expected then the measured latency, and buffering', async () => {
    renderPlayer(async () => play());
    expect(state()).toBe('连接中');
    await advance(0);
    expect(screen.getByText('延迟约 6.0 s')).toBeTruthy();

    await progress(1);
    expect(state()).toBe('播放中');
    last().measured = 2.44;
    await advance(1000);
    expect(screen.getByText('延迟 2.4 s')).toBeTruthy();

    await act(async () => {
      fireEvent.waiting(video());
    });
    expect(state()).toBe('缓冲中');
    await progress(2);
    expect(state()).toBe('播放中');
  });

  it('reconnects after a fatal error with a fresh play answer, waiting 1 s, 2 s, 5 s, then 10 s', async () => {
    const getPlay = vi.fn(async () => play());
    renderPlayer(getPlay);
    await advance(0);
    await progress(1);

    const delays = [1000, 2000, 5000, 10_000, 10_000];
    for (const [i, delay] of delays.entries()) {
      const engine = last();
      await act(async () => engine.events().onFatal('networkError: manifestLoadError'));
      expect(engine.detach).toHaveBeenCalledTimes(1);
      expect(state()).toBe(`重连中（第 ${i + 1} 次）`);
      // The engine's technical reason on hover, in words on the tile.
      expect(screen.getByText('视频流中断').getAttribute('title')).toBe('networkError: manifestLoadError');
      const asked = getPlay.mock.calls.length;
      await advance(delay - 1);
      expect(getPlay).toHaveBeenCalledTimes(asked);
      await advance(1);
      expect(getPlay).toHaveBeenCalledTimes(asked + 1);
      expect(engines).toHaveLength(i + 2);
    }

    // Playing again starts the backoff over.
    await progress(5);
    expect(state()).toBe('播放中');
    await act(async () => last().events().onFatal('mediaError'));
    expect(state()).toBe('重连中（第 1 次）');
    const asked = getPlay.mock.calls.length;
    await advance(1000);
    expect(getPlay).toHaveBeenCalledTimes(asked + 1);
  });

  it('reconnects when the picture stops for more than 10 s, and when no picture comes within 15 s', async () => {
    const getPlay = vi.fn(async () => play());
    renderPlayer(getPlay);
    await advance(0);
    await advance(15_000);
    expect(state()).toBe('连接中');
    await advance(1000);
    expect(state()).toBe('重连中（第 1 次）');
    expect(screen.getByText('15 秒内没有画面')).toBeTruthy();

    await advance(1000);
    await progress(3);
    expect(state()).toBe('播放中');
    await advance(10_000);
    expect(state()).toBe('播放中');
    await advance(1000);
    expect(state()).toBe('重连中（第 1 次）');
    expect(screen.getByText('画面停止超过 10 秒')).toBeTruthy();
  });

  it('a transport failure of the play call is retried; a refusal is shown with the server message and not retried', async () => {
    const getPlay = vi
      .fn<() => Promise<CameraPlay>>()
      .mockRejectedValueOnce(new TransportError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError('摄像机已停用', 409, null));
    renderPlayer(getPlay);
    await advance(0);
    expect(state()).toBe('重连中（第 1 次）');
    await advance(1000);
    expect(state()).toBe('无法播放');
    expect(screen.getByText('摄像机已停用')).toBeTruthy();
    await advance(60_000);
    expect(getPlay).toHaveBeenCalledTimes(2);
    expect(engines).toHaveLength(0);

    // The reconnect button asks again.
    getPlay.mockResolvedValueOnce(play());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '重新连接' }));
    });
    await advance(0);
    expect(getPlay).toHaveBeenCalledTimes(3);
    expect(engines).toHaveLength(1);
  });

  it('asks again 30 s before the address expires and swaps the engine', async () => {
    const expiresAt = new Date(NOW.getTime() + 120_000).toISOString();
    const getPlay = vi.fn(async () => play({ expiresAt }));
    renderPlayer(getPlay);
    await advance(0);
    await progress(1);
    const first = last();
    expect(first).toBe(engines[0]);

    // The picture keeps moving for 89 s.
    for (let second = 2; second <= 90; second += 1) {
      await advance(1000);
      await progress(second);
    }
    expect(getPlay).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(getPlay).toHaveBeenCalledTimes(2);
    expect(first.detach).toHaveBeenCalledTimes(1);
    expect(engines).toHaveLength(2);
    // A renewal is quiet: the tile does not go back to connecting.
    expect(state()).toBe('播放中');
  });

  it('frees its engine and timers on unmount', async () => {
    const getPlay = vi.fn(async () => play({ expiresAt: new Date(NOW.getTime() + 60_000).toISOString() }));
    const { unmount } = renderPlayer(getPlay);
    await advance(0);
    await act(async () => last().events().onFatal('networkError'));
    await advance(1000);
    const engine = last();
    unmount();
    expect(engine.detach).toHaveBeenCalledTimes(1);
    await advance(120_000);
    expect(getPlay).toHaveBeenCalledTimes(2);
    expect(engines).toHaveLength(2);
  });

  it('a late play answer after unmount attaches nothing', async () => {
    let resolve: (p: CameraPlay) => void = () => undefined;
    const { unmount } = renderPlayer(() => new Promise((r) => (resolve = r)));
    unmount();
    await act(async () => resolve(play()));
    expect(engines).toHaveLength(0);
  });

  describe('snapshot', () => {
    let clicked: HTMLAnchorElement[];
    beforeEach(() => {
      clicked = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      URL.createObjectURL = vi.fn(() => 'blob:snapshot');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
        drawImage: vi.fn(),
      } as unknown as CanvasRenderingContext2D);
    });

    const withFrame = () => {
      Object.defineProperty(video(), 'videoWidth', { configurable: true, value: 1280 });
      Object.defineProperty(video(), 'videoHeight', { configurable: true, value: 720 });
    };

    it('downloads the current frame as <stem>-YYYYMMDD-HHmmss.png', async () => {
      vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
        callback(new Blob(['png'], { type: 'image/png' })),
      );
      renderPlayer(async () => play());
      await advance(0);
      withFrame();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '截图' }));
      });
      expect(clicked.map((a) => a.download)).toEqual(['PS01-20261127-083005.png']);
      expect(clicked[0]?.href).toBe('blob:snapshot');
    });

    it('says why when there is no frame yet, or the stream is cross-origin without CORS', async () => {
      const warning = vi.spyOn(Message, 'warning');
      vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(() => {
        throw new DOMException('The canvas has been tainted by cross-origin data.', 'SecurityError');
      });
      renderPlayer(async () => play());
      await advance(0);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '截图' }));
      });
      withFrame();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '截图' }));
      });
      expect(warning.mock.calls.map(([text]) => text)).toEqual([
        '还没有画面，无法截图',
        '该视频来自其他站点且未允许跨域读取，浏览器不允许截图',
      ]);
      expect(clicked).toHaveLength(0);
    });
  });

  it('puts the tile in full screen and leaves it', async () => {
    renderPlayer(async () => play());
    await advance(0);
    const tile = screen.getByRole('region', { name: 'PS01 进水闸门' });
    let current: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
    tile.requestFullscreen = vi.fn(async () => {
      current = tile;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    document.exitFullscreen = vi.fn(async () => {
      current = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    });
    expect(tile.requestFullscreen).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    });
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '全屏' })).toBeTruthy();
  });
});
