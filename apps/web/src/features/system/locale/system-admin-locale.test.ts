import { describe, expect, it } from 'vitest';
import { systemAdminEnUS } from './system-admin-en-US.ts';
import { systemAdminZhCN } from './system-admin-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': systemAdminZhCN, 'en-US': systemAdminEnUS } as Record<string, Record<string, string>>;

describe('menu and log management dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(systemAdminEnUS).sort()).toEqual(Object.keys(systemAdminZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(systemAdminZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(systemAdminZhCN[key as keyof typeof systemAdminZhCN])) !==
        JSON.stringify(placeholders(systemAdminEnUS[key as keyof typeof systemAdminEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
