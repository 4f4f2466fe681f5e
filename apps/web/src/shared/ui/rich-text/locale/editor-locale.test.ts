import { describe, expect, it } from 'vitest';
import { editorEnUS } from './en-US.ts';
import { editorZhCN } from './zh-CN.ts';

describe('rich-text editor dictionaries', () => {
  it('have the same keys and no empty text', () => {
    expect(Object.keys(editorEnUS).sort()).toEqual(Object.keys(editorZhCN).sort());
    for (const text of [...Object.values(editorZhCN), ...Object.values(editorEnUS)]) expect(text.trim()).not.toBe('');
  });
});
