import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { ensureSearchIndexes } from './search-indexes';

/** What opening the embedded database needs: plain data, so it crosses to the database thread (pglite-worker.ts). */
export interface PgliteOpenOptions {
  /** 'memory://' → in memory (tests); otherwise the data directory's folder (dataDir/pg). */
  dir: string | 'memory://';
  /** The build's migrated copy (dist/pgdata-template) a fresh directory starts from, when there is one. */
  template?: string;
  migrate: boolean;
  migrationsFolder: string;
}

/** A fresh data directory starts as a copy of the database made at build time (see build.mjs), when there is one. */
function copyTemplate(template: string | undefined, dir: string): boolean {
  if (!template || !existsSync(path.join(template, 'PG_VERSION'))) return false;
  try {
    cpSync(template, dir, { recursive: true });
    return true;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return false;
  }
}

/**
 * Opens (and migrates) the embedded PGlite, in whichever thread calls it: the server's own (DATABASE_THREAD=off) or
 * the database thread (pglite-worker.ts). `mark` tells start-up's moments (issue 27).
 */
export async function openPglite(opts: PgliteOpenOptions, mark: (moment: string) => void = () => undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: the lists' `q` search reads a trigram index here too (search-indexes.ts). Every PGlite opening this
  // data directory must load it (the build's template, the test template, scripts).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  mark('pglite_loaded');
  // PostgreSQL's default buffers are sized for a server, not an embedded shop database: these halve the
  // process's resident memory (about 310 MB → 165 MB measured) with no visible cost at this scale.
  const postgresqlconf = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'wal_buffers=1MB', 'temp_buffers=2MB'];
  let client: PGlite;
  // Tests: a new database starts from the migrated copy the test run made once (global-setup.ts), which skips
  // initdb and the migrations (seconds each on a busy 2-core machine); without it, a fresh initdb.
  const testTemplate = process.env.DUKA_PGLITE_TEMPLATE;
  const fromTestTemplate = () => (testTemplate && existsSync(testTemplate) ? { loadDataDir: new Blob([readFileSync(testTemplate)]) } : {});
  if (opts.dir === 'memory://') client = new PGlite({ postgresqlconf, extensions, ...fromTestTemplate() });
  else {
    const dir = opts.dir;
    mkdirSync(dir, { recursive: true });
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    const copied = fresh && copyTemplate(opts.template, dir);
    if (copied) mark('template_copied');
    client = new PGlite(dir, { postgresqlconf, extensions, ...(fresh && !copied ? fromTestTemplate() : {}) });
    if (copied) {
      try {
        await client.waitReady;
      } catch {
        // An unusable template (e.g. from a half-written build) must not stop the product: start with initdb.
        await client.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        client = new PGlite(dir, { postgresqlconf, extensions });
      }
    }
  }
  await client.waitReady;
  mark('database_open');
  if (opts.migrate) {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle(client), { migrationsFolder: opts.migrationsFolder });
    mark('migrated');
    await ensureSearchIndexes(
      (text) => client.exec(text),
      (msg) => console.warn(msg),
      { embedded: true },
    );
    mark('search_indexes');
  }
  return client;
}
