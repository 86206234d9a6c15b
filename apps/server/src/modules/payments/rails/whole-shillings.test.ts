import { randomUUID } from 'node:crypto';
import { wholeShillingsDiscount } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../../test/harness';
import { withContact } from '../../invoices/test-utils';

// t17 K0: a KES balance with cents cannot go to M-Pesa or Airtel Money (whole shillings only). The owner rounds the
// invoice down with core's wholeShillingsDiscount (what the invoice page's button saves): a discount, so the VAT is on
// the lower price, the invoice and the VAT return agree, and the prompt takes exactly the new total.
const { app } = await openTestApp();
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });

const VAT16 = { id: randomUUID(), name: 'VAT 16%', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };

describe('rounding a KES invoice to whole shillings for mobile money (t17 K0)', () => {
  it('KSh243.60 is refused with a way out; rounded to KSh243.00 it is paid by Airtel Money, and the VAT return counts the lower VAT', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const { api, contactId } = await withContact(app, user, { name: 'Wanjiru' });
    const lines = [{ id: randomUUID(), description: 'Unga 2kg', quantity: 1, unit_price: 21_000, fee_ids: [] }];
    const made = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-20',
      currency: 'KES',
      status: 'sent',
      lines,
      fees: [VAT16],
      fee_ids: [VAT16.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ total_due: 24_360, balance: 24_360 });

    const refused = await inject('POST', `/api/invoices/link/${made.body.public_id}/rails/airtel_money`, { phone: '0733 123 456' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Airtel Money takes whole shillings and the balance, KSh243.60, has cents: pay another way, or ask the business to round the invoice to whole shillings',
    );

    const round = wholeShillingsDiscount(made.body)!;
    expect(round).toEqual({ discount: { type: 'amount', value: 52, rounding: 52 }, balance: 24_300 });
    const rounded = await api.patch(`/invoices/${made.body.id}`, { discount: round.discount });
    expect(rounded.status, JSON.stringify(rounded.body)).toBe(200);
    expect(rounded.body).toMatchObject({ subtotal: 21_000, discount_total: 52, tax_total: 3_352, total_due: 24_300, balance: 24_300 });
    // The customer's page shows the same figures as the owner's.
    const page = (await inject('GET', `/api/invoices/public/${made.body.public_id}`)).json();
    expect(page).toMatchObject({ discount_total: 52, tax_total: 3_352, total_due: 24_300, balance: 24_300 });
    // VAT on what the customer pays before tax: 209.48 × 16% = 33.52.
    const ret = (await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=KES')).body;
    expect(ret.rates).toEqual([expect.objectContaining({ rate_bps: 1600, taxable: 20_948, output_tax: 3_352 })]);

    const started = await inject('POST', `/api/invoices/link/${made.body.public_id}/rails/airtel_money`, { phone: '0733 123 456' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amount: 24_300, currency: 'KES' });
    expect((await inject('POST', `/api/test-phone/${started.json().reference}/approve`, {})).statusCode).toBe(200);
    const paid = (await api.get(`/invoices/${made.body.id}`)).body;
    expect(paid.payments.map((p: { amount: number }) => p.amount)).toEqual([24_300]);
  });
});
