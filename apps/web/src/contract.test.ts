// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/sourceFiles';
import { API_ROUTES } from '@duka/core';
import { PAGES, pagePaths } from './paths';

/**
 * Issue 16: packages/core is the one contract. A type core exports must be imported, never re-declared
 * in the web app (copies drift: a second InvoiceRecord, PublicInvoice with guessed shapes…). Aliases of
 * core's types (`type User = ApiUser`) are fine; a new interface or object type under a core name is not.
 */
const here = dirname(fileURLToPath(import.meta.url));
const coreSrc = join(here, '../../../packages/core/src');

/** Names of the types core exports (export interface X, export type X = …). */
function coreTypeNames(): Set<string> {
  const names = new Set<string>();
  for (const f of sourceFiles(coreSrc)) for (const m of readFileSync(f, 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)) names.add(m[1]);
  return names;
}

/** Declarations in a web file that give a shape of their own: `interface X`, `type X = {`, `type X = z.…`, `type X = Omit<…>`. */
export function ownShapes(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:export )?interface (\w+)/gm)) out.push(m[1]);
  for (const m of source.matchAll(/^\s*(?:export )?type (\w+)(?:<[^=]*>)? = (?:\{|z\.|Omit<|Pick<|Partial<)/gm)) out.push(m[1]);
  return out;
}

/** Web names that mean a core type under another name (the copies issue 16 found). */
const DERIVED: Record<string, string[]> = { 'data/db.ts': ['Invoice'], 'data/sync/pull.ts': ['PullPage'] };
const KNOWN_COPIES = ['User', 'InvoiceRecord', 'Invoice', 'PublicInvoice', 'PushResult', 'PullPage'];

describe('web copies of core types', () => {
  it('finds a copy when there is one (the check can fail)', () => {
    expect(ownShapes('export interface PublicInvoice {\n  number: string;\n}')).toEqual(['PublicInvoice']);
    expect(ownShapes('type AppState = { user: User };\nexport type User = ApiUser;')).toEqual(['AppState']);
  });

  it('re-declares no type that core exports', () => {
    const core = coreTypeNames();
    expect(core.has('ApiUser')).toBe(true);
    expect(core.has('PublicInvoice')).toBe(true);
    const copies: string[] = [];
    for (const f of sourceFiles(here)) {
      // Derived from core with Omit: the device's invoice (core's InvoiceRecord made local) and a pull page with typed records.
      const allowed = new Set(DERIVED[relative(here, f)] ?? []);
      for (const name of ownShapes(readFileSync(f, 'utf8')))
        if ((core.has(name) || KNOWN_COPIES.includes(name)) && !allowed.has(name)) copies.push(`${relative(here, f)}: ${name}`);
    }
    expect(copies).toEqual([]);
  });
});

/**
 * Issue 24: the web reaches the server only through the typed client (data/api.ts: paths, params and answers from
 * core's route map), the sync engine included, and restates none of core's sync limits.
 */
