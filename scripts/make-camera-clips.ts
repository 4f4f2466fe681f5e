// Makes the demo cameras' clips (issue 19): for each demo station a 6-second test pattern (SMPTE bars,
// a moving inset, the clip's clock, the station's code and name) as HLS with fMP4 segments, which the
// server serves as a looping live stream (apps/server/src/modules/cameras/demo-stream.ts). The output
// is committed, so the demo needs no encoder; run again (Debian's ffmpeg, WenQuanYi font) only to change it:
//   node --import tsx scripts/make-camera-clips.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEMO_STATION_CODES, DEMO_STATION_NAMES } from '../apps/server/src/db/seed/demo-city.ts';
import {
  DEMO_CLIP_DIR,
  DEMO_CLIP_SECONDS,
  DEMO_SEGMENT_SECONDS,
} from '../apps/server/src/modules/cameras/demo-clips.ts';

const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const FPS = 12;

// drawtext's own escaping: \ ' : % in a text= value.
const escapeText = (s: string) => s.replace(/[\\':%]/g, (c) => `\\${c}`);

let total = 0;
for (const [i, code] of DEMO_STATION_CODES.entries()) {
  const name = DEMO_STATION_NAMES[i] ?? code;
  const dir = path.join(DEMO_CLIP_DIR, code);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const text = (t: string, size: number, x: string, y: string, colour = 'white') =>
    `drawtext=fontfile=${FONT}:text='${t}':fontcolor=${colour}:fontsize=${size}:x=${x}:y=${y}`;
  const filter = [
    `[0][1]overlay=x=W-w-12:y=H-h-44`,
    'drawbox=x=0:y=0:w=iw:h=40:color=black@0.6:t=fill',
    text(escapeText(`${code} ${name}`), 20, '12', '10'),
    // The clip's own clock (it restarts as the loop does): a frozen tile shows a frozen clock.
    text('%{pts\\:hms}', 20, 'w-tw-12', '10'),
    text('DEMO', 16, '12', 'h-28', 'white@0.8'),
  ].join(',');
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `smptehdbars=size=480x270:rate=${FPS}`],
      ...['-f', 'lavfi', '-i', `testsrc2=size=112x64:rate=${FPS}`],
      ...['-filter_complex', filter, '-t', String(DEMO_CLIP_SECONDS)],
      ...['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p'],
      // A key frame opens every segment, so any segment can start a viewer.
      ...['-g', String(FPS * DEMO_SEGMENT_SECONDS), '-keyint_min', String(FPS * DEMO_SEGMENT_SECONDS)],
      ...['-sc_threshold', '0', '-an', '-f', 'hls', '-hls_time', String(DEMO_SEGMENT_SECONDS)],
      ...['-hls_list_size', '0', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
      ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(dir, 'seg-%d.m4s')],
      path.join(dir, 'clip.m3u8'),
    ],
    { stdio: 'inherit' },
  );
  const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
  total += bytes;
  console.log(`${code} ${name}: ${(bytes / 1024).toFixed(1)} KB`);
}
console.log(`all clips: ${(total / 1024).toFixed(1)} KB in ${DEMO_CLIP_DIR}`);
