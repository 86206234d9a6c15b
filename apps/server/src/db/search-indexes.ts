/**
 * Trigram indexes for the lists' `q` search (ILIKE '%…%', sync/service.ts list), where the pg_trgm extension is
 * available (issue 27): a search by number or by a word of the notes reads the index, not every invoice of the
 * account. Made after the migrations, idempotently, because on PostgreSQL an extension may be missing or not
 * allowed for the database's owner: then searches still work, by scanning the account's rows. The embedded
 * PGlite loads pg_trgm itself (connect.ts), so it has them too.
 */
const INDEXES = [
  'create index if not exists invoices_number_trgm_idx on invoices using gin (number gin_trgm_ops)',
  'create index if not exists invoices_notes_trgm_idx on invoices using gin (notes gin_trgm_ops)',
];

export async function ensureSearchIndexes(execute: (text: string) => Promise<unknown>, warn: (msg: string) => void = () => undefined): Promise<boolean> {
  try {
    await execute('create extension if not exists pg_trgm');
    for (const statement of INDEXES) await execute(statement);
    return true;
  } catch (err) {
    warn(`Search indexes not made (pg_trgm unavailable: ${(err as Error).message}); searches scan the account's rows instead`);
    return false;
  }
}
