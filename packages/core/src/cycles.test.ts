import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: no import cycles, between files or between modules (core's folders, the server's modules, the web's
 * features). A cycle means two pieces cannot be read, tested or loaded one without the other, and which one runs
 * first decides what the other sees. A shared piece lives where both can import it: core, or a file of its own.
 *
 * What counts: static imports and re-exports, types included (a type imported both ways still ties the two files
 * together); a dynamic `import()` loads later, on purpose, and is left out. `runtimeImports(…, false)` leaves types out.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['packages/core/src', 'packages/pdf/src', 'apps/server/src', 'apps/web/src'];

/**
 * The web's layers, top to bottom: the entries (main.tsx and the app behind it, appMain.tsx; public/) → app/ (the frame, the routes) → the features →
 * boot/ (start-up and loading helpers), ui/ → data/. A piece both a feature and app/ need lives below both (boot/, ui/,
 * data/), or is passed in; app/ may import any feature, no feature imports app/. (Dynamic imports are left out: a lazy
 * page or a file loaded later is not a tie.)
 */
const WEB_ENTRIES = ['web/src/main', 'web/src/appMain', 'web/src/public'];
const WEB_BELOW_FEATURES = ['web/src/boot', 'web/src/ui', 'web/src/data', 'web/src/i18n'];

/** Code that only tests run (tests, their helpers and fixtures, the test harness): it may import the whole app. */
const TEST_ONLY = /\.(test|spec)\.tsx?$|test-utils\.tsx?$|[tT]esting\.tsx?$|[fF]ixtures?\.tsx?$|[\\/]src[\\/]test[\\/]/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !TEST_ONLY.test(path) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The specifiers a source loads when it runs: static imports and re-exports that are not type-only. */
export function runtimeImports(source: string, fileName = 'x.ts', withTypes = false): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly && !withTypes) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes || withTypes) out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (st.isTypeOnly && !withTypes) continue;
      const named = st.exportClause;
      if (!withTypes && named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      out.push(st.moduleSpecifier.text);
    }
  }
  return out;
}

/** The file a relative specifier names (`./x`, `./x.js`, `./dir` → its index), or null for a package. */
function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.(m?js|tsx?)$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c)) return c;
  return null;
}

/** The module a file belongs to: a core or pdf folder, a server module, a web feature, else the app's top folder. */
export function moduleOf(file: string): string {
  const rel = relative(root, file).split(/[\\/]/);
  const [a, b, src, first, second] = rel;
  const inFolder = rel.length > 4;
  if (a === 'apps' && b === 'server' && first === 'modules' && rel.length > 5) return `server/modules/${second}`;
  if (a === 'apps' && b === 'web' && first === 'features' && rel.length > 5) return `web/features/${second}`;
  return `${b}/${src}/${inFolder ? first : first.replace(/\.tsx?$/, '')}`;
}

/** Strongly connected components of more than one node (each one cycle or a knot of them), each sorted. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) out.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out.sort((x, y) => x[0].localeCompare(y[0]));
}

const built = new Map<boolean, ReturnType<typeof buildGraphs>>();
function graphs(withTypes = false) {
  if (!built.has(withTypes)) built.set(withTypes, buildGraphs(withTypes));
  return built.get(withTypes)!;
}

function buildGraphs(withTypes: boolean) {
  const files = new Map<string, Set<string>>();
  const modules = new Map<string, Set<string>>();
  for (const dir of SOURCES) {
    for (const file of sourceFiles(join(root, dir))) {
      const name = relative(root, file);
      const from = moduleOf(file);
      if (!files.has(name)) files.set(name, new Set());
      if (!modules.has(from)) modules.set(from, new Set());
      for (const spec of runtimeImports(readFileSync(file, 'utf8'), file, withTypes)) {
        const to = resolveSpecifier(file, spec);
        if (!to) continue;
        files.get(name)!.add(relative(root, to));
        const toModule = moduleOf(to);
        if (toModule !== from) modules.get(from)!.add(toModule);
      }
    }
  }
  return { files, modules };
}

describe('import cycles (issue 24)', { timeout: 30_000 }, () => {
  it('reads what loads code and finds a knot of files or modules', () => {
    expect(
      runtimeImports(
        "import { a } from './a';\nimport type { B } from './b';\nimport { type C } from './c';\nexport * from './d';\nexport type { E } from './e';\nconst f = () => import('./f');",
      ),
    ).toEqual(['./a', './d']);
    expect(runtimeImports("import { type C, d } from './c';\nimport './side';")).toEqual(['./c', './side']);
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c']]);
    expect(moduleOf(join(root, 'apps/web/src/features/sell/SellPage.tsx'))).toBe('web/features/sell');
    expect(moduleOf(join(root, 'apps/server/src/modules/invoices/routes.ts'))).toBe('server/modules/invoices');
    expect(moduleOf(join(root, 'packages/core/src/invoices/status.ts'))).toBe('core/src/invoices');
    expect(moduleOf(join(root, 'packages/core/src/money.ts'))).toBe('core/src/money');
    expect(moduleOf(join(root, 'apps/web/src/data/sync/engine.ts'))).toBe('web/src/data');
  });

  it('no file imports, through others, a file that imports it', () => {
    expect(cyclesOf(graphs(true).files)).toEqual([]);
  });

  it('no module (core folder, server module, web feature or top folder) imports, through others, a module that imports it', () => {
    expect(cyclesOf(graphs(true).modules)).toEqual([]);
  });

  it("the web's layers: only the entries import app/, and boot/, ui/, data/ and i18n/ import no feature", () => {
    const wrong: string[] = [];
    for (const [from, tos] of graphs(true).modules) {
      if (!from.startsWith('web/')) continue;
      for (const to of tos) {
        if (to === 'web/src/app' && !WEB_ENTRIES.includes(from)) wrong.push(`${from} -> ${to}`);
        if (to.startsWith('web/features/') && WEB_BELOW_FEATURES.includes(from)) wrong.push(`${from} -> ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
