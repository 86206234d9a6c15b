import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from '../invoices/test-utils';
import { vatReturnInNode } from './vat';

/**
 * t19 N5: a Nigerian business's USD invoice's VAT sat in a separate USD return with no naira figure. The business's
 * return (in naira) now counts it at the invoice's exchange rate, with the dollars as detail; a credit note of it uses
 * the invoice's rate; an invoice with no rate is named and left out; the return worked out in Node agrees.
 */
const { app, ctx } = await openTestApp();
const VAT75 = { id: 'vat75', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false };
const NOV = { from: '2026-11-01', to: '2026-11-30' };

describe('the VAT return in the home currency counts foreign-currency invoices at their rates (t19 N5)', () => {
  it('GET /reports/vat converts a USD invoice and its credit note into naira; USD alone still answers in USD', async () => {
    const user = await signUp(app, { country: 'Nigeria' });
    const { api, contactId } = await withContact(app, user);
    const sale = (currency: string, price: number, extra: Record<string, unknown> = {}) => {
      const line = randomUUID();
      return api
        .post('/invoices', {
          contact_id: contactId,
          issue_date: '2026-11-10',
          currency,
          status: 'sent',
          lines: [{ id: line, description: 'Consulting', quantity: 1, unit_price: price, fee_ids: [VAT75.id] }],
          fees: [VAT75],
          ...extra,
        })
        .then((r) => ({ ...r, line }));
    };
    expect((await sale('NGN', 1_000_000)).status).toBe(201);
    const usd = await sale('USD', 10_000, { exchange_rate: 1530.25 });
    expect(usd.body).toMatchObject({ currency: 'USD', exchange_rate: 1530.25, tax_total: 750 });
    const noRate = await sale('USD', 2_000);
    expect(noRate.body.exchange_rate).toBeNull();
    // A bad rate is refused with a sentence.
    const bad = await sale('USD', 2_000, { exchange_rate: -3 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The exchange rate must be more than 0');

    const before = (await api.get(`/reports/vat?from=${NOV.from}&to=${NOV.to}`)).body;
    // ₦750.00 + $7.50 × 1,530.25 (₦11,476.875 → ₦11,476.88) = ₦12,226.88; taxable ₦10,000 + ₦153,025.
    expect(before).toMatchObject({ currency: 'NGN', invoice_count: 2, output_tax: 1_222_688, net_payable: 1_222_688 });
    expect(before.rates).toEqual([{ name: 'VAT', rate_bps: 750, taxable: 16_302_500, output_tax: 1_222_688, credited_tax: 0, net_tax: 1_222_688 }]);
    expect(before.foreign).toEqual([
      {
        currency: 'USD',
        invoice_count: 1,
        credit_note_count: 0,
        output_tax: 750,
        credited_tax: 0,
        net_output_tax: 750,
        net_output_tax_home: 1_147_688,
        missing_rate: [{ id: noRate.body.id, number: noRate.body.number, kind: 'invoice' }],
        expense_count: 0,
        input_tax: 0,
        input_tax_home: 0,
      },
    ]);
    // The rate entered later on the invoice counts it: $1.50 × 1,500 = ₦2,250.00.
    expect((await api.patch(`/invoices/${noRate.body.id}`, { exchange_rate: 1500 })).body.exchange_rate).toBe(1500);

    // A credit note of the USD invoice (issued with no rate of its own) takes its VAT back at the invoice's rate.
    const cn = await api.post(`/invoices/${usd.body.id}/credit-notes`, { lines: [{ line_id: usd.line, quantity: 1 }], reason: 'Cancelled' });
    expect(cn.status).toBe(201);
    const issued = cn.body.issue_date as string;
    const period = { from: NOV.from, to: issued > NOV.to ? issued : NOV.to };
    const after = (await api.get(`/reports/vat?from=${period.from}&to=${period.to}`)).body;
    expect(after).toMatchObject({ invoice_count: 3, credit_note_count: 1, output_tax: 1_222_688 + 225_000, credited_tax: 1_147_688 });
    expect(after.foreign[0]).toMatchObject({ invoice_count: 2, credit_note_count: 1, net_output_tax: 150, net_output_tax_home: 225_000, missing_rate: [] });
    // The same figures worked out in Node from the documents (the fallback while parts are backfilled).
    expect(await vatReturnInNode(ctx.db, user.userId, period, 'NGN', true)).toEqual(after);
    // Every stored part gone: the route takes the Node path and answers the same.
    await ctx.db.execute(sql`update invoices set vat_lines = null where user_id = ${user.userId}::uuid`);
    expect((await api.get(`/reports/vat?from=${period.from}&to=${period.to}`)).body).toEqual(after);
    // A return asked in USD is the USD documents alone, unconverted.
    const dollars = (await api.get(`/reports/vat?from=${period.from}&to=${period.to}&currency=USD`)).body;
    expect(dollars).toMatchObject({ currency: 'USD', invoice_count: 2, output_tax: 900, credited_tax: 750, foreign: [] });
  });
});

describe('the VAT return in the home currency counts the input tax of expenses in other currencies at their rates', () => {
  it('a Zimbabwean business’s USD expense: counted in ZiG at its rate, named while it has none; the Node path agrees', async () => {
    const user = await signUp(app, { country: 'Zimbabwe' });
    const { api } = await withContact(app, user);
    const expense = (body: Record<string, unknown>) =>
      api.post('/expenses', {
        date: '2026-11-12',
        category: 'Transport',
        payment_method: 'cash',
        input_tax_rate_bps: 1550,
        input_tax_inclusive: true,
        ...body,
      });
    // $50.00 with VAT 15.5% inside: $6.71; at 1 USD = ZiG 26.80 → ZiG 179.83. ZiG 1,155.00 with VAT inside: ZiG 155.00.
    const usd = await expense({ amount: 5_000, currency: 'USD', vendor: 'Zupco', exchange_rate: 26.8 });
    expect(usd.status).toBe(201);
    expect(usd.body).toMatchObject({ currency: 'USD', input_tax: 671, exchange_rate: 26.8 });
    expect((await expense({ amount: 115_500, currency: 'ZWG', vendor: 'OK Mart' })).body.input_tax).toBe(15_500);
    const noRate = await expense({ amount: 2_310, currency: 'USD', vendor: 'Total Energies' });
    expect(noRate.body).toMatchObject({ input_tax: 310, exchange_rate: null });
    expect((await expense({ amount: 1_000, currency: 'USD', vendor: 'x', exchange_rate: 0 })).status).toBe(400);

    const v = (await api.get(`/reports/vat?from=${NOV.from}&to=${NOV.to}`)).body;
    expect(v).toMatchObject({ currency: 'ZWG', expense_count: 2, input_tax: 15_500 + 17_983, net_payable: -(15_500 + 17_983) });
    expect(v.foreign).toEqual([
      expect.objectContaining({
        currency: 'USD',
        invoice_count: 0,
        expense_count: 1,
        input_tax: 671,
        input_tax_home: 17_983,
        missing_rate: [{ id: noRate.body.id, number: 'Total Energies', kind: 'expense' }],
      }),
    ]);
    expect(await vatReturnInNode(ctx.db, user.userId, NOV, 'ZWG', true)).toEqual(v);
    // The rate entered later counts it too: $3.10 × 27 = ZiG 83.70.
    expect((await api.patch(`/expenses/${noRate.body.id}`, { exchange_rate: 27 })).body.exchange_rate).toBe(27);
    const after = (await api.get(`/reports/vat?from=${NOV.from}&to=${NOV.to}`)).body;
    expect(after).toMatchObject({ expense_count: 3, input_tax: 15_500 + 17_983 + 8_370 });
    expect(after.foreign[0]).toMatchObject({ expense_count: 2, input_tax: 981, input_tax_home: 17_983 + 8_370, missing_rate: [] });
    // A return asked in USD counts the USD expenses as they are.
    expect((await api.get(`/reports/vat?from=${NOV.from}&to=${NOV.to}&currency=USD`)).body).toMatchObject({ expense_count: 2, input_tax: 981, foreign: [] });
  });
});
