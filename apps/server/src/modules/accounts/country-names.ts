import { accountCountryName } from '@duka/core';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { backfillRows, type Tx } from '../../lib/backfill';
import type { AppContext } from '../../lib/context';

/**
 * Candidates: a country short enough to be a code, or written all in one case ("KE", "ke", "kenya", "KENYA"); the
 * rule itself (core accountCountryName) decides which need writing. Accounts made through the web form never match.
 */
const CANDIDATE = and(
  sql`${users.country} <> ''`,
  or(sql`length(trim(${users.country})) <= 3`, sql`${users.country} = lower(${users.country})`, sql`${users.country} = upper(${users.country})`),
);
const FIELDS = { id: users.id, userId: users.id, country: users.country, invoiceSettings: users.invoiceSettings };
type Row = { id: string; userId: string; country: string; invoiceSettings: string };

const newName = (r: Row) => accountCountryName(r.country);

/** invoice_settings with its country name rewritten when it holds the same code (SPEC §3's country object); else as stored. */
function settingsWithName(raw: string, old: string, name: string): string {
  try {
    const parsed = JSON.parse(raw) as { country?: { name?: unknown } };
    const stored = parsed?.country?.name;
    if (typeof stored !== 'string' || stored.trim().toLowerCase() !== old.trim().toLowerCase()) return raw;
    return JSON.stringify({ ...parsed, country: { ...parsed.country, name } });
  } catch {
    return raw;
  }
}

/**
 * Start-up rewrite (issue 23): accounts registered before the API took a country by its ISO code kept the code as
 * sent ("KE"), so they got neither the country's fiscal rules (Kenya's TEST MODE / KRA) nor its name on documents.
 * Each is rewritten to the name the app uses ("Kenya"), in users.country and in the country of its invoice settings
 * (lib/backfill: `batch` at a time, under each user's lock). A country already named, or an unknown one, is left
 * alone, so a second run finds nothing to do. Returns how many accounts were rewritten.
 */
export function nameStoredCountryCodes(ctx: AppContext, batch = 200): Promise<number> {
  const read = (db: Db | Tx, where: SQL | undefined) => db.select(FIELDS).from(users).where(and(CANDIDATE, where));
  return backfillRows<Row>(
    ctx.db,
    {
      page: (after, limit) => read(ctx.db, gt(users.id, after)).orderBy(asc(users.id)).limit(limit),
      again: (tx, userId, ids) => read(tx, and(eq(users.id, userId), inArray(users.id, ids))),
      needs: (r) => newName(r) !== r.country,
      write: (tx, r) =>
        tx
          .update(users)
          .set({ country: newName(r), invoiceSettings: settingsWithName(r.invoiceSettings, r.country, newName(r)), updatedAt: sql`now()` })
          .where(eq(users.id, r.id)),
    },
    batch,
  );
}
