import { describe, expect, it } from 'vitest';
import { noticesEnUS } from './notices-en-US.ts';
import { noticesZhCN } from './notices-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': noticesZhCN, 'en-US': noticesEnUS } as Record<string, Record<string, string>>;

describe('notice page dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(noticesEnUS).sort()).toEqual(Object.keys(noticesZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(noticesZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(noticesZhCN[key as keyof typeof noticesZhCN])) !==
        JSON.stringify(placeholders(noticesEnUS[key as keyof typeof noticesEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
