import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

const { app, ctx } = await openTestApp();

async function owner() {
  const user = await signUp(app);
  return { user, ...(await withContact(app, user)) };
}

describe('create and update', () => {
  it('creates a draft numbered from the series with totals computed by the server', async () => {
    const { api, contactId } = await owner();
    const res = await api.post('/invoices', invoiceBody(contactId));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'invoice',
      number: 'INV-0001',
      status: 'draft',
      subtotal: 350_000,
      tax_total: 26_250,
      total_due: BODY_TOTAL,
      balance: BODY_TOTAL,
      amount_paid: 0,
    });
    expect(res.body.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await api.post('/invoices', invoiceBody(contactId));
    expect(second.body.number).toBe('INV-0002');
  });

  it('uses the invoice settings for currency, due date and prefix when left out', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const { invoiceSettings } = { invoiceSettings: JSON.stringify({ currency: 'KES', invoice_prefix: 'KE-', due_days: 7 }) };
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ invoiceSettings }).where(eq(users.id, user.userId));
    const res = await api.post('/invoices', { contact_id: contactId, issue_date: '2026-11-22', lines: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ number: 'KE-0001', currency: 'KES', due_date: '2026-11-29' });
  });

  it('accepts client totals that agree', async () => {
    const { api, contactId } = await owner();
    const res = await api.post('/invoices', invoiceBody(contactId, { subtotal: 350_000, tax_total: 26_250, total_due: BODY_TOTAL }));
    expect(res.status).toBe(201);
  });

  it('rejects client totals that disagree with 422', async () => {
    const { api, contactId } = await owner();
    const res = await api.post('/invoices', invoiceBody(contactId, { total_due: BODY_TOTAL + 1 }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields.total_due).toMatch(/Expected 376250/);
  });

  it('refuses a client that belongs to another user', async () => {
    const { api } = await owner();
    const other = await owner();
    const res = await api.post('/invoices', invoiceBody(other.contactId));
    expect(res.status).toBe(422);
    expect(res.body.error.fields.contact_id).toBeTruthy();
  });

  it('refuses a fee id the invoice does not carry', async () => {
    const { api, contactId } = await owner();
    const res = await api.post('/invoices', invoiceBody(contactId, { fee_ids: [randomUUID()] }));
    expect(res.status).toBe(400);
  });

  it('refuses bad input with 400, never 500', async () => {
    const { api, contactId } = await owner();
    for (const bad of [
      { lines: [{ id: randomUUID(), description: 'x', quantity: 1.0001, unit_price: 1 }] },
      { lines: [{ id: randomUUID(), description: 'x', quantity: 1, unit_price: -5 }] },
      { issue_date: '2026-13-40' },
      { due_date: '2026-01-01' },
      { currency: '' },
    ]) {
      const res = await api.post('/invoices', invoiceBody(contactId, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('takes only a currency Duka supports, spelt as stored, and says which to use (t20 A5)', async () => {
    const { api, contactId } = await owner();
    for (const [currency, says] of [
      ['ABC', /"ABC" is not a currency Duka supports: use one of NGN, USD/],
      ['BTC', /"BTC" is not a currency Duka supports/],
      ['XAU', /"XAU" is not a currency Duka supports/],
      ['usd', /Write the currency as USD/],
    ] as const) {
      const res = await api.post('/invoices', invoiceBody(contactId, { currency }));
      expect(res.status, currency).toBe(400);
      expect(res.body.error.message, currency).toMatch(says);
    }
    const made = await api.post('/invoices', invoiceBody(contactId, { currency: 'UGX' }));
    expect(made.status).toBe(201);
    expect((await api.patch(`/invoices/${made.body.id}`, { currency: 'ugx' })).status).toBe(400);
  });

  it('refuses a number already used with 409', async () => {
    const { api, contactId } = await owner();
    await api.post('/invoices', invoiceBody(contactId, { number: 'INV-0100' }));
    const res = await api.post('/invoices', invoiceBody(contactId, { number: 'INV-0100' }));
    expect(res.status).toBe(409);
  });

  it('recomputes totals when lines change', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await api.patch(`/invoices/${inv.id}`, { lines: [{ id: randomUUID(), description: 'One thing', quantity: 1.5, unit_price: 1_000 }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subtotal: 1_500, tax_total: 113, total_due: 1_613 });
  });

  it('applies a discount before the exclusive tax', async () => {
    const { api, contactId } = await owner();
    const res = await api.post('/invoices', invoiceBody(contactId, { discount: { type: 'percentage', value: 1000 } }));
    expect(res.body).toMatchObject({ discount_total: 35_000, tax_total: 23_625, total_due: 338_625 });
  });
});

describe('payments and statuses', () => {
  it('records a partial then a full payment', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const p1 = await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-23', reference: 'R1' });
    expect(p1.status).toBe(201);
    expect(p1.body).toMatchObject({ status: 'partially_paid', amount_paid: 100_000, balance: BODY_TOTAL - 100_000 });
    const p2 = await api.post(`/invoices/${inv.id}/payments`, { amount: BODY_TOTAL - 100_000, method: 'mobile_money', date: '2026-11-24' });
    expect(p2.body).toMatchObject({ status: 'paid', balance: 0 });
    expect(p2.body.payments).toHaveLength(2);
  });

  it('refuses a payment above the balance due', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await api.post(`/invoices/${inv.id}/payments`, { amount: BODY_TOTAL + 500, method: 'bank_transfer', date: '2026-11-23' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('The payment is more than the balance due (NGN 3,762.50)');
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ amount_paid: 0, balance: BODY_TOTAL });
    // The whole balance is fine; then nothing more.
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: BODY_TOTAL, method: 'cash', date: '2026-11-23' })).body).toMatchObject({
      status: 'paid',
      balance: 0,
    });
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 1, method: 'cash', date: '2026-11-23' })).status).toBe(422);
  });

  it('refuses a zero amount or an unknown method', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 0, method: 'cash', date: '2026-11-23' })).status).toBe(400);
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 10, method: 'cheque', date: '2026-11-23' })).status).toBe(400);
  });

  it('removes a recorded payment', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const paid = (await api.post(`/invoices/${inv.id}/payments`, { amount: 1_000, method: 'cash', date: '2026-11-23' })).body;
    const res = await api.del(`/invoices/${inv.id}/payments/${paid.payments[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount_paid: 0, status: 'sent' });
  });

  it('marks sent, then void keeps the number and refuses changes and payments', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    expect((await api.post(`/invoices/${inv.id}/send`, {})).body.status).toBe('sent');
    const voided = await api.post(`/invoices/${inv.id}/void`, {});
    expect(voided.body).toMatchObject({ status: 'void', number: inv.number });
    expect((await api.patch(`/invoices/${inv.id}`, { notes: 'changed' })).status).toBe(409);
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 10, method: 'cash', date: '2026-11-23' })).status).toBe(409);
  });

  it('deletes only drafts', async () => {
    const { api, contactId } = await owner();
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    expect((await api.del(`/invoices/${draft.id}`)).status).toBe(200);
    expect((await api.get(`/invoices/${draft.id}`)).status).toBe(404);
    const sent = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    expect(sent.status).toBe('sent');
    const res = await api.del(`/invoices/${sent.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/Void/);
  });

  it('reuses the number of a deleted draft', async () => {
    const { api, contactId } = await owner();
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    await api.del(`/invoices/${draft.id}`);
    expect((await api.post('/invoices', invoiceBody(contactId))).body.number).toBe(draft.number);
  });
});

