import type { PlayerEngine } from './engine.ts';
import { bufferedLatency } from './engine.ts';

type Hls = import('hls.js').default;

/**
 * HLS through hls.js (loaded on demand), or the browser's own HLS where there is no MSE (iOS Safari).
 * A same-origin `/api/media/…` playlist carries its ticket in its query and so do its segment URIs:
 * no header is added to hls.js's requests.
 */
export function createHlsEngine(): PlayerEngine {
  let hls: Hls | null = null;
  let media: HTMLVideoElement | null = null;
  let native = false;
  let detached = false;

  return {
    async attach(video, play, events) {
      media = video;
      const { default: HlsClass } = await import('hls.js');
      if (detached) return;
      if (!HlsClass.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          native = true;
          video.src = play.url;
          void video.play().catch(() => undefined);
          return;
        }
        throw new Error('HLS unsupported');
      }
      const instance = new HlsClass({
        lowLatencyMode: false,
        liveSyncDurationCount: 3,
        liveMaxLatencyDurationCount: 8,
        manifestLoadingMaxRetry: 1,
        levelLoadingMaxRetry: 2,
        fragLoadingMaxRetry: 2,
        backBufferLength: 30,
      });
      hls = instance;
      let recovered = false;
      instance.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal || hls !== instance) return;
        // A media error is often a decode hiccup: one recovery before giving up on the connection.
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          instance.recoverMediaError();
          return;
        }
        events.onFatal(`${data.type}: ${data.details}`);
      });
      instance.on(HlsClass.Events.MANIFEST_PARSED, () => {
        void video.play().catch(() => undefined);
      });
      instance.loadSource(play.url);
      instance.attachMedia(video);
    },
    detach() {
      detached = true;
      hls?.destroy();
      hls = null;
      if (native && media) {
        media.removeAttribute('src');
        media.load();
      }
      media = null;
    },
    latency() {
      if (hls) {
        const value = hls.latency;
        return Number.isFinite(value) && value > 0 ? value : null;
      }
      return native ? bufferedLatency(media) : null;
    },
  };
}
