import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from '../../lib/context';
import { findUserById, type UserRow } from '../accounts';

const CHANNEL = 'duka_user_changed';

/** Every change of a users row (credit, plan, sync_version, profile, deletion) is announced on CHANNEL. */
const TRIGGER_SQL = `
create or replace function duka_user_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', coalesce(new.id, old.id)::text);
  return null;
end $$;
create or replace trigger users_changed_notify after update or delete on users
  for each row execute function duka_user_changed();
`;

export interface UserCache {
  readonly enabled: boolean;
  get(userId: string): Promise<UserRow | undefined>;
}

/**
 * Users rows kept in memory for GET /api/state, on the embedded PGlite only. There the database is in this
 * process (one process per data directory, enforced by the lock file) and a trigger's NOTIFY reaches the
 * listener synchronously when the writing transaction commits, before the writer's promise resolves — so
 * the cache can never answer a row older than the last committed write. Reads racing a write are not kept
 * (a per-user generation moves on every notification). On PostgreSQL notifications arrive asynchronously
 * and possibly from other processes, so there every call reads the row.
 */
export async function createUserCache(ctx: AppContext, maxEntries = 10_000): Promise<UserCache> {
  const uncached: UserCache = { enabled: false, get: (userId) => findUserById(ctx.db, userId) };
  if (ctx.database.kind !== 'pglite') return uncached;
  const client = (ctx.db as unknown as { $client?: PGlite }).$client;
  if (!client || typeof client.listen !== 'function') return uncached;

  const rows = new Map<string, UserRow>();
  const generation = new Map<string, number>();
  await client.exec(TRIGGER_SQL);
  await client.listen(CHANNEL, (userId) => {
    rows.delete(userId);
    generation.set(userId, (generation.get(userId) ?? 0) + 1);
    if (generation.size > maxEntries * 2) generation.clear();
  });

  return {
    enabled: true,
    async get(userId) {
      const hit = rows.get(userId);
      if (hit) return hit;
      const before = generation.get(userId) ?? 0;
      const row = await findUserById(ctx.db, userId);
      if (row && (generation.get(userId) ?? 0) === before) {
        if (rows.size >= maxEntries) rows.delete(rows.keys().next().value as string);
        rows.set(userId, row);
      }
      return row;
    },
  };
}
