import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { invoiceBody, withContact } from './test-utils';

/**
 * t19 N7: voiding an invoice that holds payments made the money vanish (out of "Collected", no refund due anywhere).
 * The void is refused while real payments remain, through the REST route and a device's push alike, with a sentence
 * saying what was paid and what to do; a credit note then takes the invoice back and shows the refund due.
 */
const { app, ctx } = await openTestApp();
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Amina Hotel' };
const REFUSED =
  'K250.50 was paid on this invoice: it cannot be voided while it holds payments. ' +
  'Issue a credit note for the whole invoice instead: it takes the invoice back and shows the refund due to the client.';

async function paidInvoice(cash: number) {
  const user = await signUp(app, { country: 'Zambia' });
  const { api, contactId } = await withContact(app, user);
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'ZMW', part_payments: true, due_date: '2099-12-31' }))).body;
  if (cash) expect((await api.post(`/invoices/${inv.id}/payments`, { amount: cash, method: 'cash', date: inv.issue_date })).status).toBe(201);
  return { api, contactId, invoice: (await api.get(`/invoices/${inv.id}`)).body };
}

const collected = async (api: Awaited<ReturnType<typeof paidInvoice>>['api'], date: string) => (await api.get(`/reports/summary?from=${date}&to=${date}`)).body;

describe('voiding an invoice that holds payments (t19 N7)', () => {
  it('POST /invoices/:id/void is refused with what was paid; the payment stays collected; a credit note shows the refund due', async () => {
    const { api, invoice } = await paidInvoice(25_050);
    const before = await collected(api, invoice.issue_date);
    const res = await api.post(`/invoices/${invoice.id}/void`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(REFUSED);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ status: 'partially_paid', voided_at: null, amount_paid: 25_050 });
    expect(await collected(api, invoice.issue_date)).toEqual(before);
    // The way the sentence names: a credit note for the whole invoice; the refund due is then shown and recorded.
    const lines = invoice.lines.map((l: { id: string; quantity: number }) => ({ line_id: l.id, quantity: l.quantity }));
    expect((await api.post(`/invoices/${invoice.id}/credit-notes`, { lines, reason: 'Order cancelled' })).status).toBe(201);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ status: 'credited', balance: 0, amount_paid: 25_050 });
  });

  it("a device's push of the void is refused the same way (the payment may have come from another device meanwhile)", async () => {
    const { api, invoice } = await paidInvoice(25_050);
    const { version: _v, ...data } = invoice;
    const res = await api.push([upsert('invoices', invoice.id, { ...data, payments: [], voided_at: new Date().toISOString() })]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: REFUSED } });
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ voided_at: null, amount_paid: 25_050 });
  });

  it('an unpaid invoice, or one paid only in TEST MODE (no money), is voided', async () => {
    const unpaid = await paidInvoice(0);
    expect((await unpaid.api.post(`/invoices/${unpaid.invoice.id}/void`, {})).body).toMatchObject({ status: 'void' });
    const test = await paidInvoice(0);
    const secret = (await app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${test.invoice.public_id}?amount=10000` })).json();
    expect(secret).toMatchObject({ provider: 'test', test_mode: true });
    expect((await app.inject({ method: 'POST', url: '/api/test-pay/confirm', payload: { client_secret: secret.client_secret, ...CARD } })).statusCode).toBe(
      200,
    );
    expect((await test.api.get(`/invoices/${test.invoice.id}`)).body.payments).toEqual([expect.objectContaining({ test: true })]);
    expect((await test.api.post(`/invoices/${test.invoice.id}/void`, {})).body).toMatchObject({ status: 'void' });
  });
});

describe('an invoice voided while it held payments, before the rule (old rows, t19 N7)', () => {
  it('still counts its cash in "Collected" (it was received; the refund due is shown on the invoice)', async () => {
    const { api, invoice, contactId } = await paidInvoice(25_050);
    // Another kwacha invoice: the report lists the currencies of issued invoices (a void one is not issued).
    expect((await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'ZMW', issue_date: invoice.issue_date }))).status).toBe(201);
    const before = await collected(api, invoice.issue_date);
    // As such rows stand in existing data: voided in the table while the payment stays.
    await ctx.db.update(invoices).set({ voidedAt: new Date().toISOString(), status: 'void' }).where(eq(invoices.id, invoice.id));
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ status: 'void', amount_paid: 25_050 });
    const after = await collected(api, invoice.issue_date);
    expect(after.currencies[0].figures.collected.value).toBe(25_050);
    expect(after.currencies[0].figures.collected).toEqual(before.currencies[0].figures.collected);
  });
});

describe('a counter sale that holds payments (t19: the N7 rule covered invoices only)', () => {
  it('is refused its void through REST and a push; paid only in TEST MODE or owed, it is voided', async () => {
    const user = await signUp(app, { country: 'Zambia' });
    const { api, contactId } = await withContact(app, user);
    const sale = async (payments: Array<Record<string, unknown>>) => {
      const id = randomUUID();
      const at = new Date().toISOString();
      const res = await api.push([
        upsert('invoices', id, {
          kind: 'sale',
          contact_id: contactId,
          issue_date: at.slice(0, 10),
          currency: 'ZMW',
          lines: [{ id: randomUUID(), description: 'Soap', quantity: 1, unit_price: 25_050, fee_ids: [] }],
          sent_at: at,
          finished_at: at,
          payments,
        }),
      ]);
      expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
      return (await api.get(`/invoices/${id}`)).body;
    };
    const cash = { id: randomUUID(), amount: 25_050, method: 'cash', date: new Date().toISOString().slice(0, 10), reference: '' };
    const paid = await sale([cash]);
    const refused = await api.post(`/invoices/${paid.id}/void`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'K250.50 was paid on this sale: it cannot be voided while it holds payments. ' +
        'Issue a credit note for the whole sale instead: it takes the sale back and shows the refund due to the customer.',
    );
    const { version: _v, ...data } = paid;
    const pushed = await api.push([upsert('invoices', paid.id, { ...data, voided_at: new Date().toISOString() })]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict' } });
    expect((await api.get(`/invoices/${paid.id}`)).body).toMatchObject({ status: 'paid', voided_at: null });
    // An owed sale (sent with a pay link, not paid yet) is voided.
    const owed = await sale([]);
    expect((await api.post(`/invoices/${owed.id}/void`, {})).body).toMatchObject({ status: 'void' });
  });
});
