import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A relative import's file (tsx/ts, or a folder's index), or null for a package or a stylesheet. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(f) && existsSync(f)) return f;
  }
  return null;
}

/** Every module of src/ the entry can run: static imports, re-exports and dynamic import()s, type-only imports aside. */
function reach(entry: string): Map<string, string> {
  const via = new Map<string, string>([[entry, '']]);
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    const code = readFileSync(file, 'utf8');
    const specs = [
      ...[...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    for (const spec of specs) {
      const to = resolve(file, spec);
      if (!to || via.has(to)) continue;
      via.set(to, file);
      todo.push(to);
    }
  }
  return via;
}

const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');
function chain(via: Map<string, string>, file: string): string {
  const out = [rel(file)];
  for (let f = via.get(file); f; f = via.get(f)) out.unshift(rel(f));
  return out.join(' → ');
}

describe('the pay page (public/main.tsx) and its lazy screens', () => {
  // The app's page table and the app's own start-up live in the app's chunks: a chunk of the app that the pay page
  // loads can run appMain.tsx, whose React root then draws over the pay page's (t21: the thank-you after a plan or
  // credit checkout threw "Failed to execute 'removeChild' on 'Node'"). The pay page's budget is the other reason.
  const APP_ONLY = ['appMain.tsx', 'paths.ts', 'app/App.tsx', 'app/routes.tsx', 'app/Shell.tsx', 'data/db.ts', 'data/queryClient.ts', 'features/plans/api.ts'];

  it('never reach the app’s start-up, page table, device database or query cache', () => {
    const via = reach(path.join(SRC, 'public/main.tsx'));
    expect(via.size).toBeGreaterThan(20);
    const reached = APP_ONLY.map((m) => path.join(SRC, m))
      .filter((f) => via.has(f))
      .map((f) => chain(via, f));
    expect(reached).toEqual([]);
  });
});
