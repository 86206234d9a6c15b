import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

const { app } = await openTestApp();

describe('editing a part-paid invoice (issue 14)', () => {
  it('allows edits that keep the paid amount within the new total, keeping the replaced values in the history', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const paid = (await api.post(`/invoices/${inv.id}/payments`, { amount: 200_000, method: 'cash', date: '2026-11-23' })).body;
    expect(paid).toMatchObject({ status: 'partially_paid', amount_paid: 200_000, balance: BODY_TOTAL - 200_000 });

    // Lower the delivery line: total 2 × 1,500 + 1 × 300 = 3,300 + 7.5% = 3,547.50, still above the 2,000 paid.
    const lines = [paid.lines[0], { ...paid.lines[1], unit_price: 30_000 }];
    const edited = await api.patch(`/invoices/${inv.id}`, { lines, notes: 'Delivery discounted' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ total_due: 354_750, amount_paid: 200_000, balance: 154_750, status: 'partially_paid', payments: paid.payments });
    expect(edited.body.history_count).toBe(1);
    const history = await api.get(`/sync/history?collection=invoices&id=${inv.id}`);
    expect(history.status).toBe(200);
    expect(history.body[0].data.lines[1].unit_price).toBe(50_000);
    expect(history.body[0].data.total_due).toBe(BODY_TOTAL);

    // Recording a payment is not an edit: no history entry.
    const more = (await api.post(`/invoices/${inv.id}/payments`, { amount: 1_000, method: 'cash', date: '2026-11-24' })).body;
    expect(more.history_count).toBe(1);
  });

  it('refuses an edit that brings the total below what was paid, saying by how much', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    await api.post(`/invoices/${inv.id}/payments`, { amount: 300_000, method: 'cash', date: '2026-11-23' });
    const res = await api.patch(`/invoices/${inv.id}`, {
      lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 1, unit_price: 150_000, fee_ids: [] }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('The new total ₦1,612.50 is less than the ₦3,000 already paid. Keep the total at least ₦3,000.');
    expect((await api.get(`/invoices/${inv.id}`)).body.total_due).toBe(BODY_TOTAL);
    // Other fields of that invoice still change.
    expect((await api.patch(`/invoices/${inv.id}`, { notes: 'Thanks' })).status).toBe(200);
  });
});
