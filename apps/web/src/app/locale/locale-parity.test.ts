import { auditActionNames, auditModuleNames } from '@water/contracts/common/audit';
import { LOCALES } from '@water/contracts/common/locale';
import { validationMessages } from '@water/contracts/common/validation';
import { describe, expect, it } from 'vitest';
import { messageBoxDictionaries } from '../layout/message-box-locale.ts';

/**
 * Every locale module of the console, wherever it lives: `zh-CN.ts`, `device-list-zh-CN.ts` and
 * `workplace.zh-CN.ts` alike. A module pairs with the one whose name differs only by the locale.
 * Feature dictionaries loaded with their page's chunk are not in app/locale/dictionaries.ts, so
 * this finds them by name instead of by registration. The globs are literal (Vite resolves them
 * at build time): a third locale adds its own line here, and the check below on LOCALES says so.
 */
const modules = {
  'zh-CN': import.meta.glob<Record<string, unknown>>(['../../**/*zh-CN.ts'], { eager: true }),
  'en-US': import.meta.glob<Record<string, unknown>>(['../../**/*en-US.ts'], { eager: true }),
} satisfies Record<(typeof LOCALES)[number], unknown>;

type Dictionary = Record<string, string>;
type Pair = Record<string, Dictionary>;

const stem = (file: string, locale: string) => file.slice('../../'.length, -`${locale}.ts`.length);

/** A locale module exports one dictionary: an object of strings (types vanish at run time). */
function dictionaryOf(file: string, module: Record<string, unknown>): Dictionary {
  const values = Object.values(module).filter((value) => typeof value === 'object' && value !== null);
  if (values.length !== 1) throw new Error(`${file} should export exactly one dictionary, found ${values.length}`);
  return values[0] as Dictionary;
}

function pairsOfModules(): { pairs: [string, Pair][]; orphans: string[] } {
  const byStem = new Map<string, Record<string, string>>();
  for (const [locale, files] of Object.entries(modules)) {
    for (const file of Object.keys(files)) {
      const key = stem(file, locale);
      byStem.set(key, { ...byStem.get(key), [locale]: file });
    }
  }
  const pairs: [string, Pair][] = [];
  const orphans: string[] = [];
  for (const [key, files] of [...byStem].sort(([a], [b]) => a.localeCompare(b))) {
    const missing = LOCALES.filter((locale) => !files[locale]);
    if (missing.length) {
      orphans.push(`${Object.values(files).join(', ')} has no ${missing.join(', ')} partner`);
      continue;
    }
    const pair: Pair = {};
    for (const locale of LOCALES) {
      const file = files[locale] as string;
      pair[locale] = dictionaryOf(file, modules[locale][file] as Record<string, unknown>);
    }
    pairs.push([`${key}{locale}.ts`, pair]);
  }
  return { pairs, orphans };
}

/** A table keyed by entry, each entry carrying every locale ({ key: { 'zh-CN', 'en-US' } }), as a pair. */
function pairOfTable(table: Record<string, Record<string, string>>): Pair {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(Object.entries(table).map(([key, texts]) => [key, texts[locale] as string])),
    ]),
  );
}

const { pairs: modulePairs, orphans } = pairsOfModules();

/** Dictionaries that hold both locales in one file, so no file name pairs them. */
const tablePairs: [string, Pair][] = [
  ['app/layout/message-box-locale.ts', messageBoxDictionaries],
  ['contracts common/validation.ts validationMessages', pairOfTable(validationMessages)],
  ['contracts common/audit.ts auditModuleNames', pairOfTable(auditModuleNames)],
  ['contracts common/audit.ts auditActionNames', pairOfTable(auditActionNames)],
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locale parity', () => {
  it('knows every supported locale (a new one needs its glob above)', () => {
    expect(Object.keys(modules).sort()).toEqual([...LOCALES].sort());
  });

  it('finds the locale modules of the shell, the shared texts and the features', () => {
    const names = modulePairs.map(([name]) => name);
    expect(names).toContain('shared/i18n/locale/{locale}.ts');
    expect(names).toContain('features/devices/locale/device-list-{locale}.ts');
    expect(names).toContain('features/dashboard/locale/workplace.{locale}.ts');
    expect(modulePairs.length).toBeGreaterThanOrEqual(30);
  });

  it('pairs every locale module with a partner in each other locale', () => {
    expect(orphans).toEqual([]);
  });

  describe.each([...modulePairs, ...tablePairs])('%s', (_name, pair) => {
    it('has the same keys in every locale', () => {
      const keys = Object.keys(pair[LOCALES[0]] ?? {}).sort();
      for (const locale of LOCALES) expect(Object.keys(pair[locale] ?? {}).sort(), locale).toEqual(keys);
    });

    it('has no empty text', () => {
      for (const locale of LOCALES) {
        const empty = Object.entries(pair[locale] ?? {}).filter(([, text]) => typeof text !== 'string' || !text.trim());
        expect(empty, locale).toEqual([]);
      }
    });

    it('fills the same placeholders in every locale', () => {
      const [first, ...others] = LOCALES;
      const differ = Object.entries(pair[first] ?? {}).flatMap(([key, text]) =>
        others
          .filter((other) => {
            const theirs = pair[other]?.[key];
            return typeof theirs === 'string' && placeholders(theirs).join() !== placeholders(text).join();
          })
          .map(
            (other) =>
              `${key}: ${first} {${placeholders(text)}} vs ${other} {${placeholders(pair[other]?.[key] ?? '')}}`,
          ),
      );
      expect(differ).toEqual([]);
    });
  });
});
