import type { SyncResult } from '@duka/core';
import type { recordHistory } from '../../db/schema';
import type { RecordState, SyncAdapter } from './registry';

/**
 * Core's SyncResult (what a push answers), plus what only the server uses (never sent as such): whether a record was
 * created (REST answers 201), and an applied upsert's stored record as JSON text made by PostgreSQL with its version
 * (a push answers it as `record`, see answer-records.ts).
 */
export type MutationResult = SyncResult & { created?: boolean; recordJson?: string; recordVersion?: number };

/** Everything a batch will write, worked out from the user's data at sync version `base`. */
export interface Plan {
  adapters: Map<string, SyncAdapter>;
  base: number;
  now: Date;
  version: number;
  results: MutationResult[];
  applied: Array<{ mutationId: string; collection: string; recordId: string; version: number }>;
  history: Array<typeof recordHistory.$inferInsert>;
  writes: Array<{ adapter: SyncAdapter; rows: Array<[string, RecordState]> }>;
}
