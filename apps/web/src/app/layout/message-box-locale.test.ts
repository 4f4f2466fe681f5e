import { LOCALES } from '@water/contracts/common/locale';
import { describe, expect, it } from 'vitest';
import { messageBoxDictionaries } from './message-box-locale.ts';

describe('message box dictionaries', () => {
  it.each(LOCALES)('%s has every key of the others, none empty', (locale) => {
    const keys = Object.keys(messageBoxDictionaries[locale]).sort();
    for (const other of LOCALES) expect(Object.keys(messageBoxDictionaries[other]).sort()).toEqual(keys);
    expect(Object.values(messageBoxDictionaries[locale]).filter((text) => !text.trim())).toEqual([]);
  });
});
