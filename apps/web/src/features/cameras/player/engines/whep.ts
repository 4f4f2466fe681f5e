import { callVideoHost } from '../../../../shared/api/http.ts';
import type { PlayerEngine } from './engine.ts';

/** How long the offer waits for its ICE candidates before it is sent with those it has. */
const GATHER_MS = 2000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * WebRTC by WHEP with the browser's own RTCPeerConnection (receive only, video and audio): the SDP
 * offer is POSTed to the WHEP URL as application/sdp with no Authorization header (the video host is
 * a third party: spec §7), the answer applied, and the session the host names in `Location` deleted
 * when the tile closes. Latency: the jitter buffer's delay plus half the round trip, from getStats.
 */
export function createWhepEngine(): PlayerEngine {
  let pc: RTCPeerConnection | null = null;
  let media: HTMLVideoElement | null = null;
  let session: string | null = null;
  let statsTimer: ReturnType<typeof setInterval> | undefined;
  let measured: number | null = null;
  const abort = new AbortController();

  async function sample(connection: RTCPeerConnection) {
    const stats = await connection.getStats();
    let jitter: number | null = null;
    let rtt: number | null = null;
    stats.forEach((report: Record<string, unknown>) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') {
        const delay = Number(report.jitterBufferDelay);
        const count = Number(report.jitterBufferEmittedCount);
        if (count > 0 && Number.isFinite(delay)) jitter = delay / count;
      }
      if (report.type === 'candidate-pair' && report.nominated && Number.isFinite(report.currentRoundTripTime)) {
        rtt = Number(report.currentRoundTripTime);
      }
      if (report.type === 'remote-inbound-rtp' && rtt === null && Number.isFinite(report.roundTripTime)) {
        rtt = Number(report.roundTripTime);
      }
    });
    if (jitter !== null || rtt !== null) measured = (jitter ?? 0) + (rtt ?? 0) / 2;
  }

  return {
    async attach(video, play, events) {
      media = video;
      const connection = new RTCPeerConnection();
      pc = connection;
      connection.addTransceiver('video', { direction: 'recvonly' });
      connection.addTransceiver('audio', { direction: 'recvonly' });
      const stream = new MediaStream();
      connection.addEventListener('track', (event) => {
        stream.addTrack(event.track);
        if (video.srcObject !== stream) video.srcObject = stream;
        void video.play().catch(() => undefined);
      });
      connection.addEventListener('connectionstatechange', () => {
        if (pc !== connection) return;
        if (connection.connectionState === 'failed' || connection.connectionState === 'closed') {
          events.onFatal(`WebRTC ${connection.connectionState}`);
        }
      });
      const offer = await connection.createOffer();
      await connection.setLocalDescription(offer);
      await gathered(connection);
      if (pc !== connection) return;
      const response = await callVideoHost(play.url, {
        method: 'POST',
        body: connection.localDescription?.sdp ?? offer.sdp ?? '',
        contentType: 'application/sdp',
        accept: 'application/sdp',
        signal: abort.signal,
      });
      const location = response.headers.get('location');
      if (location) session = new URL(location, play.url).href;
      const answer = await response.text();
      if (pc !== connection) return;
      await connection.setRemoteDescription({ type: 'answer', sdp: answer });
      statsTimer = setInterval(() => {
        void sample(connection).catch(() => undefined);
      }, 1000);
    },
    detach() {
      abort.abort();
      clearInterval(statsTimer);
      pc?.close();
      pc = null;
      if (media) media.srcObject = null;
      media = null;
      if (session) void callVideoHost(session, { method: 'DELETE', keepalive: true }).catch(() => undefined);
      session = null;
    },
    latency() {
      return pc ? measured : null;
    },
  };
}
