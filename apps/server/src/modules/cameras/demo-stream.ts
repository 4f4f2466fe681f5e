import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CLIP_DIR, DEMO_CLIP_SECONDS, DEMO_SEGMENT_SECONDS, DEMO_SEGMENTS } from './demo-clips.ts';

/** Completed segments a demo playlist lists (8 s behind live at most, like a camera's HLS). */
export const DEMO_LIVE_SEGMENTS = 4;

/** A demo clip's folder name: a demo station's code (PS01…). */
export const DEMO_CODE_PATTERN = /^[A-Z]{2}\d{2}$/;

/**
 * A live, sliding HLS playlist made of a demo camera's committed clip, looped (issue 19). Global
 * segment n is the one that starts at n × 2 s since the epoch, so every viewer and every API server
 * sees the same "live" moment without any state; it is the clip's segment n mod 3 with its timestamps
 * moved to n × 2 s ({@link demoFile}), so the stream's time runs on without a discontinuity at the
 * loop (hls.js walks an array as long as the discontinuity sequence on each reload: counted since
 * 1970 it froze the page). The playlist lists the last DEMO_LIVE_SEGMENTS completed segments;
 * `query` (the ticket) is added to every URI.
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
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="init.mp4${suffix}"`,
  ];
  for (let n = first; n <= last; n++) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(n * segmentMs).toISOString()}`,
      `#EXTINF:${DEMO_SEGMENT_SECONDS.toFixed(6)},`,
      `seg-${n}.m4s${suffix}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The files a demo stream serves: the clip's init segment, and global segment n. */
const FILE = /^(init\.mp4|seg-(\d{1,12})\.m4s)$/;

const cache = new Map<string, Promise<Buffer | null>>();
function clipFile(code: string, name: string): Promise<Buffer | null> {
  const key = `${code}/${name}`;
  let file = cache.get(key);
  if (!file) {
    file = readFile(path.join(DEMO_CLIP_DIR, code, name)).catch(() => null);
    cache.set(key, file);
  }
  return file.then((body) => {
    if (!body) cache.delete(key);
    return body;
  });
}

/** ISO BMFF boxes at the top of `buf` from `start` to `end`: type, offset and size. */
function* boxes(buf: Buffer, start: number, end: number): Generator<{ type: string; at: number; size: number }> {
  let at = start;
  while (at + 8 <= end) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > end) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), at, size };
    at += size;
  }
}

/** The media timescale of a clip's init segment (its track's mdhd). */
function timescaleOf(init: Buffer): number {
  const at = init.indexOf('mdhd', 0, 'latin1');
  if (at < 0) throw new Error('demo clip: no mdhd in init.mp4');
  const version = init.readUInt8(at + 4);
  return init.readUInt32BE(at + (version === 1 ? 24 : 16));
}

/**
 * The clip's segment `local`, as global segment n: every tfdt (decode time) moved on by the loops
 * played before it and the fragment's sequence number set to n, the sidx dropped (its time would be
 * the clip's, and players do not need it). ffmpeg writes a 64-bit tfdt, so the bytes change in place.
 */
function asGlobalSegment(segment: Buffer, n: number, timescale: number): Buffer {
  const loops = Math.floor(n / DEMO_SEGMENTS);
  const shift = BigInt(loops) * BigInt(DEMO_CLIP_SECONDS * timescale);
  const parts: Buffer[] = [];
  for (const box of boxes(segment, 0, segment.length)) {
    if (box.type === 'sidx') continue;
    const copy = Buffer.from(segment.subarray(box.at, box.at + box.size));
    if (box.type === 'moof') {
      for (const inner of boxes(copy, 8, copy.length)) {
        if (inner.type === 'mfhd') copy.writeUInt32BE((n + 1) % 2 ** 32, inner.at + 12);
        if (inner.type !== 'traf') continue;
        for (const t of boxes(copy, inner.at + 8, inner.at + inner.size)) {
          if (t.type !== 'tfdt') continue;
          if (copy.readUInt8(t.at + 8) !== 1) throw new Error('demo clip: a 32-bit tfdt (remake the clips)');
          copy.writeBigUInt64BE(copy.readBigUInt64BE(t.at + 12) + shift, t.at + 12);
        }
      }
    }
    parts.push(copy);
  }
  return Buffer.concat(parts);
}

/** A demo stream's file as served: its bytes and content type, or null if there is no such file. */
export async function demoFile(code: string, name: string): Promise<{ body: Buffer; type: string } | null> {
  if (!DEMO_CODE_PATTERN.test(code)) return null;
  const m = FILE.exec(name);
  if (!m) return null;
  const init = await clipFile(code, 'init.mp4');
  if (!init) return null;
  if (m[2] === undefined) return { body: init, type: 'video/mp4' };
  const n = Number(m[2]);
  const segment = await clipFile(code, `seg-${n % DEMO_SEGMENTS}.m4s`);
  if (!segment) return null;
  return { body: asGlobalSegment(segment, n, timescaleOf(init)), type: 'video/iso.segment' };
}
