// Zod compiles fast parsers with `new Function` when it can, and probes for that when a schema is built; under the
// app's script-src 'self' (no 'unsafe-eval') the probe is a CSP violation, reported even though Zod falls back.
// Zod reads its settings from globalThis.__zod_globalConfig (zod/v4/core/core.js), so this module sets `jitless` there
// without importing Zod. The build puts it in the same chunk as Zod's core (build/chunks.ts, group `zod`): it runs
// when that chunk runs, before any chunk that builds a schema, whatever order the entries import things in.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
