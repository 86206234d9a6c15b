import { z } from 'zod';
import { SYNC_LIMITS } from './constants';
import { recordId } from './schemas';
import { SYNC_EXCEPT } from './version-ranges';

/**
 * Sync and REST contract of the local-first collections (contacts, notes, expenses, catalogs, fees; invoices
 * plugs in the same way). All under /api with `Authorization: Bearer <token>`.
 *
 * POST /sync/push  {mutations: SyncMutation[], pull?} (≤ 500, else 400) → {results: SyncResult[], pull?} in the same order;
 *   with `pull: {collections, since, limit, except}` the answer's `pull` is the next pull's page (syncPushPull).
 *   upsert: `data` holds the fields to set (any subset for an existing record; a new one needs the required
 *   fields, the rest take defaults); delete: tombstone. 'duplicate' = this mutation_id was applied before
 *   (nothing changed; version is the one it got). 'rejected' = error {code, message, fields?, reason?, params?}: keep the change
 *   and show it; a rejected mutation id is not remembered, so it can be resent after a fix.
 *   Unknown collection → 400 for the whole request.
 * GET /sync/pull?collection=&since=&limit= (limit ≤ 500, default 100) → {records, deleted: ids, version,
 *   has_more}: changes with version > since in version order; store `version` and pull again while has_more.
 *   ?collections=a,b instead → {collections: {a: {records, deleted}, b: …}, version, has_more}: at most `limit`
 *   changes across them in version order (versions are one counter per user), one request for several collections.
 *   Records carry history_count and conflict (true: 'edited on another device').
 * GET /sync/history?collection=&id= → HistoryEntry[] newest first: the values a later write overwrote.
 * REST: GET /<collection>?limit=&cursor=&q= (+ contacts: archived; notes: contact_id; expenses: from, to,
 *   category, contact_id; catalogs: active) → {records, next_cursor}; POST /<collection> (optional client `id`:
 *   201 created, 200 when that id exists: updated); GET/PATCH/DELETE /<collection>/{id} (DELETE →
 *   {id, deleted: true, version}); POST /expenses/{id}/receipt multipart file `receipt` → the expense with
 *   receipt_url. Deleting a contact that has invoices → 409 (archive it: PATCH {archived: true}).
 */
/** One queued change: upsert (create or merge fields) or delete of a record, applied at most once per mutation_id. */
export const syncMutation = z.object({
  mutation_id: z.uuid('mutation_id must be a UUID'),
  collection: z.string().min(1),
  op: z.enum(['upsert', 'delete']),
  id: recordId,
  data: z.record(z.string(), z.unknown()).optional(),
  /** The record version the device last saw; older than the server's → the overwritten values go to history. */
  base_version: z.number().int().min(0).optional(),
  /** Optional device label kept with the record's history ('edited on another device'). */
  device: z.string().max(100).optional(),
});
/** A pull's `except`: version ranges the device already holds ("12-511,600"), at most SYNC_LIMITS.maxExceptRanges. */
const exceptRanges = z
  .string()
  .max(2000)
  .regex(SYNC_EXCEPT, 'Use version ranges like 12-511,600')
  .refine((v) => v.split(',').length <= SYNC_LIMITS.maxExceptRanges, `At most ${SYNC_LIMITS.maxExceptRanges} ranges`);

/**
 * The pull a push answer carries (issue 27: one request per sync instead of a push and a pull): the cursor of
 * GET /sync/pull?collections=…&since=&limit=&except=. After the mutations are applied, the answer's `pull` is the page
 * that pull would answer, except that the versions of the records in this answer's `results` are left out too.
 */
export const syncPushPull = z
  .object({
    collections: z
      .array(z.string().regex(/^[a-z0-9_]+$/, 'Use collection names like contacts'))
      .min(1, 'Name at least one collection to pull')
      .max(20, 'At most 20 collections'),
    since: z.number().int().min(0),
    limit: z.number().int().min(1).max(SYNC_LIMITS.maxPageSize).default(SYNC_LIMITS.defaultPageSize),
    except: exceptRanges.optional(),
  })
  .superRefine((p, ctx) => {
    const twice = p.collections.find((n, i) => p.collections.indexOf(n) !== i);
    if (twice) ctx.addIssue({ code: 'custom', path: ['collections'], message: `${twice} is named twice: name each collection once` });
  });
