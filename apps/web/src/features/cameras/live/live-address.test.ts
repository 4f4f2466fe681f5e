import { describe, expect, it } from 'vitest';
import { readArrangement, writeArrangement } from './live-address.ts';

const read = (search: string) => readArrangement(new URLSearchParams(search));

describe('the live view address', () => {
  it('reads tiles with empty entries, and a missing grid as the one the cameras need', () => {
    expect(read('grid=4&cameras=3,5,,8')).toEqual({ grid: 4, tiles: [3, 5, null, 8], layoutId: null });
    expect(read('cameras=7')).toEqual({ grid: 1, tiles: [7], layoutId: null });
    expect(read('cameras=1,2,3,4,5')).toMatchObject({ grid: 9 });
    expect(read('')).toEqual({ grid: 1, tiles: [], layoutId: null });
  });

  it('takes a hand-edited wrong entry as an empty tile, a wrong grid as the cameras need, and 16 tiles at most', () => {
    expect(read('grid=5&cameras=3,x,-1,0,8,,&layout=abc')).toEqual({
      grid: 9,
      tiles: [3, null, null, null, 8],
      layoutId: null,
    });
    expect(read(`cameras=${Array.from({ length: 20 }, (_, i) => i + 1).join(',')}`).tiles).toHaveLength(16);
  });

  it('writes commas plainly, drops trailing empty tiles and keeps other parameters', () => {
    expect(
      writeArrangement(new URLSearchParams('x=1&grid=1'), { grid: 4, tiles: [3, null, 8, null, null], layoutId: 2 }),
    ).toBe('?x=1&grid=4&cameras=3,,8&layout=2');
    expect(writeArrangement(new URLSearchParams(), { grid: 9, tiles: [null], layoutId: null })).toBe('?grid=9');
  });
});
