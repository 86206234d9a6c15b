import { refusal, CONTACT_DEFAULTS, contactFields, contactPatch, contactPermalink, normaliseTaxPin, parsePhone, slugify, taxPinError } from '@duka/core';
import { eq, sql } from 'drizzle-orm';
import { contacts, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { eachId, eachSeek, fixed, selectJson } from '../sync';
import { fieldMapper } from '../sync';
import type { BatchState, Data, SyncAdapter } from '../sync';

const mapper = fieldMapper(Object.keys(contactFields.shape));

/** permalink → contact id, for the permalinks looked up in this batch. */
function permalinks(batch: BatchState): Map<string, string | null> {
  let m = batch.memo.get('contacts.permalinks') as Map<string, string | null> | undefined;
  if (!m) batch.memo.set('contacts.permalinks', (m = new Map()));
  return m;
}

/** The user's clients holding `permalinks` (id, permalink): one seek of (user_id, permalink) each (eachSeek). */
export const permalinkHolders = (userId: string, permalinks: string[]) =>
  eachSeek(permalinks, 'permalink', sql`select id, permalink from ${fixed(contacts)} where user_id = ${userId}`);

async function loadPermalinks(tx: Tx, userId: string, candidates: string[], batch: BatchState) {
  const memo = permalinks(batch);
  const missing = [...new Set(candidates)].filter((c) => !memo.has(c));
  if (!missing.length) return;
  for (const c of missing) memo.set(c, null);
  const rows = await selectJson(tx, permalinkHolders(userId, missing));
  for (const r of rows) memo.set(String(r.permalink), String(r.id));
}

/** Contact ids of this user known in the batch (true) or checked absent (false). */
function knownContacts(batch: BatchState): Map<string, boolean> {
  let m = batch.memo.get('contacts.owned') as Map<string, boolean> | undefined;
  if (!m) batch.memo.set('contacts.owned', (m = new Map()));
  return m;
}

/** Loads which of `ids` are contacts of the user (one query), for assertContact. */
export async function preloadContacts(tx: Tx, userId: string, ids: Array<unknown>, batch: BatchState): Promise<void> {
  const memo = knownContacts(batch);
  const want = [...new Set(ids.filter((x): x is string => typeof x === 'string' && /^[0-9a-f-]{36}$/i.test(x) && !memo.has(x)))];
  if (!want.length) return;
  for (const id of want) memo.set(id, false);
  const rows = await selectJson(tx, eachId(contacts, want, userId, { columns: ['id'] }));
  for (const r of rows) memo.set(String(r.id), true);
}

/** A sync adapter's preload for records that name a client (contact_id): their clients, in one query. */
export function preloadItemContacts(tx: Tx, userId: string, items: Array<{ data: Data }>, batch: BatchState): Promise<void> {
  return preloadContacts(
    tx,
    userId,
    items.map((i) => i.data.contact_id),
    batch,
  );
}

/** Refuses a contact_id that is not one of the user's contacts (created earlier in the batch counts). */
export async function assertContact(tx: Tx, userId: string, contactId: unknown, batch: BatchState): Promise<void> {
  if (contactId == null) return;
  const id = String(contactId);
  if (batch.records('contacts').has(id)) return;
  await preloadContacts(tx, userId, [id], batch);
  if (!knownContacts(batch).get(id))
    throw new AppError('unprocessable', 'The client of this record was not found', { contact_id: 'Unknown client' }, refusal('client_not_found'));
}

/** The business's country (read once per batch): a client without a country has numbers read with it. */
async function businessCountry(tx: Tx, userId: string, batch: BatchState): Promise<string> {
  if (!batch.memo.has('contacts.userCountry')) {
    const [row] = await tx.select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
    batch.memo.set('contacts.userCountry', row?.country ?? '');
  }
  return String(batch.memo.get('contacts.userCountry'));
}

/**
 * The client's tax PIN (issue 26), printed as the buyer's PIN on tax invoices: for a Kenyan client (its country,
 * else the business's) it must be a KRA PIN, stored upper-case without spaces. An unchanged one is left as it is.
 */
async function checkTaxPin(tx: Tx, userId: string, data: Data, existing: Data | null, batch: BatchState): Promise<Data> {
  const pin = typeof data.tax_id === 'string' ? data.tax_id : '';
  if (!pin || (existing && existing.tax_id === pin && existing.country === data.country)) return data;
  const country = String(data.country ?? '').trim() || (await businessCountry(tx, userId, batch));
  if (country.toLowerCase() !== 'kenya') return data;
  const error = taxPinError(pin, country);
  if (error) throw new AppError('validation_failed', `tax_id: ${error}`, { tax_id: error }, refusal('tax_id_invalid'));
  return { ...data, tax_id: normaliseTaxPin(pin) };
}

/**
 * Stores the phone in E.164 (issue 14), read with the client's country, else the business's. A number that
 * cannot be read is refused when it was typed now; an older unreadable one is left as it was.
 */
async function normalisePhone(tx: Tx, userId: string, data: Data, existing: Data | null | undefined, batch: BatchState): Promise<Data> {
  const phone = String(data.phone ?? '');
  const unchanged = !!existing && existing.phone === phone;
  if (!phone || (unchanged && existing.country === data.country)) return data;
  const result = parsePhone(phone, String(data.country ?? ''), await businessCountry(tx, userId, batch));
  if (result.ok) return result.value === phone ? data : { ...data, phone: result.value };
  if (unchanged) return data;
  throw new AppError('unprocessable', result.message, { phone: result.message }, refusal('phone_invalid'));
}

export function contactsAdapter(ctx: AppContext): SyncAdapter {
  return {
    table: contacts,
    fields: contactFields,
    patch: contactPatch,
    // contactPatch = contactFields.partial(); its fields only trim and check.
    patchIsPartialFields: true,
    defaults: CONTACT_DEFAULTS,
    order: 0,
    label: 'Contact',
    ...mapper,
    search: [contacts.name, contacts.email, contacts.phone, contacts.notes],
    sort: { column: contacts.name, direction: 'asc', toCursor: (row) => String(row.name) },
    async preload(tx, userId, items, batch) {
      const candidates: string[] = [];
      for (const { data } of items) {
        if (typeof data.permalink === 'string') candidates.push(data.permalink);
        if (typeof data.name === 'string') candidates.push(slugify(data.name));
      }
      await loadPermalinks(tx, userId, candidates, batch);
    },
    async prepare(tx, userId, data, { id, existing, batch }): Promise<Data> {
      knownContacts(batch).set(id, true);
      data = await normalisePhone(tx, userId, data, existing, batch);
      data = await checkTaxPin(tx, userId, data, existing, batch);
      // An unchanged permalink is already unique (the stored row holds it).
      if (existing && existing.permalink === data.permalink) return data;
      const memo = permalinks(batch);
      const wanted = typeof data.permalink === 'string' ? data.permalink : slugify(String(data.name));
      await loadPermalinks(tx, userId, [wanted], batch);
      let permalink = wanted;
      const owner = memo.get(wanted);
      if (owner && owner !== id) {
        // Taken by another contact: slug of the name plus a suffix from the id (look each candidate up).
        const isTaken = (c: string) => {
          const o = memo.get(c);
          return o !== undefined && o !== null && o !== id;
        };
        for (;;) {
          const candidate = contactPermalink(String(data.name), id, isTaken);
          if (!memo.has(candidate)) {
            await loadPermalinks(tx, userId, [candidate], batch);
            continue;
          }
          permalink = candidate;
          break;
        }
      }
      memo.set(permalink, id);
      return { ...data, permalink };
    },
    async beforeDelete(tx, userId, id) {
      for (const hook of ctx.registry.beforeContactDelete) await hook(tx, userId, id);
    },
  };
}
