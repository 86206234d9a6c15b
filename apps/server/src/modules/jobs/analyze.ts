import type { Database } from '../../db/connect';
import type { AppContext } from '../../lib/context';

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, so its tables never get planner statistics on
 * their own and, past a certain size, some plans go badly wrong (issue 22: a 500-id read took 45 s at 16,000
 * clients), and the dead rows every UPDATE and DELETE leaves are never reclaimed (tables and indexes only grow, and
 * every scan reads past them). This does autovacuum's work on PGlite, by autovacuum's own rules:
 *  - ANALYZE once more than 50 + 10% of a table's rows changed since its last ANALYZE;
 *  - VACUUM once it holds more than 50 + 20% of its rows in dead rows (only when asked: the periodic job), or once more
 *    than 1,000 + 20% of its rows were inserted since its last VACUUM (autovacuum's insert rule, PostgreSQL 13+:
 *    VACUUM marks the new pages all-visible, which index-only scans need to skip reading the rows themselves).
 * PGlite starts its counters again at each open (nothing of pg_stat_user_tables survives a restart), so the dead rows
 * an earlier run of the server left unvacuumed (it stopped within the 5 minutes before the job) would be counted never:
 * a table over VACUUM_UNSEEN_BYTES is also vacuumed once after each open (last_vacuum is null until then). When it is
 * clean that costs little (VACUUM skips the pages the visibility map says are all-visible). Issue 27, 50,000 invoices
 * each updated once and left unvacuumed: the reports summary of a year took 1,020 ms, and 296 ms after the VACUUM.
 * Cheap when nothing changed (one look at the counters) and bounded: one statement per table (PGlite runs one
 * statement at a time, so a writer waits for at most one table's work, never for the whole run: writes queued
 * meanwhile run between two tables), the most changed tables first, at most MAX_TABLES a run and no new table once
 * the run took BUDGET_MS (the rest is done by the next run). ANALYZE reads a sample of at most 30,000 rows; a plain
 * VACUUM (never FULL) skips the pages without dead rows. PostgreSQL has its own autovacuum: nothing is done there.
 *
 * PGlite runs in the server's own thread: while a table is analyzed, no request is served at all (issue 27, 1,000
 * devices on one PGlite: `analyze invoices` took 0.5–1.3 s under load, three tables back to back stopped every request
 * for up to 2.7 s every 10 s). So the run lets waiting requests in between two tables, and the after-writes runs (see
 * analyzeAfterWrites) sample fewer rows and come less often when they cost more.
 */
export const ANALYZE_JOB = 'db-analyze';
const THRESHOLD = 50;
const SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_INSERT_THRESHOLD = 1_000;
const VACUUM_INSERT_SCALE = 0.2;
/** Tables smaller than this are read whole quickly anyway: they are not vacuumed just for being unseen since the open. */
const VACUUM_UNSEEN_BYTES = 1024 * 1024;
const MAX_TABLES = 12;
const BUDGET_MS = 2_000;

export interface Analyzed {
  table: string;
  /** What was run: ANALYZE, VACUUM, or both in one statement. */
  action: 'analyze' | 'vacuum' | 'vacuum (analyze)';
  rows: number;
  changed: number;
  dead: number;
  ms: number;
}

/**
 * ANALYZEs the PGlite tables that changed enough since their last ANALYZE and, with `vacuum`, VACUUMs those holding
 * too many dead rows; [] on PostgreSQL or when none needs it.
 */
