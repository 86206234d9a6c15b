import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { countConnectionTurns, type QueueStats } from './pglite-queue';
import { namingClient } from './prepared';
import { prepareRepeatedStatements } from './pglite-prepared';
import { listenOn, type ListenHandlers } from './pg-listen';
import { ensureSearchIndexes } from './search-indexes';
import type { PgliteOpenOptions } from './pglite-open';
import type { PgliteThread } from './pglite-thread';
import { renderStatementsLean } from './sql-text';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw SQL for libraries that bring their own (the job queue): parameters, or several statements without. */
  execute(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL's connection pool (metrics): its size now, idle and waiting clients, and how many acquisitions had to wait. */
  pool?: () => { max: number; total: number; idle: number; waiting: number; waits: number };
  /** PGlite's one connection: calls waiting now, and the time calls waited for it and held it (db/pglite-queue.ts). */
  queue?: () => QueueStats;
  /** LISTEN on a channel (NOTIFY from any process on this database, see db/pg-listen.ts); answers stop(). */
  listen(channel: string, on: ListenHandlers): Promise<() => Promise<void>>;
}

/** Finds apps/server/drizzle both from src/db (tsx, vitest) and from dist (the bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder apps/server/drizzle not found');
}

/**
 * The database's statements rendered with less garbage (sql-text.ts); outside production each is also rendered by
 * Drizzle and compared, so every test checks that both give the same text and parameters.
 */
function leanStatements(db: Db): void {
  renderStatementsLean((db as unknown as { dialect: PgDialect }).dialect, process.env.NODE_ENV !== 'production');
}

/**
 * databaseUrl: postgres://… → node-postgres; 'memory://' → in-memory PGlite (tests);
 * undefined → PGlite persisted under dataDir/pg.
 */
export async function connect(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrate?: boolean;
  poolSize?: number;
  /** Start-up's moments (issue 27: what start-up spends), told to the caller: db/ imports nothing of lib/. */
  mark?: (moment: string) => void;
  /** Name the statements run again and again (db/prepared.ts, db/pglite-prepared.ts); default true. */
  preparedStatements?: boolean;
  /** Another migrations folder (tests of upgrading an existing database); default apps/server/drizzle. */
  migrationsFolder?: string;
  /** The embedded PGlite on its own thread (pglite-thread.ts, DATABASE_THREAD=on); default false: in the server's thread. */
  thread?: boolean;
}): Promise<Database> {
  const startupMark = opts.mark ?? (() => undefined);
  const url = opts.databaseUrl;
  let database: Database;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint columns are read as numbers (money in minor units stays far below 2^53).
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const max = opts.poolSize ?? 10;
    const Client = opts.preparedStatements === false ? pg.Client : namingClient(pg.Client);
    // Idle connections are kept for 5 minutes (pg's default closes them after 10 s): a new connection is a new
    // PostgreSQL backend that loads its catalog caches, prepares the named statements again and plans each of them
    // five times before it settles on a generic plan (issue 27: 14–18 reconnections per bench run after the logins' pause).
    const pool = new pg.Pool({ connectionString: url, max, Client, idleTimeoutMillis: 300_000 });
    // Counts acquisitions that found every connection busy (pool.query goes through connect too).
    let waits = 0;
    const acquire = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    (pool as { connect: unknown }).connect = (...args: unknown[]) => {
      if (pool.idleCount === 0 && pool.totalCount >= max) waits++;
      return acquire(...args);
    };
    const db = drizzle(pool, { schema }) as unknown as Db;
    leanStatements(db);
    const stats = () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, waits });
    database = {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      execute: (text, values) => pool.query(text, values),
      pool: stats,
      listen: (channel, on) => listenOn(pg, url, channel, on),
    };
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(pool), { migrationsFolder: opts.migrationsFolder ?? migrationsFolder() });
      await ensureSearchIndexes(
        (text) => pool.query(text),
        (msg) => console.warn(msg),
      );
    }
  } else {
    const { drizzle } = await import('drizzle-orm/pglite');
    const open: PgliteOpenOptions = {
      dir: url === 'memory://' ? 'memory://' : path.join(opts.dataDir, 'pg'),
      template: path.join(path.dirname(fileURLToPath(import.meta.url)), 'pgdata-template'),
      migrate: opts.migrate !== false,
      migrationsFolder: opts.migrationsFolder ?? migrationsFolder(),
    };
    const prepared = opts.preparedStatements !== false;
    let client: PGlite | PgliteThread;
    let queue: () => QueueStats;
    if (opts.thread === true) {
      // The database on its own thread (pglite-thread.ts): PostgreSQL's work on the second core (issue 27).
      const { PgliteThread } = await import('./pglite-thread');
      const thread = new PgliteThread(open, { prepared, mark: startupMark });
      try {
        await thread.waitReady;
      } catch (err) {
        await thread.close().catch(() => undefined);
        throw err;
      }
      client = thread;
      queue = () => thread.queueStats();
    } else {
      const { openPglite } = await import('./pglite-open');
      const pglite = await openPglite(open, startupMark);
      // How long calls wait for the one connection and hold it (pglite-queue.ts; GET /metrics).
      queue = countConnectionTurns(pglite);
      if (prepared) prepareRepeatedStatements(pglite);
      client = pglite;
    }
    const db = drizzle({ client: client as PGlite, schema }) as unknown as Db;
    leanStatements(db);
    const execute = async (text: string, values?: unknown[]) => {
      if (values?.length) return (await client.query(text, values)) as { rows: Record<string, unknown>[] };
      const results = await client.exec(text);
      return (results[results.length - 1] ?? { rows: [] }) as { rows: Record<string, unknown>[] };
    };
    // One process holds the data directory: a NOTIFY comes back on its own connection, once committed.
    const listen = async (channel: string, on: ListenHandlers) => {
      const stop = await client.listen(channel, (payload) => on.notify(payload));
      on.live(true);
      return async () => {
        await stop();
      };
    };
    database = { db, kind: 'pglite', close: () => client.close(), execute, queue, listen };
  }
  return database;
}
