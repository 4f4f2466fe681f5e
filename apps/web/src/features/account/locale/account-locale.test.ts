import { LOCALES } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { accountEnUS } from './en-US.ts';
import { accountZhCN } from './zh-CN.ts';

const dictionaries: Record<string, Record<string, string>> = { 'zh-CN': accountZhCN, 'en-US': accountEnUS };

describe('account dictionaries', () => {
  it('has one dictionary per supported locale', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...LOCALES].sort());
  });

  it('holds the same keys in both locales, all prefixed account.', () => {
    expect(Object.keys(accountEnUS).sort()).toEqual(Object.keys(accountZhCN).sort());
    expect(Object.keys(accountZhCN).filter((key) => !key.startsWith('account.'))).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty texts and the same placeholders as the other locale', (locale) => {
    const dictionary = dictionaries[locale] ?? {};
    const other = dictionaries[LOCALES.find((l) => l !== locale) ?? locale] ?? {};
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(dictionary)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(other[key] ?? ''));
    }
  });
});
