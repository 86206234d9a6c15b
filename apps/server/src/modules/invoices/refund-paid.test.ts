import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

/**
 * t21 R1: a credit note on a paid sale leaves a refund due; the owner records the refund paid out (a payment with
 * `refund: true`, stored with a negative amount): the refund due falls to 0, Collected counts the money that went
 * back out, the client's page shows it, and more than the refund due, a future date or no refund due is refused.
 */
const { app } = await openTestApp();

async function creditedSale() {
  const user = await signUp(app, { country: 'Nigeria' });
  const { api, contactId } = await withContact(app, user);
  const sale = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
  const date = sale.issue_date as string;
  expect((await api.post(`/invoices/${sale.id}/payments`, { amount: BODY_TOTAL, method: 'cash', date })).status).toBe(201);
  // One of the two bags of rice comes back: 150,000 + VAT 7.5 % = 161,250.
  const line = sale.lines[0];
  expect((await api.post(`/invoices/${sale.id}/credit-notes`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'Returned goods' })).status).toBe(201);
  return { api, sale, date };
}

const collected = async (api: Awaited<ReturnType<typeof creditedSale>>['api'], date: string) =>
  (await api.get(`/reports/summary?from=${date}&to=${date}`)).body.currencies[0].figures.collected.value as number;

describe('recording a refund paid out (t21 R1)', () => {
  it('clears the refund due, lowers Collected on its day and shows on the client page; no receipt is made for it', async () => {
    const { api, sale, date } = await creditedSale();
    expect(await collected(api, date)).toBe(BODY_TOTAL);
    const refund = { amount: 161_250, method: 'cash', date, refund: true };
    const res = await api.post(`/invoices/${sale.id}/payments`, refund);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'paid', balance: 0, amount_paid: BODY_TOTAL - 161_250, credited_total: 161_250 });
    expect(res.body.payments.at(-1)).toMatchObject({ amount: -161_250, refund: true, method: 'cash' });
    expect(await collected(api, date)).toBe(BODY_TOTAL - 161_250);
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${sale.public_id}` })).json();
    expect(pub.payments.at(-1)).toMatchObject({ amount: -161_250, refund: true });
    expect(pub.payments.at(-1).receipt).toBeUndefined();
    const receipts = (await api.get(`/invoices/${sale.id}/receipts`)).body;
    expect(JSON.stringify(receipts)).not.toContain('-161250');
    // Nothing more is due back.
    const again = await api.post(`/invoices/${sale.id}/payments`, { ...refund, amount: 1 });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toMatch(/^Nothing is due back to the client/);
  });

  it('refuses more than the refund due, a date after today, and a refund on an invoice with nothing to give back', async () => {
    const { api, sale, date } = await creditedSale();
    const more = await api.post(`/invoices/${sale.id}/payments`, { amount: 161_251, method: 'cash', date, refund: true });
    expect(more.status).toBe(422);
    expect(more.body.error.message).toBe('The refund is more than the refund due to the client (NGN 1,612.50). Enter NGN 1,612.50 or less.');
    const future = await api.post(`/invoices/${sale.id}/payments`, { amount: 100, method: 'cash', date: '2099-01-01', refund: true });
    expect(future.status).toBe(422);
    const user = await signUp(app, { country: 'Nigeria' });
    const { api: other, contactId } = await withContact(app, user);
    const unpaid = (await other.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    expect((await other.post(`/invoices/${unpaid.id}/payments`, { amount: 100, method: 'cash', date: unpaid.issue_date, refund: true })).status).toBe(422);
  });

  it("a device's push carries the refund like any payment, checked the same way", async () => {
    const { api, sale, date } = await creditedSale();
    const stored = (await api.get(`/invoices/${sale.id}`)).body;
    const tooMuch = { id: randomUUID(), amount: -161_251, method: 'mobile_money', date, reference: 'MM1', refund: true };
    const refused = await api.push([upsert('invoices', sale.id, { payments: [...stored.payments, tooMuch] })]);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'unprocessable' } });
    const ok = await api.push([upsert('invoices', sale.id, { payments: [...stored.payments, { ...tooMuch, amount: -100_000 }] })]);
    expect(ok.body.results[0].status).toBe('applied');
    const after = (await api.get(`/invoices/${sale.id}`)).body;
    expect(after).toMatchObject({ amount_paid: BODY_TOTAL - 100_000, balance: 0 });
    // A negative amount without `refund` is still refused (t20 U2's rule stays for payments received).
    const neg = await api.push([
      upsert('invoices', sale.id, { payments: [...after.payments, { ...tooMuch, id: randomUUID(), amount: -1, refund: undefined }] }),
    ]);
    expect(neg.body.results[0].status).toBe('rejected');
  });
});