describe('quotes', () => {
  it('have their own series, take no payments and convert to an invoice once', async () => {
    const { api, contactId } = await owner();
    await api.post('/invoices', invoiceBody(contactId));
    const quote = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote', notes: 'Valid 30 days' }))).body;
    expect(quote.number).toBe('QUO-0001');
    expect((await api.post(`/invoices/${quote.id}/payments`, { amount: 10, method: 'cash', date: '2026-11-23' })).status).toBe(422);
    const conv = await api.post(`/invoices/${quote.id}/convert`, {});
    expect(conv.status).toBe(201);
    expect(conv.body).toMatchObject({
      kind: 'invoice',
      number: 'INV-0002',
      quote_id: quote.id,
      total_due: BODY_TOTAL,
      notes: 'Valid 30 days',
      status: 'draft',
    });
    const after = (await api.get(`/invoices/${quote.id}`)).body;
    expect(after).toMatchObject({ status: 'converted', converted_invoice_id: conv.body.id });
    expect((await api.post(`/invoices/${quote.id}/convert`, {})).status).toBe(409);
    expect((await api.post(`/invoices/${conv.body.id}/convert`, {})).status).toBe(409);
  });
});

describe('lists', () => {
  it('filters by status, kind, client, dates and amount, including overdue', async () => {
    const { api, contactId } = await owner();
    const other = await withContact(app, await signUp(app));
    void other;
    const a = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2020-01-01', due_date: '2020-01-15', status: 'sent' }))).body;
    const b = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-11-01' }))).body;
    await api.post('/invoices', invoiceBody(contactId, { kind: 'quote' }));
    const ids = async (q: string) => ((await api.get(`/invoices?${q}`)).body.records as Array<{ id: string }>).map((r) => r.id);
    expect(await ids('status=overdue')).toEqual([a.id]);
    // The same status as every screen shows: an overdue invoice is not listed under Sent; a ready one is Ready.
    expect(await ids('status=sent')).toEqual([]);
    expect(await ids('status=draft&kind=invoice')).toEqual([b.id]);
    expect(await ids('from=2026-01-01&kind=invoice')).toEqual([b.id]);
    expect((await ids('kind=quote')).length).toBe(1);
    expect((await ids(`contact_id=${contactId}`)).length).toBe(3);
    expect(await ids(`min_total=${BODY_TOTAL + 1}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(b.number)}`)).toEqual([b.id]);
    const r = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-11-02', status: 'ready' }))).body;
    expect(r).toMatchObject({ status: 'ready', sent_at: null });
    expect(await ids('status=ready')).toEqual([r.id]);
  });

  it('counts invoices for the app state', async () => {
    const { user, api, contactId } = await owner();
    await api.post('/invoices', invoiceBody(contactId));
    expect(await ctx.registry.counters.invoices(ctx.db, user.userId)).toBe(1);
  });
});

