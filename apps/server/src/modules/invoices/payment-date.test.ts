import { randomUUID } from 'node:crypto';
import { computeInvoiceTotals } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

const { app } = await openTestApp();

// A payment cannot be dated before its invoice was issued (22 Nov here): the client had no invoice to pay yet.
describe('a payment dated before the invoice was issued', () => {
  it('REST: 422 saying which day to use; the issue day itself and later are taken', async () => {
    const { api, contactId } = await withContact(app, await signUp(app));
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    expect(inv.issue_date).toBe('2026-11-22');
    const early = await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-21' });
    expect(early.status).toBe(422);
    expect(early.body.error.message).toBe("The payment date 2026-11-21 is before the invoice's issue date 2026-11-22. Enter 2026-11-22 or a later date.");
    expect(early.body.error.fields.date).toBe('On or after the issue date 2026-11-22');
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ amount_paid: 0, balance: BODY_TOTAL, payments: [] });
    const same = await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-22' });
    expect(same.status).toBe(201);
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-23' })).status).toBe(201);
  });

  it('REST: a payment dated after the business’s today is refused (t19: one dated 2031 was taken); today itself is fine', async () => {
    const { api, contactId } = await withContact(app, await signUp(app, { country: 'Kenya' }));
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    const later = await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2031-01-15' });
    expect(later.status).toBe(422);
    expect(later.body.error.message).toBe(
      `The payment date 2031-01-15 is after today (${today}): record a payment once it is received. Enter ${today} or an earlier date.`,
    );
    expect(later.body.error.fields.date).toBe(`On or before today, ${today}`);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toEqual([]);
    expect((await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: today })).status).toBe(201);
  });

  it('sync: a device pushing such a payment is rejected with the same words; payments already stored stay', async () => {
    const { api, contactId } = await withContact(app, await signUp(app));
    const id = randomUUID();
    const body = invoiceBody(contactId);
    await api.push([upsert('invoices', id, body)]);
    const early = { id: randomUUID(), amount: 2_000, method: 'cash', date: '2026-11-20', reference: '' };
    const claimed = computeInvoiceTotals({ ...body, payments: [early] });
    const res = await api.push([upsert('invoices', id, { payments: [early], total_due: claimed.total_due, amount_paid: claimed.amount_paid })]);
    expect(res.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'unprocessable', message: "The payment date 2026-11-20 is before the invoice's issue date 2026-11-22. Enter 2026-11-22 or a later date." },
    });
    expect((await api.get(`/invoices/${id}`)).body.payments).toEqual([]);
    // On the issue day it goes through, and a later edit of the invoice (its notes) keeps it.
    const ok = { ...early, id: randomUUID(), date: '2026-11-22' };
    expect((await api.push([upsert('invoices', id, { payments: [ok] })])).body.results[0].status).toBe('applied');
    expect((await api.push([upsert('invoices', id, { notes: 'Thanks' })])).body.results[0].status).toBe('applied');
    expect((await api.get(`/invoices/${id}`)).body).toMatchObject({ amount_paid: 2_000, notes: 'Thanks' });
  });

  it('sync: a payment dated after the business’s today is rejected with the REST words; the rest of the batch applies (t20)', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const { api, contactId } = await withContact(app, user);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    const id = randomUUID();
    const body = invoiceBody(contactId, { issue_date: today, due_date: today });
    expect((await api.push([upsert('invoices', id, body)])).body.results[0].status).toBe('applied');
    const later = { id: randomUUID(), amount: 2_000, method: 'cash', date: '2031-01-15', reference: '' };
    // An invoice made offline with a payment of today, and a note, in the same push.
    const offline = randomUUID();
    const paidToday = { id: randomUUID(), amount: 1_000, method: 'cash', date: today, reference: '' };
    const noteId = randomUUID();
    const res = await api.push([
      upsert('invoices', id, { payments: [later] }),
      upsert('invoices', offline, invoiceBody(contactId, { issue_date: today, due_date: today, status: 'sent', payments: [paidToday] })),
      upsert('contacts', noteId, { name: 'Still synced' }),
    ]);
    expect(res.body.results[0]).toMatchObject({
      status: 'rejected',
      error: {
        code: 'unprocessable',
        message: `The payment date 2031-01-15 is after today (${today}): record a payment once it is received. Enter ${today} or an earlier date.`,
      },
    });
    expect(res.body.results.slice(1).map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await api.get(`/invoices/${id}`)).body.payments).toEqual([]);
    expect((await api.get(`/invoices/${offline}`)).body).toMatchObject({ amount_paid: 1_000, status: 'partially_paid' });
  });
});
