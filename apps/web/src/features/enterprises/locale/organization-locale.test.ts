import { describe, expect, it } from 'vitest';
import { organizationEnUS } from './organization-en-US.ts';
import { organizationZhCN } from './organization-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': organizationZhCN, 'en-US': organizationEnUS } as Record<string, Record<string, string>>;

describe('organization dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(organizationEnUS).sort()).toEqual(Object.keys(organizationZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(organizationZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(organizationZhCN[key as keyof typeof organizationZhCN])) !==
        JSON.stringify(placeholders(organizationEnUS[key as keyof typeof organizationEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
