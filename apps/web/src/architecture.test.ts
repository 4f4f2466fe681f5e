import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way, app → features → shared (CONVENTIONS habit 1), and two features meet only
 * through what one of them declares public:
 * - `features/<f>/public.ts` re-exports what other features may import;
 * - `features/<f>/public-lazy.ts` holds loaders (`() => import(…)`) of what other features mount
 *   lazily. It imports nothing statically, so reading it never drags a page into the importer's chunk.
 * app/ may import anything. Test files are held to the same rules: a test that composes several
 * features lives in app/.
 */

const SRC = import.meta.dirname;
const PUBLIC_FILES = ['public.ts', 'public-lazy.ts'];

/** Feature files that import app/, each with its reason. */
const APP_IMPORTS_REVIEWED: Record<string, string> = {
  // The sign-in form is the first screen: its test renders it inside the console's own providers
  // (merged dictionaries, the app's query client), not the page harness.
  'features/login/components/login-form.test.tsx': 'app/providers.tsx',
};

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => file.split('\\').join('/'));

/** Static imports and re-exports, side-effect imports, import(), and vi.mock / vi.importActual. */
const SPECIFIER =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\bvi\.(?:mock|importActual|doMock)\(\s*['"]([^'"]+)['"]/g;

interface Import {
  from: string;
  to: string;
  dynamic: boolean;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (!specifier.startsWith('.')) return [];
    const to = relative(SRC, resolve(dirname(join(SRC, file)), specifier))
      .split('\\')
      .join('/');
    return [
      { from: file, to, dynamic: match[2] !== undefined, typeOnly: /^(?:import|export)\s+type\b/.test(match[0]) },
    ];
  });
}

const imports = sources.flatMap(importsOf);
const describeImport = ({ from, to }: Import) => `${from} → ${to}`;
const featureOf = (path: string) => (path.startsWith('features/') ? path.split('/')[1] : undefined);

describe('architecture', () => {
  it('reads the sources (the import pattern still matches)', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(
      imports.some(({ from, to }) => from === 'app/routing/route-registry.ts' && to === 'features/devices/routes.tsx'),
    ).toBe(true);
    expect(imports.some(({ from, dynamic }) => from === 'features/devices/routes.tsx' && dynamic)).toBe(true);
  });

  it('shared/ imports no feature and nothing of app/', () => {
    const wrong = imports.filter(
      ({ from, to }) => from.startsWith('shared/') && (to.startsWith('features/') || to.startsWith('app/')),
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('features import nothing of app/ (but the reviewed exceptions)', () => {
    const wrong = imports.filter(
      ({ from, to }) => from.startsWith('features/') && to.startsWith('app/') && APP_IMPORTS_REVIEWED[from] !== to,
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it("a feature imports another only through that one's public.ts or public-lazy.ts", () => {
    const wrong = imports.filter(({ from, to }) => {
      const [source, target] = [featureOf(from), featureOf(to)];
      if (!source || !target || source === target) return false;
      return !PUBLIC_FILES.some((file) => to === `features/${target}/${file}`);
    });
    expect(wrong.map(describeImport)).toEqual([]);
  });

  it('public-lazy.ts files import nothing statically but types', () => {
    const wrong = imports.filter(
      ({ from, dynamic, typeOnly }) => from.endsWith('/public-lazy.ts') && !dynamic && !typeOnly,
    );
    expect(wrong.map(describeImport)).toEqual([]);
  });
});
