import { describe, expect, it } from 'vitest';
import { regionEnUS } from './region-en-US.ts';
import { regionZhCN } from './region-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': regionZhCN, 'en-US': regionEnUS } as Record<string, Record<string, string>>;

describe('monitoring-region dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(regionEnUS).sort()).toEqual(Object.keys(regionZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(regionZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(regionZhCN[key as keyof typeof regionZhCN])) !==
        JSON.stringify(placeholders(regionEnUS[key as keyof typeof regionEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
