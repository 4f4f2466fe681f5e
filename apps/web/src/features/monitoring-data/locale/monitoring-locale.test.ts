import { describe, expect, it } from 'vitest';
import { monitoringEnUS } from './monitoring-en-US.ts';
import { monitoringZhCN } from './monitoring-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': monitoringZhCN, 'en-US': monitoringEnUS } as Record<string, Record<string, string>>;

describe('monitoring dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(monitoringEnUS).sort()).toEqual(Object.keys(monitoringZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(monitoringZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(monitoringZhCN[key as keyof typeof monitoringZhCN])) !==
        JSON.stringify(placeholders(monitoringEnUS[key as keyof typeof monitoringEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
