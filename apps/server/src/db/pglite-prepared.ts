import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { statementNamer } from './prepared';

/**
 * Named (prepared) statements on PGlite (issue 27), as db/prepared.ts does on PostgreSQL. PGlite's `query` sends
 * every statement unnamed, in six calls into its WebAssembly (Parse, Describe, Bind, Describe, Execute, Sync): the
 * embedded PostgreSQL parses, analyses and plans each one anew. Here a statement text seen SEEN_BEFORE_NAMING times
 * (statementNamer: single SELECT/WITH/INSERT/UPDATE/DELETE statements, up to MAX_NAMED texts) is parsed once under a
 * name; each later run is one call (Bind, Execute, Sync) with the row description kept from the first, and after five
 * runs PostgreSQL keeps one generic plan when it is no dearer than planning each time (most of the gain: with
 * plan_cache_mode=force_custom_plan a push+pull round cost 1.17 ms per change against 0.96, and 1.23 unnamed).
 *
 * A generic plan is chosen for the table sizes and statistics of the moment (e.g. a sequential scan while a new
 * shop's tables hold a page). PGlite has no autovacuum: only the db-analyze job's ANALYZE (modules/jobs/analyze.ts,
 * every 5 minutes and after large writes, when the job queue runs) invalidates it. As a bound that needs no job, a
 * statement is also parsed and planned afresh every `replanAfter` runs (REPLAN_AFTER: a few custom plans per
 * thousand runs). Answers and errors are the same as
 * PGlite's `query` (its own parseResults; a DatabaseError carries the query and parameters as PGlite's does). Wraps
 * the client's `query` and the `query` of the transactions it opens (what drizzle-orm/pglite calls).
 */
export const REPLAN_AFTER = 2_000;

export function prepareRepeatedStatements(client: PGlite, { replanAfter = REPLAN_AFTER } = {}): void {
  const nameOf = statementNamer();
  const statements = new Map<string, { name: string; types: number[]; rows: unknown; runs: number }>();
  const { serialize } = protocol;
  const query = client.query.bind(client) as PGlite['query'];
  const transaction = client.transaction.bind(client) as PGlite['transaction'];

  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  /** Runs a named statement (parsed on its first run); holds the query mutex as PGlite's own query does. */
  const run = <T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) =>
    client._runExclusiveQuery(async () => {
      try {
        let statement = statements.get(text);
        if (!statement || statement.runs >= replanAfter) {
          statements.delete(text);
          const close = statement ? [serialize.close({ type: 'S', name })] : [];
          const described = await client.execProtocolStream(
            concat([...close, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
            { syncToFs: false },
          );
          const rows = described.find((m) => m.name === 'rowDescription') ?? null;
          statement = { name, types: parse.parseDescribeStatementResults(described), rows, runs: 0 };
          statements.set(text, statement);
        }
        statement.runs++;
        const types = statement.types;
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
          return serializer ? serializer(param) : String(param);
        });
        const messages = await client.execProtocolStream(
          concat([serialize.bind({ statement: name, values: values as string[] }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        if (!inTransaction) await client.syncToFs();
        const all = statement.rows ? [statement.rows, ...messages] : messages;
        return parse.parseResults(all as typeof messages, client.parsers, options)[0] as Results<T>;
      } catch (err) {
        if (err && typeof err === 'object' && 'code' in err) Object.assign(err, { query: text, params, queryOptions: options });
        throw err;
      }
    });

  const nameFor = (text: string, options?: QueryOptions) => (options?.blob || options?.paramTypes || typeof text !== 'string' ? undefined : nameOf(text));

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = nameFor(text, options);
    if (!name) return query<T>(text, params, options);
    return client._runExclusiveTransaction(() => run<T>(name, text, params ?? [], options, false));
  }) as PGlite['query'];

  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const named = Object.create(tx) as Transaction;
      named.query = <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        const name = nameFor(text, options);
        if (!name || tx.closed) return tx.query<R>(text, params, options);
        return run<R>(name, text, params ?? [], options, true);
      };
      return callback(named);
    })) as PGlite['transaction'];
}
