import { type CameraPlay, TOKEN_STORAGE_KEY } from '@water/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlvEngine } from './flv.ts';
import { createHlsEngine } from './hls.ts';
import { createWhepEngine } from './whep.ts';

// The media libraries are mocked at their modules: what the engines ask of them is tested.
const hlsState = vi.hoisted(() => ({
  instances: [] as Array<{
    config: Record<string, unknown>;
    handlers: Map<string, (event: string, data: unknown) => void>;
    loadSource: ReturnType<typeof vi.fn>;
    attachMedia: ReturnType<typeof vi.fn>;
    recoverMediaError: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
    latency: number;
  }>,
  supported: true,
}));
vi.mock('hls.js', () => {
  class FakeHls {
    static isSupported = () => hlsState.supported;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    handlers = new Map<string, (event: string, data: unknown) => void>();
    loadSource = vi.fn();
    attachMedia = vi.fn();
    recoverMediaError = vi.fn();
    destroy = vi.fn();
    latency = 4.2;
    constructor(readonly config: Record<string, unknown>) {
      hlsState.instances.push(this);
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.handlers.set(event, handler);
    }
  }
  return { default: FakeHls };
});

const flvState = vi.hoisted(() => ({ created: [] as Array<{ source: unknown; config: unknown; player: unknown }> }));
vi.mock('mpegts.js', () => {
  const mpegts = {
    isSupported: () => true,
    Events: { ERROR: 'error', LOADING_COMPLETE: 'loading_complete' },
    createPlayer: (source: unknown, config: unknown) => {
      const handlers = new Map<string, (...args: unknown[]) => void>();
      const player = {
        handlers,
        on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
        attachMediaElement: vi.fn(),
        load: vi.fn(),
        play: vi.fn(() => Promise.resolve()),
        pause: vi.fn(),
        unload: vi.fn(),
        detachMediaElement: vi.fn(),
        destroy: vi.fn(),
      };
      flvState.created.push({ source, config, player });
      return player;
    },
  };
  return { default: mpegts };
});

const play = (extra: Partial<CameraPlay>): CameraPlay => ({
  cameraId: 1,
  player: 'hls',
  url: '/api/media/demo/PS01/index.m3u8?t=abc',
  baseURL: null,
  expiresAt: null,
  expectedLatency: 6,
  ptz: false,
  ...extra,
});

let video: HTMLVideoElement;
beforeEach(() => {
  video = document.createElement('video');
  video.play = vi.fn(() => Promise.resolve());
  hlsState.instances.length = 0;
  hlsState.supported = true;
  flvState.created.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hls engine', () => {
  it('loads the playlist with a live config, recovers one media error, then reports fatal errors', async () => {
    const engine = createHlsEngine();
    const onFatal = vi.fn();
    await engine.attach(video, play({}), { onFatal });
    const hls = hlsState.instances[0];
    if (!hls) throw new Error('no hls');
    expect(hls.config).toMatchObject({ liveSyncDurationCount: 3, lowLatencyMode: false, manifestLoadingMaxRetry: 1 });
    expect(hls.config).not.toHaveProperty('xhrSetup');
    expect(hls.loadSource).toHaveBeenCalledWith('/api/media/demo/PS01/index.m3u8?t=abc');
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    expect(engine.latency()).toBe(4.2);

    const error = hls.handlers.get('hlsError');
    error?.('hlsError', { fatal: false, type: 'networkError', details: 'fragLoadError' });
    error?.('hlsError', { fatal: true, type: 'mediaError', details: 'bufferStalledError' });
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(onFatal).not.toHaveBeenCalled();
    error?.('hlsError', { fatal: true, type: 'mediaError', details: 'bufferStalledError' });
    error?.('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' });
    expect(onFatal.mock.calls).toEqual([['mediaError: bufferStalledError'], ['networkError: manifestLoadError']]);

    engine.detach();
    expect(hls.destroy).toHaveBeenCalledTimes(1);
    expect(engine.latency()).toBeNull();
  });

  it('plays natively where there is no MSE but the browser reads HLS', async () => {
    hlsState.supported = false;
    video.canPlayType = vi.fn(() => 'maybe' as const);
    const engine = createHlsEngine();
    await engine.attach(video, play({}), { onFatal: vi.fn() });
    expect(hlsState.instances).toHaveLength(0);
    expect(video.getAttribute('src')).toBe('/api/media/demo/PS01/index.m3u8?t=abc');
    engine.detach();
    expect(video.hasAttribute('src')).toBe(false);
  });
});