export const syncPushBody = z.object({
  mutations: z.array(syncMutation).max(SYNC_LIMITS.maxPushBatch, `At most ${SYNC_LIMITS.maxPushBatch} mutations per push`),
  /** Optional: the pull to answer with after applying (a server before this ignores it and answers without `pull`). */
  pull: syncPushPull.optional(),
});
export const syncResult = z.object({
  mutation_id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  version: z.number().int().optional(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** Which refusal this is (core's REFUSAL_REASONS; a newer server may send others): a device words it in its language. */
      reason: z.string().optional(),
      /** The refusal's values (money in minor units of `currency`, dates YYYY-MM-DD). */
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .optional(),
  /**
   * An applied upsert: the record as stored at `version` (as a pull would bring it), so the device keeps the server's
   * copy without pulling it again (an import of 100,000 rows is not downloaded back, issue 22 item 6).
   */
  record: z.record(z.string(), z.unknown()).optional(),
});

export const syncPullQuery = z
  .object({
    /** One collection (the answer is a SyncPullResponse). */
    collection: z.string().min(1).optional(),
    /**
     * Several collections, comma-separated ("contacts,invoices"): one page of at most `limit` changes across them, merged
     * in version order (the answer is a SyncPullManyResponse). Not with seen / as_of.
     */
    collections: z
      .string()
      .max(1000)
      .regex(/^[a-z0-9_]+(,[a-z0-9_]+)*$/, 'Use collection names separated by commas, like contacts,invoices')
      .optional(),
    since: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(SYNC_LIMITS.maxPageSize).default(SYNC_LIMITS.defaultPageSize),
    /**
     * What the device already has from GET /sync/first (issue 30): `seen` is that answer's cursor, `as_of` its
     * version. Records at or before `seen` in the list order, unchanged since `as_of`, are left out of the pull.
     */
    seen: z.string().max(1000).optional(),
    as_of: z.coerce.number().int().min(0).optional(),
    /**
     * Versions the device already holds from its push answers' `record`s, as ranges ("12-511,600"): left out of the
     * pull. A version numbers one change of one record, so a record changed since (a new version) still comes.
     */
    except: exceptRanges.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.collection === undefined && q.collections === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'Name what to pull: collection=contacts, or several with collections=contacts,invoices' });
    else if (q.collection !== undefined && q.collections !== undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'Give collection (one) or collections (several), not both' });
    if (q.collections === undefined) return;
    const names = q.collections.split(',');
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) ctx.addIssue({ code: 'custom', path: ['collections'], message: `${twice} is named twice: name each collection once` });
    if (q.seen !== undefined || q.as_of !== undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'seen and as_of apply to one collection (GET /sync/first)' });
  });
export const syncPullResponse = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  deleted: z.array(z.string()),
  /** Cursor for the next pull (`since`). */
  version: z.number().int(),
  has_more: z.boolean(),
});
/**
 * GET /sync/pull?collections=a,b: every collection named, with its records and deleted ids of this page (empty lists
 * when nothing changed); `version` and `has_more` as for one collection, over the changes of all of them.
 */
export const syncPullManyResponse = z.object({
  collections: z.record(z.string(), z.object({ records: z.array(z.record(z.string(), z.unknown())), deleted: z.array(z.string()) })),
  /** Cursor for the next pull (`since`) of these collections. */
  version: z.number().int(),
  has_more: z.boolean(),
});
/**
 * POST /sync/push's answer: a result per mutation, and when the push asked for it (`pull`), the page of changes since
 * that cursor (as GET /sync/pull?collections= answers it; has_more: pull on from `version`).
 */
export const syncPushResponse = z.object({ results: z.array(syncResult), pull: syncPullManyResponse.optional() });
/** GET /sync/first: the first page of a collection in its list order, ahead of the full pull (issue 30). */
export const syncFirstQuery = z.object({
  collection: z.string().min(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const syncFirstResponse = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  /** The user's sync version when the page was read: pass it as the pull's `as_of`. */
  version: z.number().int(),
  /** The list position of the page's last record (the pull's `seen`); null when the page is empty. */
  seen: z.string().nullable(),
  /** Live records of every synced collection (the first sync's progress: "Syncing 1,240 of 2,000"). */
  totals: z.record(z.string(), z.number().int()),
});
export const historyEntry = z.object({
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  replaced_at: z.string(),
  replaced_by_version: z.number().int(),
  device: z.string().nullable(),
});

export type SyncMutation = z.infer<typeof syncMutation>;
export type SyncResult = z.infer<typeof syncResult>;
export type SyncPullResponse = z.infer<typeof syncPullResponse>;
export type SyncPullManyResponse = z.infer<typeof syncPullManyResponse>;
export type SyncPushPull = z.input<typeof syncPushPull>;
export type SyncFirstResponse = z.infer<typeof syncFirstResponse>;
export type HistoryEntry = z.infer<typeof historyEntry>;
