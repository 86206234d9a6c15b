import { isDeepStrictEqual } from 'node:util';
import { is, Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Drizzle's SQL objects turned into statement text and parameters with less garbage (issue 27). Drizzle renders a
 * statement by making, for every piece of it, an object with its text and a parameter array, and a copy of its
 * settings at every nesting level, then merging them: the sync push's two statements made ≈ 70 KB of such garbage per
 * request (45% of all a 1-change push allocates; collecting it was the largest single cost of a push). Here text and
 * parameters are appended to one accumulator as the pieces are walked.
 *
 * Only the common pieces are handled here — fixed text, nested SQL, parameters (a Param or a plain value) — in
 * exactly Drizzle's way (`$n` numbering, encoders, typings, inlined parameters left to Drizzle); any other piece
 * (tables, columns, names, placeholders, subqueries, aliases…) is rendered by Drizzle's own code for that piece, with
 * the same settings and the same parameter counter, so the result is Drizzle's.
 */

interface Built {
  sql: string;
  params: unknown[];
  typings?: string[];
}

type Config = Record<string, unknown> & {
  escapeParam: (num: number, value: unknown) => string;
  prepareTyping?: (encoder: unknown) => string;
  paramStartIndex: { value: number };
  inlineParams: boolean;
};

/** Drizzle's renderer of a list of pieces (a method of SQL that reads only its arguments and `mapInlineParam`). */
type DrizzleBuild = (this: SQL, chunks: unknown[], config: Config) => Built;
const drizzleBuild = (SQL.prototype as unknown as { buildQueryFromSourceParams: DrizzleBuild }).buildQueryFromSourceParams;

interface Acc {
  sql: string;
  params: unknown[];
  typings: string[] | undefined;
}

/** A statement's own "inline the parameters" flag (private in Drizzle's types). */
const inlines = (q: SQL) => (q as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

const isPlainValue = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function' && v !== undefined);

function addParam(acc: Acc, config: Config, value: unknown, typing: string): void {
  acc.sql += config.escapeParam(config.paramStartIndex.value++, value);
  acc.params.push(value);
  (acc.typings ??= []).push(typing);
}

function walk(top: SQL, chunks: unknown[], acc: Acc, config: Config, inline: boolean): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const parts = chunk.value;
      acc.sql += parts.length === 1 ? parts[0] : parts.join('');
      continue;
    }
    if (chunk === undefined) continue;
    if (chunk instanceof SQL) {
      walk(top, chunk.queryChunks, acc, config, inline || inlines(chunk));
      continue;
    }
    if (!inline) {
      if (chunk instanceof Param && !is(chunk.value, Placeholder)) {
        const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (isPlainValue(mapped) || !is(mapped, SQL)) {
          addParam(acc, config, mapped, config.prepareTyping ? config.prepareTyping(chunk.encoder) : 'none');
          continue;
        }
      } else if (isPlainValue(chunk)) {
        addParam(acc, config, chunk, 'none');
        continue;
      }
    }
    // Anything else, as Drizzle renders it (same settings, same parameter counter).
    const built = drizzleBuild.call(top, [chunk], { ...config, inlineParams: inline });
    acc.sql += built.sql;
    for (const p of built.params) acc.params.push(p);
    if (built.typings?.length) for (const t of built.typings) (acc.typings ??= []).push(t);
  }
}

/** `query` as Drizzle's `query.toQuery(config)` builds it (config as PgDialect.sqlToQuery makes it). */
export function buildSql(query: SQL, config: Record<string, unknown>): Built {
  const full = { ...config, inlineParams: Boolean(config.inlineParams) || inlines(query), paramStartIndex: { value: 0 } } as Config;
  const acc: Acc = { sql: '', params: [], typings: undefined };
  walk(query, query.queryChunks, acc, full, full.inlineParams);
  return acc.typings ? { sql: acc.sql, params: acc.params, typings: acc.typings } : { sql: acc.sql, params: acc.params };
}

/**
 * Makes `dialect` (the one a Drizzle database, its transactions and its query builders share) render statements with
 * buildSql. `check` (tests, development): every statement is also rendered by Drizzle, and a difference throws.
 */
export function renderStatementsLean(dialect: PgDialect, check: boolean): void {
  const d = dialect as unknown as Record<string, unknown> & { sqlToQuery: (query: SQL, invokeSource?: unknown) => Built };
  const original = d.sqlToQuery.bind(dialect);
  d.sqlToQuery = (query, invokeSource) => {
    const built = buildSql(query, {
      casing: d.casing,
      escapeName: d.escapeName,
      escapeParam: d.escapeParam,
      escapeString: d.escapeString,
      prepareTyping: d.prepareTyping,
      invokeSource,
    });
    if (check) {
      const drizzle = original(query, invokeSource);
      if (!isDeepStrictEqual(built, drizzle)) throw new Error(`sql-text: rendered differently from Drizzle:\n${built.sql}\n${drizzle.sql}`);
    }
    return built;
  };
}
