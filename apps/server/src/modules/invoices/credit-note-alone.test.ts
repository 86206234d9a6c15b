import { randomUUID } from 'node:crypto';
import { creditNoteCommand } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

/**
 * Issue 26 F9: the invoice's stored credited_total, balance and status follow its credit notes whatever wrote them:
 * a credit note pushed on its own (a device that lost the invoice's change, another client of the API) brings its
 * invoice with it in the same batch, with a new version, so every device pulls it.
 */
const { app } = await openTestApp();

async function sentInvoice(payments: Array<{ amount: number }> = []) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const res = await api.post('/invoices', { ...invoiceBody(contactId), status: 'sent' });
  expect(res.status).toBe(201);
  for (const p of payments) {
    const paid = await api.post(`/invoices/${res.body.id}/payments`, { amount: p.amount, method: 'cash', date: res.body.issue_date });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  }
  return { api, invoice: (await api.get(`/invoices/${res.body.id}`)).body };
}

function creditNote(invoice: Parameters<typeof creditNoteCommand>[0], picks: Array<{ line_id: string; quantity: number }>) {
  return creditNoteCommand(
    invoice,
    [],
    { id: randomUUID(), number: 'CN-0001', public_id: randomUUID().replaceAll('-', '').slice(0, 22), reason: 'Returned', picks, time_zone: 'Africa/Lagos' },
    new Date('2026-11-24T10:00:00Z'),
  ).record;
}

describe('a credit note pushed on its own (issue 26 F9)', () => {
  it("updates its invoice's stored credited_total, balance and status, and the invoice's version so devices pull it", async () => {
    const { api, invoice } = await sentInvoice();
    const cn = creditNote(invoice, [{ line_id: invoice.lines[1].id, quantity: 1 }]);
    const res = await api.push([upsert('invoices', cn.id, { ...cn })]);
    expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
    const stored = (await api.get(`/invoices/${invoice.id}`)).body;
    expect(stored).toMatchObject({ credited_total: 53_750, balance: BODY_TOTAL - 53_750, status: 'sent' });
    expect(stored.version).toBeGreaterThan(invoice.version);
    // A device that last pulled before the push gets the invoice's new totals.
    const pulled = (await api.pull('invoices', invoice.version)).body.records as Array<Record<string, unknown>>;
    expect(pulled.find((r) => r.id === invoice.id)).toMatchObject({ credited_total: 53_750, balance: BODY_TOTAL - 53_750 });
    // Pushed again unchanged: nothing changes, no new version.
    expect((await api.push([upsert('invoices', cn.id, { ...cn })])).body.results[0].status).toBe('applied');
    expect((await api.get(`/invoices/${invoice.id}`)).body.version).toBe(stored.version);
  });

  it('credited whole on its own: a part-paid invoice is credited, not paid, and shows the refund due (issue 26 F2)', async () => {
    const { api, invoice } = await sentInvoice([{ amount: 100_000 }]);
    expect(invoice).toMatchObject({ status: 'partially_paid', amount_paid: 100_000 });
    const cn = creditNote(
      invoice,
      invoice.lines.map((l: { id: string; quantity: number }) => ({ line_id: l.id, quantity: l.quantity })),
    );
    expect((await api.push([upsert('invoices', cn.id, { ...cn })])).body.results[0].status).toBe('applied');
    const stored = (await api.get(`/invoices/${invoice.id}`)).body;
    expect(stored).toMatchObject({ credited_total: BODY_TOTAL, balance: 0, status: 'credited', amount_paid: 100_000 });
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${invoice.public_id}` })).json();
    expect(pub).toMatchObject({ display_status: 'credited', balance: 0 });
    // Nothing can be paid on it any more.
    const pay = await api.post(`/invoices/${invoice.id}/payments`, { amount: 1, method: 'cash', date: invoice.issue_date });
    expect(pay.status).toBe(422);
  });

  it('a fully credited invoice that was never paid is credited, not paid', async () => {
    const { api, invoice } = await sentInvoice();
    const cn = creditNote(
      invoice,
      invoice.lines.map((l: { id: string; quantity: number }) => ({ line_id: l.id, quantity: l.quantity })),
    );
    const res = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: cn.lines.map((l) => ({ line_id: l.id, quantity: l.quantity })), reason: 'x' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ status: 'credited', balance: 0, amount_paid: 0 });
  });
});
