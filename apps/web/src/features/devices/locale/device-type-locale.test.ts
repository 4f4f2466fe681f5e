import { describe, expect, it } from 'vitest';
import { deviceTypeEnUS } from './device-type-en-US.ts';
import { deviceTypeZhCN } from './device-type-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': deviceTypeZhCN, 'en-US': deviceTypeEnUS } as Record<string, Record<string, string>>;

describe('device type dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(deviceTypeEnUS).sort()).toEqual(Object.keys(deviceTypeZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(deviceTypeZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(deviceTypeZhCN[key as keyof typeof deviceTypeZhCN])) !==
        JSON.stringify(placeholders(deviceTypeEnUS[key as keyof typeof deviceTypeEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