describe('flv engine', () => {
  it('opens a live FLV player on the URL and frees it', async () => {
    const engine = createFlvEngine();
    const onFatal = vi.fn();
    await engine.attach(video, play({ player: 'flv', url: 'ws://media.example.com/live/1.flv' }), { onFatal });
    const created = flvState.created[0];
    expect(created?.source).toEqual({ type: 'flv', isLive: true, url: 'ws://media.example.com/live/1.flv' });
    const player = created?.player as Record<string, ReturnType<typeof vi.fn>> & {
      handlers: Map<string, (...args: unknown[]) => void>;
    };
    expect(player.attachMediaElement).toHaveBeenCalledWith(video);
    expect(player.load).toHaveBeenCalled();
    player.handlers.get('error')?.('NetworkError', 'HttpStatusCodeInvalid');
    expect(onFatal).toHaveBeenCalledWith('NetworkError: HttpStatusCodeInvalid');
    engine.detach();
    expect(player.unload).toHaveBeenCalled();
    expect(player.destroy).toHaveBeenCalled();
  });
});

describe('whep engine', () => {
  it('POSTs the offer as application/sdp without Authorization, applies the answer, DELETEs the session on close', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'secret-token');
    const pcs: FakePeer[] = [];
    class FakePeer extends EventTarget {
      iceGatheringState = 'complete';
      connectionState = 'new';
      localDescription: { sdp: string } | null = null;
      remote: unknown = null;
      transceivers: Array<[string, unknown]> = [];
      close = vi.fn();
      constructor() {
        super();
        pcs.push(this);
      }
      addTransceiver(kind: string, init: unknown) {
        this.transceivers.push([kind, init]);
      }
      async createOffer() {
        return { type: 'offer', sdp: 'v=0 offer' };
      }
      async setLocalDescription(description: { sdp: string }) {
        this.localDescription = description;
      }
      async setRemoteDescription(description: unknown) {
        this.remote = description;
      }
      async getStats() {
        return new Map();
      }
    }
    vi.stubGlobal('RTCPeerConnection', FakePeer);
    vi.stubGlobal('MediaStream', class {});
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'POST'
        ? new Response('v=0 answer', { status: 201, headers: { Location: '/whep/session/42' } })
        : new Response(null, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const engine = createWhepEngine();
    await engine.attach(
      video,
      play({ player: 'whep', url: 'https://media.example.com/cam1/whep', baseURL: 'https://media.example.com' }),
      { onFatal: vi.fn() },
    );
    const pc = pcs[0];
    expect(pc?.transceivers).toEqual([
      ['video', { direction: 'recvonly' }],
      ['audio', { direction: 'recvonly' }],
    ]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://media.example.com/cam1/whep');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('v=0 offer');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/sdp');
    expect(headers.has('Authorization')).toBe(false);
    expect(pc?.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });

    engine.detach();
    expect(pc?.close).toHaveBeenCalled();
    const [deleteUrl, deleteInit] = fetchMock.mock.calls[1] ?? [];
    expect(deleteUrl).toBe('https://media.example.com/whep/session/42');
    expect(deleteInit?.method).toBe('DELETE');
    expect(new Headers(deleteInit?.headers).has('Authorization')).toBe(false);
  });
});
