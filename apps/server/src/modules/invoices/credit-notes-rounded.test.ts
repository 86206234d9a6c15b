import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from './test-utils';

const { app } = await openTestApp();
const VAT_IN = { id: randomUUID(), name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: true };

describe('credit notes of a document rounded to whole shillings (t24 F1)', () => {
  it('REST: 1 of 2 cement back at KSh850 (not KSh849.89); the last credit note takes the exact rest, KSh3,200', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const cement = randomUUID();
    const paint = randomUUID();
    // 2 × Cement KSh850 + Paint KSh2,350.50, VAT 16% inside, "Round down to KSh4,050.00".
    const res = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-22',
      due_date: '2026-12-06',
      currency: 'KES',
      lines: [
        { id: cement, description: 'Cement 50kg', quantity: 2, unit_price: 85_000, fee_ids: [] },
        { id: paint, description: 'Paint 4L', quantity: 1, unit_price: 235_050, fee_ids: [] },
      ],
      fees: [VAT_IN],
      fee_ids: [VAT_IN.id],
      discount: { type: 'amount', value: 50, rounding: 50 },
      status: 'sent',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.total_due).toBe(405_000);
    const one = await api.post(`/invoices/${res.body.id}/credit-notes`, { lines: [{ line_id: cement, quantity: 1 }], reason: 'Damaged bag' });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body).toMatchObject({ subtotal: 85_000, discount_total: 0, tax_total: 11_724, total_due: 85_000 });
    const rest = await api.post(`/invoices/${res.body.id}/credit-notes`, {
      lines: [
        { line_id: cement, quantity: 1 },
        { line_id: paint, quantity: 1 },
      ],
      reason: 'All back',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({ discount_total: 50, total_due: 320_000 });
    expect(rest.body.tax_total + 11_724).toBe(res.body.tax_total);
    expect((await api.get(`/invoices/${res.body.id}`)).body).toMatchObject({ credited_total: 405_000, balance: 0 });
  });
});
