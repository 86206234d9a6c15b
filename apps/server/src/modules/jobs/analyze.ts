import type { Database } from '../../db/connect';
import type { AppContext } from '../../lib/context';

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, so its tables never get planner statistics on
 * their own and, past a certain size, some plans go badly wrong (issue 22: a 500-id read took 45 s at 16,000
 * clients). This does autovacuum's ANALYZE part on PGlite, by autovacuum's own rule: a table is analyzed once more
 * than 50 + 10% of its rows changed since its last ANALYZE. Cheap when nothing changed (one look at the counters),
 * bounded (at most MAX_TABLES tables a run, the most changed first; ANALYZE reads a sample of at most 30,000 rows).
 * PostgreSQL has its own autovacuum: nothing is done there.
 */
export const ANALYZE_JOB = 'db-analyze';
const THRESHOLD = 50;
const SCALE = 0.1;
const MAX_TABLES = 12;

export interface Analyzed {
  table: string;
  rows: number;
  changed: number;
  ms: number;
}

/** ANALYZEs the PGlite tables that changed enough since their last ANALYZE; [] on PostgreSQL or when none did. */
export async function analyzeStale(database: Pick<Database, 'kind' | 'execute'>): Promise<Analyzed[]> {
  if (database.kind !== 'pglite') return [];
  // PGlite publishes its change counters lazily: ask for them now (they are published at the next statement's end).
  await database.execute('select pg_stat_force_next_flush()');
  await database.execute('select 1');
  const { rows } = await database.execute(
    `select schemaname, relname, n_live_tup, n_mod_since_analyze from pg_stat_user_tables
      where n_mod_since_analyze > $1::float8 + $2::float8 * n_live_tup order by n_mod_since_analyze desc limit $3::int`,
    [THRESHOLD, SCALE, MAX_TABLES],
  );
  const done: Analyzed[] = [];
  for (const r of rows) {
    const ident = (s: unknown) => `"${String(s).replace(/"/g, '""')}"`;
    const start = performance.now();
    await database.execute(`analyze ${ident(r.schemaname)}.${ident(r.relname)}`);
    done.push({
      table: `${r.schemaname}.${r.relname}`,
      rows: Number(r.n_live_tup),
      changed: Number(r.n_mod_since_analyze),
      ms: Math.round(performance.now() - start),
    });
  }
  return done;
}

/**
 * After writes (a sync push, an import): analyzes what changed enough, at most once every `everyMs` and never two
 * at a time, without holding up the writer. Writes that come while it is resting are caught by one more run when
 * the rest is over (so an import's last batches are counted too); the periodic job (ANALYZE_JOB, every 5 minutes)
 * catches anything else.
 */
export function analyzeAfterWrites(
  ctx: AppContext,
  log: { info: (o: unknown, msg?: string) => void; error: (o: unknown, msg?: string) => void },
  everyMs = 10_000,
): () => void {
  let last = 0;
  let running = false;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    running = true;
    last = Date.now();
    analyzeStale(ctx.database)
      .then((done) => {
        if (done.length) log.info({ analyzed: done }, 'analyzed PGlite tables');
      })
      .catch((err) => log.error(err, 'ANALYZE failed'))
      .finally(() => {
        running = false;
      });
  };
  const poke = () => {
    if (ctx.database.kind !== 'pglite' || pending) return;
    const wait = running ? everyMs : Math.max(0, last + everyMs - Date.now());
    pending = setTimeout(() => {
      pending = null;
      if (running) poke();
      else run();
    }, wait);
    pending.unref?.();
  };
  return poke;
}
