import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REFUSAL_REASONS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { i18next, LANGUAGES, type Language, namespaceOfFile } from './index';
import type { NamespaceTranslation } from './translation';

/**
 * Issue 19: every namespace registered in English has a French and a Swahili file beside it with exactly the same
 * keys (plural keys per the language's CLDR categories), the same {{placeholders}}, no key left unused in the source,
 * and each language's strings stay small (they download as one chunk when the language becomes active).
 */

const WEB = existsSync(join(process.cwd(), 'src/i18n')) ? process.cwd() : join(process.cwd(), 'apps/web');
const SRC = join(WEB, 'src');
type Translated = Exclude<Language, 'en'>;
const OTHERS = LANGUAGES.filter((l): l is Translated => l !== 'en');

// English: every *trings.ts registers its namespace when imported.
const english = import.meta.glob('../**/*trings.ts', { eager: true });
const translations: Record<Translated, Record<string, NamespaceTranslation>> = {
  fr: import.meta.glob<NamespaceTranslation>('../**/*trings.fr.ts', { eager: true, import: 'default' }),
  sw: import.meta.glob<NamespaceTranslation>('../**/*trings.sw.ts', { eager: true, import: 'default' }),
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}
const FILES = [...sourceFiles(SRC), ...sourceFiles(join(WEB, 'build'))].map((file) => ({ file: relative(WEB, file), text: readFileSync(file, 'utf8') }));
const REGISTRATION = /registerStrings\(\s*['"]([\w-]+)['"]/g;

/** ns → the English file registering it (one file per namespace). */
const registered = new Map<string, string>();
for (const { file, text } of FILES) for (const m of text.matchAll(REGISTRATION)) if (!file.endsWith('i18n/index.ts')) registered.set(m[1], file);

type Flat = Map<string, string>;
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, `<${typeof v}>`);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const categories = (language: Language) => new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

/** The keys a language must have for an English namespace: plural keys in the language's own categories. */
function expectedKeys(en: Flat, language: Language): Map<string, string> {
  const out = new Map<string, string>(); // key → the English key it translates
  for (const key of en.keys()) {
    const m = PLURAL.exec(key);
    if (!m) out.set(key, key);
    else if (m[1] === 'zero')
      out.set(key, key); // i18next's explicit zero form: kept in every language
    else if (m[1] === 'other') {
      const base = key.slice(0, -'_other'.length);
      for (const cat of categories(language)) out.set(`${base}_${cat}`, en.has(`${base}_${cat}`) ? `${base}_${cat}` : key);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

function englishNamespaces(): Map<string, Flat> {
  expect(Object.keys(english).length).toBeGreaterThan(10);
  const data = (i18next.store.data.en ?? {}) as Record<string, unknown>;
  return new Map([...registered.keys()].map((ns) => [ns, flatten(data[ns] ?? {})]));
}

describe('translations are complete (issue 19)', () => {
  it('every English namespace is registered from a *trings.ts file (so its translations have a place beside it)', () => {
    const misplaced = [...registered].filter(([, file]) => !/trings\.ts$/.test(file)).map(([ns, file]) => `${ns} in ${file}`);
    expect(misplaced, 'move these registerStrings calls into a strings.ts beside them').toEqual([]);
    expect(registered.size).toBeGreaterThan(10);
    const data = (i18next.store.data.en ?? {}) as Record<string, unknown>;
    const loaded = Object.keys(data).filter((ns) => Object.keys(data[ns] as object).length > 0);
    expect(loaded.sort()).toEqual([...registered.keys()].sort());
  });

  for (const language of OTHERS) {
    describe(language, () => {
      const byNs = new Map(Object.entries(translations[language]).map(([file, t]) => [t.ns, { file: relative(WEB, join(SRC, 'i18n', file)), t }]));

      it('has a file beside each English strings file, for the same namespace', () => {
        const missing = [...registered].filter(([ns]) => !byNs.has(ns)).map(([ns, file]) => `${file.replace(/\.ts$/, `.${language}.ts`)} (${ns})`);
        expect(missing, `missing ${language} files`).toEqual([]);
        const astray = [...byNs]
          .filter(([ns, { file }]) => registered.get(ns)?.replace(/\.ts$/, `.${language}.ts`) !== file)
          .map(([ns, { file }]) => `${file} says '${ns}'`);
        expect(astray, 'translations whose namespace is not the one registered beside them').toEqual([]);
        expect(Object.keys(translations[language]).length, 'two files translate the same namespace').toBe(byNs.size);
        // The runtime finds a namespace's chunk by the file's name (it cannot open the file to ask).
        const misnamed = Object.entries(translations[language])
          .filter(([file, t]) => namespaceOfFile(file) !== t.ns)
          .map(([file, t]) => `${file} holds '${t.ns}'`);
        expect(misnamed).toEqual([]);
      });

      it('has exactly the English keys, plurals in its own categories', () => {
        const problems: string[] = [];
        for (const [ns, en] of englishNamespaces()) {
          const t = byNs.get(ns);
          if (!t) continue;
          const have = flatten(t.t.strings);
          const want = expectedKeys(en, language);
          for (const key of want.keys()) if (!have.has(key)) problems.push(`${ns}: missing ${key}`);
          for (const key of have.keys()) if (!want.has(key)) problems.push(`${ns}: extra ${key}`);
          for (const [key, text] of have) if (!text.trim() || text.startsWith('<')) problems.push(`${ns}: ${key} is empty or not text`);
        }
        expect(problems).toEqual([]);
      });

      it('keeps the same {{placeholders}} as English', () => {
        const problems: string[] = [];
        for (const [ns, en] of englishNamespaces()) {
          const t = byNs.get(ns);
          if (!t) continue;
          const have = flatten(t.t.strings);
          for (const [key, from] of expectedKeys(en, language)) {
            const text = have.get(key);
            if (text === undefined) continue;
            const plural = PLURAL.test(key);
            // A plural form may write the number out ("un client"): {{count}} is free there, every other name is not.
            const ours = placeholders(text).filter((p) => !plural || p !== 'count');
            const theirs = placeholders(en.get(from)!).filter((p) => !plural || p !== 'count');
            if (ours.join() !== theirs.join()) problems.push(`${ns}: ${key} has {{${ours.join('}} {{')}}} but English has {{${theirs.join('}} {{')}}}`);
          }
        }
        expect(problems).toEqual([]);
      });

      it('downloads what a screen needs in at most 15 KB gzipped', () => {
        const gz = (ns: string) => gzipSync(JSON.stringify(byNs.get(ns)?.t.strings ?? {}), { level: 9 }).length;
        // Each namespace is its own chunk, loaded with the pages that use it.
        for (const ns of byNs.keys()) expect(gz(ns), ns).toBeLessThanOrEqual(15 * 1024);
        // Opening the app signed in: the frame, the shared pieces and the home tab (clients), plus the invoices.
        const first = ['common', 'pwa', 'ui', 'shell', 'sync', 'customerModal', 'clients', 'invoices'];
        const total = first.reduce((sum, ns) => sum + gz(ns), 0);
        expect(total).toBeGreaterThan(2000);
        expect(total).toBeLessThanOrEqual(15 * 1024);
      });
    });
  }

  it('counts plural categories the CLDR way: French one/many/other, Kiswahili one/other', () => {
    expect(categories('fr').sort()).toEqual(['many', 'one', 'other']);
    expect(categories('sw').sort()).toEqual(['one', 'other']);
  });
});

/**
 * Keys built at run time in a way the scan below cannot see; each entry says where. Keep it short: prefer
 * t(`group.${name}`) (which the scan understands) or a literal key.
 */
const DYNAMIC_KEYS: Record<string, string[]> = {
  // data/sync/refusalText.ts: a refused change is worded by its code (error.reason, one of core's REFUSAL_REASONS).
  refusal: [...REFUSAL_REASONS],
};

describe('no English key is unused (issue 19)', () => {
  const code = FILES.filter(({ file }) => !/trings(\.\w\w)?\.ts$/.test(file) && !/\.test\.tsx?$/.test(file));
  const text = code.map((f) => f.text).join('\n');
  // Template literals that build keys: `status.${s}` → /^status\.[\w.]+$/.
  const templates = [...text.matchAll(/`([\w.]*(?:\$\{[^}`]+\}[\w.]*)+)`/g)]
    .map((m) => m[1])
    .filter((t) => /[A-Za-z]{2,}/.test(t.replace(/\$\{[^}]+\}/g, '')))
    .map(
      (t) =>
        new RegExp(
          `^${t
            .split(/\$\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join('[^\'"`\\s]+')}$`,
        ),
    );
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  const used = (ns: string, key: string) =>
    new RegExp(`['"\`](?:${escape(ns)}:)?${escape(key)}['"\`]`).test(text) ||
    new RegExp(`(?:STRINGS|Strings)\\.${escape(key)}(?![\\w])`).test(text) ||
    templates.some((t) => t.test(key));

  it('every key of every namespace is used by some source file', () => {
    const unused: string[] = [];
    for (const [ns, en] of englishNamespaces()) {
      const bases = new Set([...en.keys()].map((k) => k.replace(PLURAL, '')));
      for (const key of bases) {
        if (DYNAMIC_KEYS[ns]?.includes(key) || used(ns, key)) continue;
        // i18next context: t('voided', { context: kind }) reads voided_quote (and publicTitle_credit_note: a kind).
        const context = /^(.+?)_(?:credit_note|[a-z]*)$/.exec(key);
        if (context && used(ns, context[1]) && /context:/.test(text)) continue;
        unused.push(`${ns}: ${key}`);
      }
    }
    expect(unused, 'remove these keys (in every language) or list a dynamic one in DYNAMIC_KEYS').toEqual([]);
    // It reads every source file: about 4 s on a busy 2-core machine, close to the 5 s default.
  }, 30_000);
});
