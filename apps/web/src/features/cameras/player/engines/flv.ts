import type { PlayerEngine } from './engine.ts';
import { bufferedLatency } from './engine.ts';

type Mpegts = typeof import('mpegts.js').default;
type FlvPlayer = ReturnType<Mpegts['createPlayer']>;

/** HTTP-FLV or WS-FLV through mpegts.js (loaded on demand); the URL's scheme tells it which. */
export function createFlvEngine(): PlayerEngine {
  let player: FlvPlayer | null = null;
  let media: HTMLVideoElement | null = null;
  let detached = false;

  return {
    async attach(video, play, events) {
      media = video;
      const { default: mpegts } = await import('mpegts.js');
      if (detached) return;
      if (!mpegts.isSupported()) throw new Error('FLV unsupported (no MSE)');
      const instance = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: play.url },
        {
          enableStashBuffer: false,
          liveBufferLatencyChasing: true,
          liveBufferLatencyMaxLatency: 3,
          liveBufferLatencyMinRemain: 0.5,
          lazyLoad: false,
        },
      );
      player = instance;
      instance.on(mpegts.Events.ERROR, (type: string, detail: string) => {
        if (player === instance) events.onFatal(`${type}: ${detail}`);
      });
      instance.on(mpegts.Events.LOADING_COMPLETE, () => {
        // A live stream that ends has dropped.
        if (player === instance) events.onFatal('stream ended');
      });
      instance.attachMediaElement(video);
      instance.load();
      const started = instance.play();
      if (started) void started.catch(() => undefined);
    },
    detach() {
      detached = true;
      const instance = player;
      player = null;
      if (instance) {
        try {
          instance.pause();
          instance.unload();
          instance.detachMediaElement();
        } finally {
          instance.destroy();
        }
      }
      media = null;
    },
    latency() {
      return player ? bufferedLatency(media) : null;
    },
  };
}
