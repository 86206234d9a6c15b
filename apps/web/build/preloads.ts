import type { Plugin, Rolldown } from 'vite';

/**
 * A lazy chunk's preload list (Vite's __vite__mapDeps) without the files its importer has already loaded: those the
 * importer imports statically, transitively (they ran before it could ask for the lazy chunk). Each name left out is
 * bytes off every page that carries the list; the pay page carries three (issue 25: pay page JS). Stylesheets are
 * kept: Vite loads a lazy chunk's CSS through the same list.
 */
export function knownPreloads(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }) => string[];
} {
  let imports = new Map<string, readonly string[]>();
  const loaded = new Map<string, Set<string>>();
  const closure = (file: string): Set<string> => {
    let seen = loaded.get(file);
    if (seen) return seen;
    seen = new Set<string>();
    const todo = [file];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...(imports.get(f) ?? []));
    }
    loaded.set(file, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'duka:known-preloads',
      apply: 'build',
      enforce: 'pre',
      generateBundle(_options, bundle: Rolldown.OutputBundle) {
        imports = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c.imports] as const] : [])));
        loaded.clear();
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !imports.has(hostId)) return deps;
      const there = closure(hostId);
      return deps.filter((d) => !there.has(d));
    },
  };
}
