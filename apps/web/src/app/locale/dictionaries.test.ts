import { LOCALES } from '@water/contracts/common/locale';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';

const dictionaries: Record<string, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

describe('i18n dictionaries', () => {
  it('has a dictionary for every supported locale', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.flatMap((a) => LOCALES.filter((b) => b !== a).map((b) => [a, b] as const)))(
    'every %s key also exists in %s',
    (from, to) => {
      const missing = Object.keys(dictionaries[from] ?? {}).filter(
        (key) => !Object.hasOwn(dictionaries[to] ?? {}, key),
      );
      expect(missing, `keys in ${from} missing from ${to}`).toEqual([]);
    },
  );

  it.each(LOCALES)('%s has no empty texts', (locale) => {
    const empty = Object.entries(dictionaries[locale] ?? {}).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });
});
