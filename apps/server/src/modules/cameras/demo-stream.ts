import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CLIP_DIR, DEMO_SEGMENT_SECONDS, DEMO_SEGMENTS } from './demo-clips.ts';

/** Completed segments a demo playlist lists (8 s behind live at most, like a camera's HLS). */
export const DEMO_LIVE_SEGMENTS = 4;

/** A demo clip's folder name: a demo station's code (PS01…). */
export const DEMO_CODE_PATTERN = /^[A-Z]{2}\d{2}$/;

/**
 * A live, sliding HLS playlist made of a demo camera's committed clip, looped (issue 19). Global
 * segment n is the one that starts at n × 2 s since the epoch, so every viewer and every API server
 * sees the same "live" moment without any state; it plays the clip's segment n mod 3. The playlist
 * lists the last DEMO_LIVE_SEGMENTS completed segments; each loop restart (the clip's first segment,
 * its timestamps back at 0) is a discontinuity. `query` (the ticket) is added to every URI.
 */
export function demoPlaylist(nowMs: number, query: string): string {
  const segmentMs = DEMO_SEGMENT_SECONDS * 1000;
  // The segment in progress is not listed: the newest listed one is complete.
  const last = Math.floor(nowMs / segmentMs) - 1;
  const first = last - DEMO_LIVE_SEGMENTS + 1;
  const suffix = query ? `?${query}` : '';
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${DEMO_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Discontinuities before the first listed segment: one at every loop restart so far.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / DEMO_SEGMENTS)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="init.mp4${suffix}"`,
  ];
  for (let n = first; n <= last; n++) {
    const local = n % DEMO_SEGMENTS;
    if (local === 0 && n !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(n * segmentMs).toISOString()}`,
      `#EXTINF:${DEMO_SEGMENT_SECONDS.toFixed(6)},`,
      `seg-${local}.m4s${suffix}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The files a demo clip serves, and their types. */
const FILE = /^(init\.mp4|seg-(\d+)\.m4s)$/;

/** A demo clip's file as served: its bytes and content type, or null if there is no such file. */
const cache = new Map<string, Promise<Buffer | null>>();

export async function demoFile(code: string, name: string): Promise<{ body: Buffer; type: string } | null> {
  if (!DEMO_CODE_PATTERN.test(code)) return null;
  const m = FILE.exec(name);
  if (!m) return null;
  if (m[2] !== undefined && Number(m[2]) >= DEMO_SEGMENTS) return null;
  const key = `${code}/${name}`;
  let file = cache.get(key);
  if (!file) {
    file = readFile(path.join(DEMO_CLIP_DIR, code, name)).catch(() => null);
    cache.set(key, file);
  }
  const body = await file;
  if (!body) {
    cache.delete(key);
    return null;
  }
  return { body, type: name.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment' };
}
