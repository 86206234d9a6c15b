import { STATE_COLLECTIONS, type StateCollection } from '@duka/core';
import type { Db } from '../../db/connect';
import type { Registry } from '../../lib/registry';

export type Counts = Record<StateCollection, number>;

/**
 * Collection counts for GET /api/state, remembered per user together with the user's sync_version: every
 * write to a counted collection bumps sync_version in its transaction (DESIGN: local-first sync), so the
 * counts are recomputed exactly when something changed. Each process keeps its own copy; that is safe with
 * several processes too, since the version is read from the database on every call.
 */
export function createCountsCache(maxEntries = 10_000) {
  const entries = new Map<string, { version: number; counts: Counts }>();
  return {
    async get(db: Db, registry: Registry, userId: string, version: number): Promise<Counts> {
      const hit = entries.get(userId);
      if (hit && hit.version === version) return hit.counts;
      const values = await Promise.all(STATE_COLLECTIONS.map((name) => registry.counters[name]?.(db, userId) ?? Promise.resolve(0)));
      const counts = Object.fromEntries(STATE_COLLECTIONS.map((name, i) => [name, Number(values[i]) || 0])) as Counts;
      entries.delete(userId);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(userId, { version, counts });
      return counts;
    },
    forget(userId: string): void {
      entries.delete(userId);
    },
  };
}
