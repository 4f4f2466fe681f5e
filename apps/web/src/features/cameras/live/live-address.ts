import { CAMERA_GRID_SIZES, type CameraGridSize } from '@water/contracts';

/** The live view's arrangement, as its address carries it: `?grid=4&cameras=3,5,,8&layout=2`. */
export interface LiveArrangement {
  grid: CameraGridSize;
  /** The camera in each tile, in order (null: empty); may be longer than the grid (kept for a larger one). */
  tiles: (number | null)[];
  /** The saved layout it was loaded from or saved as, if any. */
  layoutId: number | null;
}

const MAX_TILES = 16;
const ID = /^[1-9]\d{0,9}$/;

/** The smallest grid holding `n` tiles (16 at most). */
export function gridFor(n: number): CameraGridSize {
  return CAMERA_GRID_SIZES.find((size) => size >= n) ?? 16;
}

function parseGrid(raw: string | null): CameraGridSize | null {
  const n = Number(raw);
  return CAMERA_GRID_SIZES.find((size) => size === n) ?? null;
}

/** Reads an address; a hand-edited wrong entry is an empty tile, a wrong grid the one the cameras need. */
export function readArrangement(params: URLSearchParams): LiveArrangement {
  const raw = params.get('cameras') ?? '';
  const tiles = raw
    ? raw
        .split(',')
        .slice(0, MAX_TILES)
        .map((part) => (ID.test(part.trim()) ? Number(part.trim()) : null))
    : [];
  const layout = params.get('layout');
  return {
    grid: parseGrid(params.get('grid')) ?? gridFor(Math.max(1, tiles.length)),
    tiles: trimTiles(tiles),
    layoutId: layout && ID.test(layout) ? Number(layout) : null,
  };
}

/** The tiles without their trailing empty ones. */
export function trimTiles(tiles: readonly (number | null)[]): (number | null)[] {
  let end = tiles.length;
  while (end > 0 && tiles[end - 1] === null) end--;
  return tiles.slice(0, end);
}

/**
 * The address of an arrangement: other parameters stay; commas are written plainly
 * (`cameras=3,5,,8`), so the address reads as the tiles do.
 */
export function writeArrangement(current: URLSearchParams, next: LiveArrangement): string {
  const out = new URLSearchParams();
  for (const [key, value] of current) if (!['grid', 'cameras', 'layout'].includes(key)) out.append(key, value);
  out.set('grid', String(next.grid));
  const tiles = trimTiles(next.tiles);
  if (tiles.length) out.set('cameras', tiles.map((id) => (id === null ? '' : String(id))).join(','));
  if (next.layoutId !== null) out.set('layout', String(next.layoutId));
  return `?${out.toString().replaceAll('%2C', ',')}`;
}

/** The tiles a grid shows: the first `grid` entries, empty ones filled in. */
export function visibleTiles(arrangement: LiveArrangement): (number | null)[] {
  return Array.from({ length: arrangement.grid }, (_, i) => arrangement.tiles[i] ?? null);
}

/** The tiles with one tile set (the list grows as needed). */
export function withTile(tiles: readonly (number | null)[], index: number, id: number | null): (number | null)[] {
  const next = [...tiles];
  while (next.length <= index) next.push(null);
  next[index] = id;
  return trimTiles(next);
}