const RAW_CALLS: [string, RegExp][] = [
  ['fetch()', /\bfetch\(/],
  ['request() with a path', /\brequest(?:<[^>]*>)?\(\s*[`'"]/],
  ['an /api/ path', /[`'"]\/api(?:[/?`'"])/],
  ['a /sync/ path', /[`'"]\/sync\/(?:push|pull|first|history)/],
  ['a batch or page size of its own', /\b(?:PUSH_BATCH|PULL_LIMIT)\s*=\s*\d/],
  ['a route key built at run time', /\b(?:api|apiBlob|routePath|call)\(\s*`/],
];
/** The typed client's own transport, and test helpers that stand in for the server. */
// data/api.ts is the typed client; testModeAhead.ts and firstPageEarly.ts are index.html's early requests, made before
// the app (and the typed client) has loaded, kept free of dependencies: their paths are checked against core's route
// map below.
const TRANSPORT = new Set(['data/api.ts', 'app/shell/testModeAhead.ts', 'data/sync/firstPageEarly.ts']);

export function rawCalls(source: string): string[] {
  return RAW_CALLS.filter(([, re]) => re.test(source)).map(([name]) => name);
}

describe('calls to the server (issue 24)', () => {
  it('finds a raw call when there is one (the check can fail)', () => {
    expect(rawCalls('await request<PullPage>(`/sync/pull?collection=${c}`)')).toEqual(['request() with a path', 'a /sync/ path']);
    expect(rawCalls("const r = await fetch('/api/state')")).toEqual(['fetch()', 'an /api/ path']);
    // The mount itself is core's API_MOUNT; a page path that an API path shares ('/invoices/…', '/login') is not a call.
    expect(rawCalls("export const API_BASE = env.VITE_API_BASE ?? '/api';")).toEqual(['an /api/ path']);
    expect(rawCalls('return `/login?${new URLSearchParams({ next: path }).toString()}`;')).toEqual([]);
    expect(rawCalls('export const PUSH_BATCH = 500;')).toEqual(['a batch or page size of its own']);
    expect(rawCalls("api('GET /sync/pull', { query: { collection } })")).toEqual([]);
    expect(rawCalls('await this.call(`GET /${collection}/:id` as never, { params: { id } })')).toEqual(['a route key built at run time']);
  });

  it("the early script's one request is a route of core's map, open to anyone", () => {
    const source = readFileSync(join(here, 'app/shell/testModeAhead.ts'), 'utf8');
    const paths = [...source.matchAll(/\$\{base\}(\/[\w/-]+)/g)].map((m) => m[1]);
    expect(paths).toEqual(['/payments/config']);
    expect(API_ROUTES['GET /payments/config']).toMatchObject({ auth: false });
  });

  it("the early first page (issue 30) asks core's GET /sync/first, signed in, for contacts", () => {
    const source = readFileSync(join(here, 'data/sync/firstPageEarly.ts'), 'utf8');
    const paths = [...source.matchAll(/\$\{base\}(\/[\w/-]+)\?collection=(\w+)/g)].map((m) => [m[1], m[2]]);
    expect(paths).toEqual([['/sync/first', 'contacts']]);
    expect(API_ROUTES['GET /sync/first']).toBeDefined();
    expect(API_ROUTES['GET /sync/first']).not.toMatchObject({ auth: false });
  });

  it('makes every call through the typed client', () => {
    const raw: string[] = [];
    for (const f of sourceFiles(here)) {
      const name = relative(here, f);
      if (TRANSPORT.has(name) || name.startsWith('test/')) continue;
      for (const what of rawCalls(readFileSync(f, 'utf8'))) raw.push(`${name}: ${what}`);
    }
    expect(raw).toEqual([]);
  });
});

/**
 * Issue 24: the app's own page paths are written once, in paths.ts (PAGES and pagePaths), and screens link and
 * navigate through them, and the router's table (app/routes.tsx) takes its route patterns from them.
 */
const PAGE_SEGMENTS = [
  ...new Set(
    [...Object.values(PAGES), ...Object.values(pagePaths).map((page) => (page as (x: string) => string)('x'))].map((p) => p.split(/[/?]/)[1]).filter(Boolean),
  ),
];
const PAGE_LITERAL = new RegExp(`[\`'"]/(?:${PAGE_SEGMENTS.map((s) => s.replace(/[-/]/g, '\\$&')).join('|')})(?=[/?\`'"]|\\$\\{)`);
/** The one place page paths are written (the customer's pages in publicPaths.ts, which paths.ts re-exports for the pay page's budget); the router's table (app/routes.tsx) builds its patterns from it too. */
const PAGE_PATH_HOMES = new Set(['paths.ts', 'publicPaths.ts']);

export function pagePathLines(source: string): string[] {
  return source.split('\n').filter((line) => PAGE_LITERAL.test(line) && !/^\s*(?:\/\/|\*|\/\*)/.test(line) && !/^\s*(?:import|export .* from)\b/.test(line));
}

describe('page paths (issue 24)', () => {
  it('finds a page path written as a string (the check can fail)', () => {
    expect(pagePathLines("navigate('/tabs/expense');")).toHaveLength(1);
    expect(pagePathLines('to={`/invoices/${inv.id}`}')).toHaveLength(1);
    expect(pagePathLines('return `/login?${new URLSearchParams({ next }).toString()}`;')).toHaveLength(1);
    expect(pagePathLines("href={view.data?.return_url ?? '/settings/billing'}")).toHaveLength(1);
    expect(pagePathLines("navigate(pagePaths.invoice(inv.id));\nconst video = '/videos/intro.webm';")).toEqual([]);
    expect(pagePathLines("api('GET /invoices/:id', { params: { id } })")).toEqual([]);
  });

  it('writes every page path in paths.ts only, the router table included', () => {
    const found = new Set<string>();
    for (const f of sourceFiles(here)) {
      const name = relative(here, f);
      if (PAGE_PATH_HOMES.has(name) || name.startsWith('test/') || name.endsWith('/testing.tsx')) continue;
      for (const line of pagePathLines(readFileSync(f, 'utf8'))) found.add(`${name}: ${line.trim()}`);
    }
    expect([...found]).toEqual([]);
  });
});
