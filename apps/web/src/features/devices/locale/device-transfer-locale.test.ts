import { describe, expect, it } from 'vitest';
import { deviceTransferEnUS } from './device-transfer-en-US.ts';
import { deviceTransferZhCN } from './device-transfer-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': deviceTransferZhCN, 'en-US': deviceTransferEnUS } as Record<string, Record<string, string>>;

describe('device transfer dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(deviceTransferEnUS).sort()).toEqual(Object.keys(deviceTransferZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(deviceTransferZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(deviceTransferZhCN[key as keyof typeof deviceTransferZhCN])) !==
        JSON.stringify(placeholders(deviceTransferEnUS[key as keyof typeof deviceTransferEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
