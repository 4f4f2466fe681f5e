import { LOCALES } from '@water/contracts/common/locale';
import { describe, expect, it } from 'vitest';
import { dictionaries, dictionaryParts } from './dictionaries.ts';

const parts = Object.entries(dictionaryParts) as [string, Record<string, Record<string, string>>][];
const pairs = LOCALES.flatMap((a) => LOCALES.filter((b) => b !== a).map((b) => [a, b] as const));

describe('i18n dictionaries', () => {
  it('has a merged dictionary for every supported locale', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...LOCALES].sort());
  });

  it.each(parts)('%s has a dictionary for every supported locale', (_name, part) => {
    expect(Object.keys(part).sort()).toEqual([...LOCALES].sort());
  });

  describe.each(parts)('%s', (name, part) => {
    it.each(pairs)('every %s key also exists in %s', (from, to) => {
      const missing = Object.keys(part[from] ?? {}).filter((key) => !Object.hasOwn(part[to] ?? {}, key));
      expect(missing, `${name}: keys in ${from} missing from ${to}`).toEqual([]);
    });

    it.each(LOCALES)('%s has no empty texts', (locale) => {
      const empty = Object.entries(part[locale] ?? {}).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    });
  });

  it('no key is defined by two owners (a later one would silently win)', () => {
    const owners = new Map<string, string[]>();
    for (const [name, part] of parts) {
      for (const key of Object.keys(part['zh-CN'] ?? {})) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    const twice = [...owners].filter(([, names]) => names.length > 1);
    expect(twice).toEqual([]);
  });

  it.each(pairs)('the merged %s and %s dictionaries have the same keys', (from, to) => {
    const missing = Object.keys(dictionaries[from]).filter((key) => !Object.hasOwn(dictionaries[to], key));
    expect(missing).toEqual([]);
  });
});
