import type pg from 'pg';

/**
 * Named (prepared) statements for the statements a PostgreSQL server keeps running (issue 27). node-postgres sends an
 * unnamed statement by default, which PostgreSQL parses, analyses and plans on every call: for the sync statements
 * (a pull, a push's read and its write) planning took as long as running them (pg_stat_statements, 200 devices: the
 * push's read 1.0 ms to plan for 0.6 ms to run). A named statement is parsed once per connection, and after five runs
 * PostgreSQL keeps one generic plan when it is no dearer than planning each time.
 *
 * A statement text gets a name once it has been seen SEEN_BEFORE_NAMING times (one-off statements, e.g. migrations,
 * stay unnamed), up to MAX_NAMED texts per process (each connection keeps the ones it ran). Only single SELECT, WITH,
 * INSERT, UPDATE and DELETE statements, sent as a query object (Drizzle's way), are named. Their answers are the
 * same: only how often the server plans changes. DATABASE_PREPARED_STATEMENTS=off turns it off (e.g. behind a
 * PgBouncer in transaction mode older than 1.21, which cannot keep named statements).
 */
export const SEEN_BEFORE_NAMING = 3;
/**
 * A statement text starting with this comment is never named: it is planned on every call, for its own parameters.
 * For statements whose best plan depends on their values (a report's period: a month reads a few index pages, two
 * years half the table), where a generic plan chosen after five runs is far dearer than planning (issue 27: the
 * reports summary's documents query at 50,000 invoices took 110 ms with its own plan and 250 ms with the generic one).
 */
export const PLAN_EACH_CALL = '/* plan each call */ ';
export const MAX_NAMED = 500;
const MAX_COUNTED = 5_000;
const NAMEABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** The name for `text`, once it has been seen often enough (undefined: send it unnamed). */
export function statementNamer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (text.startsWith(PLAN_EACH_CALL)) return undefined;
    if (names.size >= MAX_NAMED || !NAMEABLE.test(text) || text.includes(';')) return undefined;
    const n = (counts.get(text) ?? 0) + 1;
    if (n < SEEN_BEFORE_NAMING) {
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, n);
      return undefined;
    }
    counts.delete(text);
    const name = `duka_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** node-postgres's Client, naming the statements statementNamer names (one namer for every connection of a pool). */
export function namingClient(Client: typeof pg.Client): typeof pg.Client {
  const nameOf = statementNamer();
  class NamingClient extends Client {}
  const query = Client.prototype.query as unknown as QueryFn;
  (NamingClient.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, config, values, callback) {
    const c = config as { text?: unknown; name?: unknown; submit?: unknown } | null;
    if (c && typeof c === 'object' && typeof c.submit !== 'function' && typeof c.text === 'string' && c.name === undefined) {
      const name = nameOf(c.text);
      if (name) return query.call(this, { ...c, name }, values, callback);
    }
    return query.call(this, config, values, callback);
  };
  return NamingClient;
}
