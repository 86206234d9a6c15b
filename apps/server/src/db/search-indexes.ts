/**
 * Trigram indexes for the lists' `q` search (ILIKE '%…%', sync/service.ts list), where the pg_trgm extension is
 * available (issue 27): a search by number or by a word of the notes reads the index, not every invoice of the
 * account. Made after the migrations, idempotently, because on PostgreSQL an extension may be missing or not
 * allowed for the database's owner: then searches still work, by scanning the account's rows. The embedded
 * PGlite loads pg_trgm itself (connect.ts), so it has them too.
 */
const INDEXES = [
  ['invoices_number_trgm_idx', 'invoices using gin (number gin_trgm_ops)'],
  ['invoices_notes_trgm_idx', 'invoices using gin (notes gin_trgm_ops)'],
] as const;

/**
 * `embedded` (PGlite): the indexes take each write at once (fastupdate off). By default a GIN index first appends new
 * rows to a pending list that every search reads whole, and only VACUUM empties it; PGlite has no autovacuum, so
 * after 50,000 invoices a search by number read ~370 pages of list (~110 ms, against ~5 ms once emptied). An index
 * made before this is switched over and emptied once (a no-op at the next start). PostgreSQL's autovacuum empties
 * the list: its indexes keep the default, which makes writes cheaper.
 */
export async function ensureSearchIndexes(
  execute: (text: string) => Promise<unknown>,
  warn: (msg: string) => void = () => undefined,
  { embedded = false }: { embedded?: boolean } = {},
): Promise<boolean> {
  try {
    await execute('create extension if not exists pg_trgm');
    for (const [name, on] of INDEXES) {
      await execute(`create index if not exists ${name} on ${on}${embedded ? ' with (fastupdate = off)' : ''}`);
      if (embedded)
        await execute(`do $$ begin
          if exists (select 1 from pg_class where relname = '${name}' and not coalesce(reloptions, '{}') @> array['fastupdate=off']) then
            alter index ${name} set (fastupdate = off);
            perform gin_clean_pending_list('${name}'::regclass);
          end if;
        end $$`);
    }
    return true;
  } catch (err) {
    warn(`Search indexes not made (pg_trgm unavailable: ${(err as Error).message}); searches scan the account's rows instead`);
    return false;
  }
}