describe('tenancy', () => {
  it("answers 404 for another user's invoice on every route", async () => {
    const a = await owner();
    const b = await owner();
    const inv = (await a.api.post('/invoices', invoiceBody(a.contactId, { kind: 'quote' }))).body;
    const calls = [
      b.api.get(`/invoices/${inv.id}`),
      b.api.patch(`/invoices/${inv.id}`, { notes: 'x' }),
      b.api.del(`/invoices/${inv.id}`),
      b.api.post(`/invoices/${inv.id}/void`, {}),
      b.api.post(`/invoices/${inv.id}/send`, {}),
      b.api.post(`/invoices/${inv.id}/payments`, { amount: 10, method: 'cash', date: '2026-11-23' }),
      b.api.del(`/invoices/${inv.id}/payments/${randomUUID()}`),
      b.api.post(`/invoices/${inv.id}/convert`, {}),
      b.api.post(`/invoices/${inv.id}/email`, { to: 'x@example.com' }),
      b.api.get(`/invoices/${inv.id}/pdf`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await b.api.get('/invoices')).body.records).toEqual([]);
    // Creating with the other user's id is refused, not an overwrite, as any id already used (t19 A2): 409.
    expect((await b.api.post('/invoices', { ...invoiceBody(b.contactId), id: inv.id })).status).toBe(409);
    expect((await a.api.get(`/invoices/${inv.id}`)).body.notes).toBe('');
  });

  it('refuses to delete a client who has invoices', async () => {
    const { api, contactId } = await owner();
    await api.post('/invoices', invoiceBody(contactId));
    const res = await api.del(`/contacts/${contactId}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This client has invoices. Archive the client instead.');
  });

  it('requires a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/invoices' });
    expect(res.statusCode).toBe(401);
  });
});

describe('docs', () => {
  it('lists the invoice and payment routes in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/invoices',
      '/api/invoices/{id}/payments',
      '/api/invoices/public/{public_id}',
      '/api/{provider}/client-secrete/{public_id}',
      '/api/test-pay/confirm',
      '/api/webhooks/{provider}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
