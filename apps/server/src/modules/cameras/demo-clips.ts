import path from 'node:path';

/**
 * The demo cameras' committed clips (scripts/make-camera-clips.ts): per demo station, `init.mp4` and
 * `seg-0.m4s`… of DEMO_SEGMENT_SECONDS each, DEMO_CLIP_SECONDS in all.
 */
export const DEMO_CLIP_DIR = path.resolve(import.meta.dirname, 'demo-clips');
export const DEMO_CLIP_SECONDS = 6;
export const DEMO_SEGMENT_SECONDS = 2;
export const DEMO_SEGMENTS = DEMO_CLIP_SECONDS / DEMO_SEGMENT_SECONDS;
