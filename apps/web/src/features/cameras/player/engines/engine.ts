import type { CameraPlay } from '@water/contracts';

/** What an engine tells the player while it plays. */
export interface EngineEvents {
  /** The stream failed for good (a fatal network or media error): the player reconnects. `reason` is technical. */
  onFatal: (reason: string) => void;
}

/**
 * One way to put a camera's stream into a <video>: hls.js, mpegts.js (FLV) or WebRTC (WHEP). The
 * player makes a fresh engine per connection and detaches it before the next; an engine frees all it
 * made (the library's instance, a peer connection, a WHEP session) in `detach`.
 */
export interface PlayerEngine {
  /** Starts playing `play` into `video`; rejects when it cannot start (the player reconnects). */
  attach: (video: HTMLVideoElement, play: CameraPlay, events: EngineEvents) => Promise<void>;
  detach: () => void;
  /** Seconds behind live, as measured now, or null when not known (yet). */
  latency: () => number | null;
}

/** How far the video is behind the end of what it has buffered (FLV and native HLS). */
export function bufferedLatency(video: HTMLVideoElement | null): number | null {
  if (!video || video.buffered.length === 0) return null;
  const end = video.buffered.end(video.buffered.length - 1);
  const behind = end - video.currentTime;
  return Number.isFinite(behind) && behind >= 0 ? behind : null;
}
