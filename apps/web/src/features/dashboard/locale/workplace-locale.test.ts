import { LOCALES } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { workplaceDictionaries } from '../use-workplace-i18n.ts';

describe('workplace dictionaries', () => {
  it.each(LOCALES)('%s has every key of the others, none empty', (locale) => {
    const keys = Object.keys(workplaceDictionaries[locale]).sort();
    for (const other of LOCALES) expect(Object.keys(workplaceDictionaries[other]).sort()).toEqual(keys);
    expect(Object.values(workplaceDictionaries[locale]).filter((text) => !text.trim())).toEqual([]);
  });
});
