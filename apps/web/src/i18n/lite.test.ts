import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18next, LANGUAGES } from './index';
import { ensure, keysTried, translate } from './lite';
import type { NamespaceTranslation } from './translation';

/**
 * Issue 25: the pay page reads its strings with i18n/lite, not i18next. Its lookup must give exactly what i18next gives
 * for every string of the app, in every language: plural forms (French `_many`), contexts, {{placeholders}}, English
 * when a translation lacks a key. And nothing the pay page loads may import i18next.
 */

// English: every *trings.ts registers its namespace when imported (and i18n/index gives it to i18next too).
const english = import.meta.glob<Record<string, unknown>>('../**/*trings.ts', { eager: true });
const namespaces = new Set(Object.values(import.meta.glob<NamespaceTranslation>('../**/*trings.fr.ts', { eager: true, import: 'default' })).map((t) => t.ns));

function keysOf(value: unknown, prefix = '', out: string[] = []): string[] {
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') keysOf(v, key, out);
    else out.push(key);
  }
  return out;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('the pay page string lookup (i18n/lite)', () => {
  it('gives what i18next gives for every key, count, context and language', async () => {
    expect(Object.keys(english).length).toBeGreaterThan(20);
    await Promise.all([...namespaces].flatMap((ns) => [ensure('fr', ns), ensure('sw', ns)]));
    let compared = 0;
    const differ: string[] = [];
    for (const ns of namespaces) {
      const keys = keysOf(i18next.getResourceBundle('en', ns));
      const asked = new Set<string>();
      for (const key of keys) {
        const base = key.replace(PLURAL, '');
        asked.add(base);
        // A key_context form: asked for as the base key with that context.
        for (let i = base.lastIndexOf('_'); i > 0; i = base.lastIndexOf('_', i - 1)) asked.add(`${base.slice(0, i)}\u0000${base.slice(i + 1)}`);
      }
      asked.add('noSuchKey');
      for (const language of LANGUAGES) {
        const t = i18next.getFixedT(language, ns);
        for (const ask of asked) {
          const [key, context] = ask.split('\u0000');
          for (const count of [undefined, 0, 1, 2, 5, 1_000_000]) {
            const options = { count, context, name: 'Ada', amount: 'KSh 10', rail: 'MTN MoMo', number: 'INV-7', wait: 'in 3 minutes' };
            if (count === undefined) delete options.count;
            const [mine, theirs] = [translate(language, ns, key, options), t(key, options)];
            if (mine !== theirs) differ.push(`${language} ${ns}:${key} ${context ?? ''} ${count ?? ''}: ${mine} ≠ ${theirs}`);
            compared++;
          }
        }
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  }, 120_000);

  it('takes French `_many` for a million, `_zero` for none when a string has one, the context before the plain key', () => {
    expect(keysTried('fr', 'minutes', 1_000_000, undefined)[0]).toBe('minutes_many');
    expect(keysTried('en', 'minutes', 1_000_000, undefined)[0]).toBe('minutes_other');
    expect(keysTried('en', 'n', 0, undefined).slice(0, 2)).toEqual(['n_zero', 'n_other']);
    expect(keysTried('fr', 'title', undefined, 'quote')).toEqual(['title_quote', 'title']);
    expect(translate('fr', 'ui', 'errors.wait.minutes', { count: 1_000_000 })).toBe('dans 1000000 minutes');
    expect(translate('fr', 'ui', 'errors.wait.minutes', { count: 1 })).toBe('dans une minute');
    expect(translate('sw', 'ui', 'ui:noSuchKey')).toBe('noSuchKey');
  });
});

/** The files a module imports (static and lazy), relative ones resolved, transitively from `entry`. */
function importGraph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(file, 'utf8').replace(/^import type .*$/gm, ''); // types only: nothing loads
    const specs = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)].map((m) => m[1]);
    seen.set(file, specs);
    for (const spec of specs) {
      if (!spec.startsWith('.')) continue;
      const base = resolve(dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && exists(f));
      if (found) todo.push(found);
    }
  }
  return seen;
}
function exists(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
const SRC = resolve(__dirname, '..');
const i18nextUsers = (entry: string) =>
  [...importGraph(join(SRC, entry))].filter(([, specs]) => specs.includes('i18next')).map(([file]) => file.slice(SRC.length + 1));

describe('the pay page and i18next', () => {
  it('finds i18next in the app (the check can fail)', () => {
    expect(i18nextUsers('appMain.tsx')).toContain('i18n/index.ts');
  });

  it('never loads i18next, on any public page or after any tap', () => {
    expect(i18nextUsers('public/main.tsx')).toEqual([]);
  });
});
