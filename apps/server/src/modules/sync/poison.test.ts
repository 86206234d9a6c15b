import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { client, upsert } from './test-utils';

/** Issue 13 item 3: one bad record never stops a device syncing; it comes back rejected with a reason. */
const { app, ctx } = await openTestApp();

const statuses = (res: { body: { results: Array<{ status: string }> } }) => res.body.results.map((r) => r.status);

describe('a poisoned change in a push', () => {
  it('applies the good contact and rejects the invoice dated 2026-02-30', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const good = randomUUID();
    const bad = randomUUID();
    const res = await api.push([
      upsert('contacts', good, { name: 'Good client' }),
      upsert('invoices', bad, invoiceBody(contactId, { issue_date: '2026-02-30', due_date: null })),
    ]);
    expect(res.status).toBe(200);
    expect(statuses(res)).toEqual(['applied', 'rejected']);
    expect(res.body.results[1].error).toMatchObject({ code: 'validation_failed', fields: { issue_date: 'Not a real date' } });
    expect((await api.get(`/contacts/${good}`)).body.name).toBe('Good client');
    expect((await api.get(`/invoices/${bad}`)).status).toBe(404);
  });

  it('rejects a NUL byte, a lone surrogate, a control character, year 0000 and overflow in any collection, one by one', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['contacts', { name: 'Nul\u0000name' }, 'name'],
      ['contacts', { name: 'Ada', notes: 'half an emoji \ud83d' }, 'notes'],
      ['contacts', { name: 'Bell\u0007' }, 'name'],
      ['notes', { body: 'text \udc00 here' }, 'body'],
      ['expenses', { amount: 100, currency: 'NGN', date: '0000-01-01', category: 'Transport' }, 'date'],
      ['expenses', { amount: 1e20, currency: 'NGN', date: '2026-11-01', category: 'Transport' }, 'amount'],
      ['expenses', { amount: 100, currency: 'NGN', date: '2026-11-01', category: 'Transport', vendor: 'x\u0000' }, 'vendor'],
      ['catalogs', { name: 'Rice', unit_price: 2 ** 63 }, 'unit_price'],
      ['fees', { name: 'VAT\u0000', kind: 'tax', calculation: 'percentage', percentage_bps: 750 }, 'name'],
      ['invoices', invoiceBody(contactId, { notes: 'a\u0000b' }), 'notes'],
      ['invoices', invoiceBody(contactId, { issue_date: '0000-01-01', due_date: null }), 'issue_date'],
      [
        'invoices',
        invoiceBody(contactId, { lines: [{ id: randomUUID(), description: 'x', quantity: 1e9, unit_price: 1e13, fee_ids: [] }] }),
        'lines.0.unit_price',
      ],
    ];
    const count = async (c: string) => (await api.get(`/${c}?limit=100`)).body.records.length as number;
    const before: Record<string, number> = {};
    for (const c of ['notes', 'expenses', 'catalogs', 'fees', 'invoices']) before[c] = await count(c);
    const mutations = cases.flatMap(([collection, data], i) => [
      upsert('contacts', randomUUID(), { name: `Good ${i}` }),
      upsert(collection, randomUUID(), data),
    ]);
    const res = await api.push(mutations);
    expect(res.status).toBe(200);
    cases.forEach(([collection, , field], i) => {
      const good = res.body.results[i * 2];
      const bad = res.body.results[i * 2 + 1];
      expect(good.status, `good before ${collection} ${field}`).toBe('applied');
      expect(bad.status, `${collection} ${field}`).toBe('rejected');
      expect(bad.error.code).toMatch(/validation_failed|unprocessable/);
      expect(Object.keys(bad.error.fields ?? {}), `${collection} ${field}: ${bad.error.message}`).toContain(field);
    });
    // Nothing of the poison was stored, everything good was, and the account still lists.
    const contacts = await api.get('/contacts?limit=100');
    expect(contacts.status).toBe(200);
    expect(contacts.body.records.filter((c: { name: string }) => c.name.startsWith('Good '))).toHaveLength(cases.length);
    for (const c of ['notes', 'expenses', 'catalogs', 'fees', 'invoices']) expect(await count(c), c).toBe(before[c]);
    for (const c of ['contacts', 'notes', 'expenses', 'catalogs', 'fees', 'invoices']) expect((await api.pull(c)).status).toBe(200);
  });

  it('refuses the same things by REST with a 4xx, never a 500', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const replies = [
      await api.post('/contacts', { name: 'A\u0000' }),
      await api.post('/notes', { body: '\ud800' }),
      await api.post('/expenses', { amount: 100, currency: 'NGN', date: '2026-02-30', category: 'Transport' }),
      await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-02-30', due_date: null })),
      await api.post('/invoices', invoiceBody(contactId, { terms: 'x\u0000' })),
      await api.patch(`/contacts/${contactId}`, { city: 'Lagos\nIkeja' }),
    ];
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(400);
    // Multi-line text keeps its line breaks and tabs.
    const ok = await api.patch(`/contacts/${contactId}`, { address: '12 Marina\nLagos', notes: 'a\tb\r\nc' });
    expect(ok.status).toBe(200);
  });

  it('isolates a mutation the database refuses: it comes back rejected with the reason, the rest apply', async () => {
    const user = await signUp(app);
    const api = client(app, user);
    // A rule the validation does not know about, enforced by the database for one name only.
    const poison = `db-refuses-${randomUUID().slice(0, 8)}`;
    const fn = `duka_test_refuse_${poison.slice(-8)}`;
    await ctx.db.execute(
      sql.raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin if new.name = '${poison}' then raise exception 'refused by the database'; end if; return new; end $$`,
      ),
    );
    await ctx.db.execute(sql.raw(`create trigger ${fn} before insert or update on contacts for each row execute function ${fn}()`));
    try {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const res = await api.push([
        upsert('contacts', ids[0], { name: 'First' }),
        upsert('contacts', ids[1], { name: poison }),
        upsert('contacts', ids[2], { name: 'Third' }),
        upsert('notes', randomUUID(), { body: 'A note', contact_id: ids[0] }),
      ]);
      expect(res.status).toBe(200);
      expect(statuses(res)).toEqual(['applied', 'rejected', 'applied', 'applied']);
      expect(res.body.results[1].error.message).toMatch(/could not store this change \(refused by the database\)/);
      expect((await api.get(`/contacts/${ids[0]}`)).status).toBe(200);
      expect((await api.get(`/contacts/${ids[1]}`)).status).toBe(404);
      expect((await api.get(`/contacts/${ids[2]}`)).status).toBe(200);
      // Versions stay in order with no gap left by the refused one.
      const pulled = await api.pull('contacts');
      const versions = pulled.body.records.map((r: { version: number }) => r.version);
      expect(versions).toHaveLength(2);
      expect(versions[1]).toBe(versions[0] + 1);
      // Resending the refused mutation is rejected again (it was not remembered as applied); the others are duplicates.
      const again = await api.push([upsert('contacts', ids[1], { name: poison })]);
      expect(statuses(again)).toEqual(['rejected']);
      // By REST: a 4xx with the reason.
      const rest = await api.post('/contacts', { name: poison });
      expect(rest.status).toBe(422);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${fn} on contacts`));
      await ctx.db.execute(sql.raw(`drop function ${fn}()`));
    }
  });
});
