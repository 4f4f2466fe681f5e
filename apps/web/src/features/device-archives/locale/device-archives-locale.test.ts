import { describe, expect, it } from 'vitest';
import { deviceArchivesEnUS } from './en-US.ts';
import { deviceArchivesZhCN } from './zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': deviceArchivesZhCN, 'en-US': deviceArchivesEnUS } as Record<string, Record<string, string>>;

describe('device archives dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(deviceArchivesEnUS).sort()).toEqual(Object.keys(deviceArchivesZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(deviceArchivesZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(deviceArchivesZhCN[key as keyof typeof deviceArchivesZhCN])) !==
        JSON.stringify(placeholders(deviceArchivesEnUS[key as keyof typeof deviceArchivesEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
