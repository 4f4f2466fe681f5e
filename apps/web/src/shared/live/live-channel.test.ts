import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, createLiveChannel, UNAUTHORIZED_CLOSE } from './live-channel.ts';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // What the server does:
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(token: string | null = 'tok-1') {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  let currentToken = token;
  const channel = createLiveChannel({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    getToken: () => currentToken,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    random: () => 0.5,
  });
  const pending = () => timers.filter((t) => !t.cleared);
  const fireRetry = () => {
    const timer = pending().find((t) => t.ms < 25_000);
    if (!timer) throw new Error('no reconnect scheduled');
    timer.cleared = true;
    timer.fn();
    return timer.ms;
  };
  return {
    channel,
    sockets,
    pending,
    fireRetry,
    setToken: (next: string | null) => {
      currentToken = next;
    },
  };
}

const unread = { message: 0, notice: 2, todo: 0, total: 2 };

describe('live channel', () => {
  it('opens one socket for all subscribers, authenticates first, and delivers events by type', () => {
    const { channel, sockets } = setup();
    const onUnread = vi.fn();
    const onMessage = vi.fn();
    channel.subscribe('unread', onUnread);
    channel.subscribe('message', onMessage);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toMatch(/\/api\/ws$/);

    sockets[0]?.accept();
    expect(sockets[0]?.sent[0]).toEqual({ type: 'auth', token: 'tok-1', locale: 'zh-CN' });
    sockets[0]?.push({ type: 'ready', userId: 4 });
    expect(channel.status()).toBe('ready');
    sockets[0]?.push({ type: 'unread', unread });
    expect(onUnread).toHaveBeenCalledWith({ type: 'unread', unread });
    expect(onMessage).not.toHaveBeenCalled();
    // The console switches language: events are worded in it from now on.
    channel.setLocale('en-US');
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'locale', locale: 'en-US' });
  });

  it('reconnects with a growing backoff after drops, re-authenticating each time, and resets it once ready', () => {
    const { channel, sockets, fireRetry } = setup();
    channel.subscribe('unread', () => {});
    sockets[0]?.accept();
    sockets[0]?.drop();
    expect(channel.status()).toBe('waiting');
    const first = fireRetry();
    sockets[1]?.drop();
    const second = fireRetry();
    sockets[2]?.drop();
    const third = fireRetry();
    expect([first, second, third]).toEqual([850, 1700, 3400]);
    expect(sockets).toHaveLength(4);

    sockets[3]?.accept();
    expect(sockets[3]?.sent[0]).toEqual({ type: 'auth', token: 'tok-1', locale: 'zh-CN' });
    sockets[3]?.push({ type: 'ready', userId: 4 });
    sockets[3]?.drop();
    expect(fireRetry()).toBe(850);
  });

  it('caps the backoff at 30 s', () => {
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(700);
  });

  it('stops on 4401 until the token changes, then authenticates with the new one', () => {
    const { channel, sockets, pending, setToken } = setup();
    channel.subscribe('unread', () => {});
    sockets[0]?.accept();
    sockets[0]?.drop(UNAUTHORIZED_CLOSE);
    expect(channel.status()).toBe('unauthorized');
    expect(pending()).toHaveLength(0);

    channel.tokenChanged();
    expect(sockets).toHaveLength(1);

    setToken('tok-2');
    channel.tokenChanged();
    expect(sockets).toHaveLength(2);
    sockets[1]?.accept();
    expect(sockets[1]?.sent[0]).toEqual({ type: 'auth', token: 'tok-2', locale: 'zh-CN' });
  });

  it('closes when the last subscriber leaves or the token is gone, and never opens without one', () => {
    const { channel, sockets, pending, setToken } = setup();
    const off1 = channel.subscribe('unread', () => {});
    const off2 = channel.subscribe('message', () => {});
    off1();
    expect(sockets[0]?.closedWith).toBeNull();
    off2();
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(channel.status()).toBe('idle');

    channel.subscribe('unread', () => {});
    sockets[1]?.accept();
    setToken(null);
    channel.tokenChanged();
    expect(sockets[1]?.closedWith).toBe(1000);
    expect(channel.status()).toBe('idle');
    expect(pending()).toHaveLength(0);
  });

  it('sends the watched devices once authenticated, again after a reconnect, and the empty set when nothing is watched', () => {
    const { channel, sockets, fireRetry } = setup();
    const subscribeFrames = (socket: FakeSocket | undefined) =>
      (socket?.sent ?? []).filter((frame) => (frame as { type: string }).type === 'subscribe');
    channel.subscribe('telemetry', () => {});
    const unwatchA = channel.watchDevices([14, 12]);
    sockets[0]?.accept();
    // Before `ready` the server would refuse anything but auth.
    expect(subscribeFrames(sockets[0])).toEqual([]);
    sockets[0]?.push({ type: 'ready', userId: 4 });
    expect(subscribeFrames(sockets[0])).toEqual([{ type: 'subscribe', deviceIds: [12, 14] }]);

    // Another page's watch adds to the union; the same set is not sent twice.
    const unwatchB = channel.watchDevices([14, 20]);
    const again = channel.watchDevices([12]);
    expect(subscribeFrames(sockets[0])).toEqual([
      { type: 'subscribe', deviceIds: [12, 14] },
      { type: 'subscribe', deviceIds: [12, 14, 20] },
    ]);
    again();

    sockets[0]?.drop();
    fireRetry();
    sockets[1]?.accept();
    sockets[1]?.push({ type: 'ready', userId: 4 });
    expect(subscribeFrames(sockets[1])).toEqual([{ type: 'subscribe', deviceIds: [12, 14, 20] }]);

    unwatchA();
    unwatchA();
    unwatchB();
    expect(subscribeFrames(sockets[1]).slice(1)).toEqual([
      { type: 'subscribe', deviceIds: [14, 20] },
      { type: 'subscribe', deviceIds: [] },
    ]);
  });

  it('remembers a watch made while disconnected and sends it when the socket is ready', () => {
    const { channel, sockets } = setup();
    channel.watchDevices([7]);
    expect(sockets).toHaveLength(0);
    channel.subscribe('telemetry', () => {});
    sockets[0]?.accept();
    sockets[0]?.push({ type: 'ready', userId: 4 });
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'subscribe', deviceIds: [7] });
  });

  it('watches stations apart from devices: each kind its own frame and union, both sent again after a reconnect', () => {
    const { channel, sockets, fireRetry } = setup();
    const frames = (socket: FakeSocket | undefined, type: string) =>
      (socket?.sent ?? []).filter((frame) => (frame as { type: string }).type === type);
    channel.subscribe('station', () => {});
    channel.watchDevices([3]);
    const unwatchList = channel.watchStations([5, 2]);
    sockets[0]?.accept();
    sockets[0]?.push({ type: 'ready', userId: 4 });
    expect(frames(sockets[0], 'subscribe-stations')).toEqual([{ type: 'subscribe-stations', stationIds: [2, 5] }]);
    expect(frames(sockets[0], 'subscribe')).toEqual([{ type: 'subscribe', deviceIds: [3] }]);

    // The detail opened beside the list: the union; the devices are not sent again.
    const unwatchDetail = channel.watchStations([9]);
    expect(frames(sockets[0], 'subscribe-stations').at(-1)).toEqual({
      type: 'subscribe-stations',
      stationIds: [2, 5, 9],
    });
    expect(frames(sockets[0], 'subscribe')).toHaveLength(1);

    sockets[0]?.drop();
    fireRetry();
    sockets[1]?.accept();
    sockets[1]?.push({ type: 'ready', userId: 4 });
    expect(frames(sockets[1], 'subscribe-stations')).toEqual([{ type: 'subscribe-stations', stationIds: [2, 5, 9] }]);
    expect(frames(sockets[1], 'subscribe')).toEqual([{ type: 'subscribe', deviceIds: [3] }]);

    unwatchList();
    unwatchDetail();
    expect(frames(sockets[1], 'subscribe-stations').slice(1)).toEqual([
      { type: 'subscribe-stations', stationIds: [9] },
      { type: 'subscribe-stations', stationIds: [] },
    ]);
  });
});