export async function analyzeStale(
  database: Pick<Database, 'kind' | 'execute'>,
  opts: {
    vacuum?: boolean;
    budgetMs?: number;
    /** PostgreSQL's statistics target for this run (default_statistics_target: 300 × it rows are sampled); default 100. */
    statisticsTarget?: number;
  } = {},
): Promise<Analyzed[]> {
  if (database.kind !== 'pglite') return [];
  const budget = opts.budgetMs ?? BUDGET_MS;
  // PGlite publishes its change counters lazily: ask for them now (they are published at the next statement's end).
  await database.execute('select pg_stat_force_next_flush()');
  await database.execute('select 1');
  const { rows } = await database.execute(
    `select schemaname, relname, n_live_tup, n_mod_since_analyze, n_dead_tup, to_analyze, to_vacuum
       from (select *, n_mod_since_analyze > $1::float8 + $2::float8 * n_live_tup as to_analyze,
                    $4::boolean and (n_dead_tup > $5::float8 + $6::float8 * n_live_tup
                      or n_ins_since_vacuum > $7::float8 + $8::float8 * n_live_tup
                      or (last_vacuum is null and pg_relation_size(relid) > $9::bigint)) as to_vacuum
               from pg_stat_user_tables) t
      where to_analyze or to_vacuum
      order by greatest(n_mod_since_analyze, n_dead_tup, n_ins_since_vacuum) desc, pg_relation_size(relid) desc limit $3::int`,
    [THRESHOLD, SCALE, MAX_TABLES, opts.vacuum === true, VACUUM_THRESHOLD, VACUUM_SCALE, VACUUM_INSERT_THRESHOLD, VACUUM_INSERT_SCALE, VACUUM_UNSEEN_BYTES],
  );
  const done: Analyzed[] = [];
  const began = performance.now();
  for (const r of rows) {
    if (performance.now() - began > budget) break;
    const ident = (s: unknown) => `"${String(s).replace(/"/g, '""')}"`;
    const action = r.to_vacuum ? (r.to_analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    // Requests that came meanwhile run first (PGlite's statements hold the thread; without this the run's tables
    // went one after the other in a single turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    const statement = `${action} ${ident(r.schemaname)}.${ident(r.relname)}`;
    // SET and RESET in the same call: no other statement of this connection runs in between (ANALYZE only: VACUUM may
    // not share a call with other statements).
    const target = action === 'analyze' && opts.statisticsTarget ? Math.round(opts.statisticsTarget) : null;
    await database.execute(target ? `set default_statistics_target = ${target}; ${statement}; reset default_statistics_target` : statement);
    done.push({
      table: `${r.schemaname}.${r.relname}`,
      action,
      rows: Number(r.n_live_tup),
      changed: Number(r.n_mod_since_analyze),
      dead: Number(r.n_dead_tup),
      ms: Math.round(performance.now() - start),
    });
  }
  return done;
}

/**
 * The after-writes runs' statistics target: 30 samples 9,000 rows instead of 30,000 (3× less work while the tables
 * grow; the periodic job, every 5 minutes, analyzes at PostgreSQL's default of 100).
 */
export const AFTER_WRITES_STATISTICS_TARGET = 30;
/** An after-writes run that took t waits at least COST_SPACING × t before the next (ANALYZE takes ≤ ~5% of the time). */
export const COST_SPACING = 20;

/**
 * After writes (a sync push, an import): analyzes what changed enough, at most once every `everyMs` (and after a
 * rest of COST_SPACING × what the last run took) and never two at a time, without holding up the writer (ANALYZE only: VACUUM is the periodic job's, see pgliteMaintenance). Writes that come while it is resting are caught by one more run when
 * the rest is over (so an import's last batches are counted too); the periodic job (ANALYZE_JOB, every 5 minutes)
 * catches anything else.
 */
export function analyzeAfterWrites(
  ctx: AppContext,
  log: { info: (o: unknown, msg?: string) => void; error: (o: unknown, msg?: string) => void },
  everyMs = 10_000,
): AfterWrites {
  let last = 0;
  let stopped = false;
  /** When the next run may start: everyMs after the last began, and at least COST_SPACING × what it took after it ended. */
  let next = 0;
  let running = false;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    running = true;
    last = Date.now();
    analyzeStale(ctx.database, { statisticsTarget: AFTER_WRITES_STATISTICS_TARGET })
      .then((done) => {
        if (done.length) log.info({ analyzed: done }, 'analyzed PGlite tables');
      })
      // A run the closing app cut short is no failure (the database closed under it).
      .catch((err) => stopped || log.error(err, 'ANALYZE failed'))
      .finally(() => {
        running = false;
        const took = Date.now() - last;
        next = Math.max(last + everyMs, Date.now() + COST_SPACING * took);
      });
  };
  const poke = () => {
    if (ctx.database.kind !== 'pglite' || pending || stopped) return;
    const wait = running ? everyMs : Math.max(0, next - Date.now());
    pending = setTimeout(() => {
      pending = null;
      // Still running, or a run ended meanwhile that asks for a longer rest (COST_SPACING): wait again.
      if (running || Date.now() < next) poke();
      else run();
    }, wait);
    pending.unref?.();
  };
  return Object.assign(poke, {
    stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      pending = null;
    },
  });
}

/** Asks for an after-writes run (called after each push); `stop()` at close: no run starts after it. */
export type AfterWrites = (() => void) & { stop: () => void };

/** The periodic job (ANALYZE_JOB, every 5 minutes): ANALYZE and VACUUM what needs it, logged with what it took. */
export function pgliteMaintenance(ctx: AppContext, log: { info: (o: unknown, msg?: string) => void }): () => Promise<Analyzed[]> {
  return async () => {
    const done = await analyzeStale(ctx.database, { vacuum: true });
    if (done.length) log.info({ maintained: done }, 'vacuumed and analyzed PGlite tables');
    return done;
  };
}
