import { describe, expect, it } from 'vitest';
import { contentEnUS } from './content-en-US.ts';
import { contentZhCN } from './content-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': contentZhCN, 'en-US': contentEnUS } as Record<string, Record<string, string>>;

describe('content library dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(contentEnUS).sort()).toEqual(Object.keys(contentZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(contentZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(contentZhCN[key as keyof typeof contentZhCN])) !==
        JSON.stringify(placeholders(contentEnUS[key as keyof typeof contentEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
