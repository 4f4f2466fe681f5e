import { describe, expect, it } from 'vitest';
import { usersEnUS } from './users-en-US.ts';
import { usersZhCN } from './users-zh-CN.ts';

// The shell's dictionary test does not see these (they are not merged at start-up): the same checks here.
const locales = { 'zh-CN': usersZhCN, 'en-US': usersEnUS } as Record<string, Record<string, string>>;

describe('user management dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(usersEnUS).sort()).toEqual(Object.keys(usersZhCN).sort());
  });

  it.each(Object.keys(locales))('%s has no empty texts', (locale) => {
    expect(Object.entries(locales[locale] ?? {}).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(usersZhCN).filter(
      (key) =>
        JSON.stringify(placeholders(usersZhCN[key as keyof typeof usersZhCN])) !==
        JSON.stringify(placeholders(usersEnUS[key as keyof typeof usersEnUS])),
    );
    expect(differ).toEqual([]);
  });
});
