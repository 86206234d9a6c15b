import type { Database } from '../db/connect';
import { LISTENING_TTL_MS, SHORT_TTL_MS, type VersionCache } from './auth';

/** The channel drizzle/0011_token_revoked_notify.sql's trigger notifies: a user's token_version changed or the user went. */
export const TOKEN_REVOKED_CHANNEL = 'duka_token_revoked';

/**
 * Keeps this process's cache of checked token versions true when another process on the same database signs a user
 * out everywhere (issue 27: with a 5 s cache, every active user cost each process one query every 5 s, about 0.7 per
 * push under bench/sync-load.bench.mjs). While the database's notifications arrive, a revoked user is dropped at once
 * and entries are kept for minutes; when they may have been missed (not listening), everything is forgotten and
 * entries are kept SHORT_TTL_MS again. Answers stop().
 */
export function watchTokenRevocations(database: Pick<Database, 'listen'>, versions: VersionCache): Promise<() => Promise<void>> {
  return database.listen(TOKEN_REVOKED_CHANNEL, {
    notify: (userId) => versions.delete(userId),
    live: (listening) => versions.reset(listening ? LISTENING_TTL_MS : SHORT_TTL_MS),
  });
}
