import { describe, expect, it } from 'vitest';
import { deviceListEnUS } from './device-list-en-US.ts';
import { deviceListZhCN } from './device-list-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': deviceListZhCN, 'en-US': deviceListEnUS } as Record<string, Record<string, string>>;

describe('device list dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(deviceListEnUS).sort()).toEqual(Object.keys(deviceListZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(deviceListZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(deviceListZhCN[key as keyof typeof deviceListZhCN])) !==
        JSON.stringify(placeholders(deviceListEnUS[key as keyof typeof deviceListEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
