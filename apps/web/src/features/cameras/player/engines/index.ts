import type { CameraPlayer } from '@water/contracts';
import type { PlayerEngine } from './engine.ts';
import { createFlvEngine } from './flv.ts';
import { createHlsEngine } from './hls.ts';
import { createWhepEngine } from './whep.ts';

export type { EngineEvents, PlayerEngine } from './engine.ts';

/** The engine a play answer's `player` needs: hls.js, mpegts.js or WebRTC (WHEP). */
export function createEngine(kind: CameraPlayer): PlayerEngine {
  switch (kind) {
    case 'hls':
      return createHlsEngine();
    case 'flv':
      return createFlvEngine();
    case 'whep':
      return createWhepEngine();
  }
}
