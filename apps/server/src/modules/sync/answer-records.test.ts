import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { recordSelect } from './pull-json';
import { getSyncRegistry, type SyncAdapter } from './registry';
import { pull } from './service';
import { upsert } from './test-utils';

/**
 * A push answers each applied upsert with its stored record, built by PostgreSQL as JSON text (answer-records.ts):
 * the same record the JavaScript path (rows → toRecord) gives, for every registered collection, both when the push is
 * written in one statement and when it is worked out under the lock; a collection without a SQL form goes through
 * toRecord. On PostgreSQL too with DUKA_TEST_PG=1.
 */
const { app, ctx } = await openTestApp();

const weird = ['Wanjiku Mũthoni 🌍', 'O\'Brien "quoted" \\ back/slash', 'Ñandú — عربى 中文 ﬁ'];

/** A push of new records of every collection, with odd text, dates, numbers and JSON lists. */
async function pushed(name = weird[0]) {
  const user = await signUp(app, { country: 'Kenya' });
  const { api, contactId } = await withContact(app, user, { name, email: '' });
  const item = randomUUID();
  const batch = [
    ...weird.map((n, i) => upsert('contacts', randomUUID(), { name: n, email: i % 2 ? `c${i}@example.com` : '', notes: i ? 'line one\nline two' : '' })),
    upsert('notes', randomUUID(), { body: weird[1], contact_id: contactId }),
    upsert('expenses', randomUUID(), { amount: 1234, currency: 'KES', date: '2024-02-29', category: 'Transport', vendor: weird[2] }),
    upsert('catalogs', item, { name: weird[2], unit_price: 99_999, track_stock: true, low_stock_level: 2.5, cost_price: 0 }),
    upsert('fees', randomUUID(), { name: 'VAT ✓', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0 }),
    upsert('invoices', randomUUID(), invoiceBody(contactId, { notes: weird[1], discount: { type: 'percentage', value: 5 } })),
    upsert('invoices', randomUUID(), invoiceBody(contactId, { currency: 'USD', exchange_rate: 129.37, issue_date: '2026-01-01' })),
    upsert('stock_movements', randomUUID(), {
      catalog_id: item,
      kind: 'received',
      quantity: 1.5,
      reason: weird[2],
      invoice_id: null,
      occurred_at: '2026-11-25T10:00:00.123Z',
    }),
  ];
  const res = await api.push(batch);
  expect(res.status).toBe(200);
  return { user, api, batch, results: res.body.results as Array<{ status: string; record?: Record<string, unknown> }> };
}

/** Every applied result's record equals the JavaScript path's record of the same row (as pulled with toRecord). */
async function expectSameAsToRecord(userId: string, batch: Array<{ collection: string; id: string }>, results: Array<{ status: string; record?: unknown }>) {
  expect(results.map((r) => r.status)).toEqual(batch.map(() => 'applied'));
  const byCollection = new Map<string, Map<string, unknown>>();
  for (const [name, adapter] of getSyncRegistry(ctx).adapters) {
    const page = await pull(ctx.db, adapter, userId, 0, 500);
    byCollection.set(name, new Map(page.records.map((r) => [String(r.id), r])));
  }
  batch.forEach((m, i) => {
    expect(results[i]!.record, `${m.collection} ${i}`).toBeDefined();
    expect(results[i]!.record, `${m.collection} ${i}`).toEqual(byCollection.get(m.collection)!.get(m.id));
  });
}

describe('the records a push answers with', () => {
  it('are the records toRecord gives, for every collection (one-statement write)', async () => {
    const { user, batch, results } = await pushed();
    await expectSameAsToRecord(user.userId, batch, results);
  });

  it('are the same when the batch is written step by step (an edit with history, edits of stored records)', async () => {
    const { user, api, batch } = await pushed();
    const contact = batch[0]!;
    const edits = [
      upsert('contacts', contact.id, { name: 'Renamed 🌍' }, { base_version: 1 }),
      upsert('notes', batch[3]!.id, { body: 'edited' }),
      upsert('contacts', batch[1]!.id, { city: 'Mombasa' }),
      // An edit of a stored invoice adds to the batch's last statement (its payment intents): written by writePlan.
      upsert('invoices', batch[7]!.id, { notes: 'edited ✓' }),
    ];
    const res = await api.push(edits);
    await expectSameAsToRecord(user.userId, edits, res.body.results);
    expect(res.body.results[0].record).toMatchObject({ name: 'Renamed 🌍', conflict: true, history_count: 1 });
  });

  it('a collection without a SQL form is answered through toRecord', async () => {
    const reg = getSyncRegistry(ctx);
    const contacts = reg.adapters.get('contacts')!;
    const plain: SyncAdapter = { ...contacts, fromRow: (row) => contacts.fromRow(row) };
    expect(recordSelect(plain)).toBeNull();
    reg.adapters.set('contacts', plain);
    try {
      const { user, batch, results } = await pushed();
      await expectSameAsToRecord(user.userId, batch, results);
    } finally {
      reg.adapters.set('contacts', contacts);
    }
  });
});
