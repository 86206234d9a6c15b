import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from '../invoices/test-utils';

const { app } = await openTestApp();

const VAT16 = { id: 'vat-b', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
const VAT8 = { id: 'vat-e', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 800, amount: 0, inclusive: false };
const LEVY = { id: 'levy', name: 'Levy', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 5_000, inclusive: false };

describe('VAT return (issue 26): GET /api/reports/vat, figures worked by hand', () => {
  it('output tax by rate less credit notes, input tax from expenses, net payable, to the minor unit', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const chairs = randomUUID();
    // INV: 3 × 333.33 at 16% (999.99 → VAT 160.00) and 1 × 250.00 at 8% (VAT 20.00), a 50.00 levy (not VAT): 1,479.99.
    const inv = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-10',
      currency: 'KES',
      status: 'sent',
      lines: [
        { id: chairs, description: 'Chairs', quantity: 3, unit_price: 33_333, fee_ids: [VAT16.id] },
        { id: randomUUID(), description: 'Books', quantity: 1, unit_price: 25_000, fee_ids: [VAT8.id] },
      ],
      fees: [VAT16, VAT8, LEVY],
      fee_ids: [LEVY.id],
    });
    expect(inv.status).toBe(201);
    expect(inv.body).toMatchObject({ tax_total: 18_000, fee_total: 5_000, total_due: 147_999 });
    // A draft is no tax invoice yet: left out.
    await api.post('/invoices', { ...inv.body, id: undefined, number: undefined, status: 'draft', public_id: undefined });
    // A credit note for one chair: 333.33 + VAT 53.33.
    const cn = await api.post(`/invoices/${inv.body.id}/credit-notes`, { lines: [{ line_id: chairs, quantity: 1 }], reason: 'Broken' });
    expect(cn.body).toMatchObject({ tax_total: 5_333, total_due: 38_666 });
    // A credit note is dated today: the period runs to it (once November is over, it falls after November).
    const to = cn.body.issue_date > '2026-11-30' ? (cn.body.issue_date as string) : '2026-11-30';
    // Expenses through sync: 1,160.00 with 16% inside (160.00), 500.00 + 8% on top (40.00), one without tax.
    // The device's input_tax claim is not trusted: the server works it out.
    const pushed = await api.push([
      upsert('expenses', randomUUID(), { amount: 116_000, currency: 'KES', date: '2026-11-03', category: 'Stock', input_tax_rate_bps: 1600, input_tax: 1 }),
      upsert('expenses', randomUUID(), {
        amount: 50_000,
        currency: 'KES',
        date: '2026-11-04',
        category: 'Stock',
        input_tax_rate_bps: 800,
        input_tax_inclusive: false,
      }),
      upsert('expenses', randomUUID(), { amount: 9_900, currency: 'KES', date: '2026-11-05', category: 'Transport' }),
      upsert('expenses', randomUUID(), {
        amount: 9_900,
        currency: 'KES',
        date: '2026-11-05',
        category: 'Transport',
        input_tax_rate_bps: 1600,
        input_tax_amount: 10,
      }),
    ]);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    expect(pushed.body.results[3].error.message).toBe('input_tax_amount: Give the input tax as a rate or as an amount, not both');

    const res = await api.get(`/reports/vat?from=2026-11-01&to=${to}&currency=KES`);
    expect(res.status).toBe(200);
    expect(res.body.rates).toEqual([
      { name: 'VAT', rate_bps: 1600, taxable: 66_666, output_tax: 16_000, credited_tax: 5_333, net_tax: 10_667 },
      { name: 'VAT', rate_bps: 800, taxable: 25_000, output_tax: 2_000, credited_tax: 0, net_tax: 2_000 },
    ]);
    // Output 180.00 − 53.33 = 126.67; input 160.00 + 40.00 = 200.00; net −73.33 (a credit).
    expect(res.body).toMatchObject({
      invoice_count: 1,
      credit_note_count: 1,
      expense_count: 3,
      net_output_tax: 12_667,
      input_tax: 20_000,
      net_payable: -7_333,
    });
    // Without a currency: the business's own (t18). This one is Nigerian (NGN): nothing in naira; once its currency is KES, the same return.
    const byDefault = await api.get(`/reports/vat?from=2026-11-01&to=${to}`);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({ currency: 'NGN', invoice_count: 0, net_payable: 0 });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.username}`,
      headers: user.auth,
      payload: { user: { invoice_settings: { currency: 'KES' } } },
    });
    expect(patched.statusCode).toBe(200);
    expect((await api.get(`/reports/vat?from=2026-11-01&to=${to}`)).body).toEqual(res.body);
    // It matches the documents: the invoices' tax less the credit notes'.
    expect(res.body.net_output_tax).toBe(inv.body.tax_total - cn.body.tax_total);

    expect((await api.get('/reports/vat?from=2026-11-30&to=2026-11-01&currency=KES')).status).toBe(400);
    expect((await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=K')).status).toBe(400);
    // Only currencies Duka supports, in the invoices' sentence (t20: "usd" was answered as USD with none of its invoices).
    const lower = await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=usd');
    expect(lower.status).toBe(400);
    expect(lower.body.error.message).toBe('currency: Write the currency as USD');
    const unknown = await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=ABCD');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.currency).toMatch(/^"ABCD" is not a currency Duka supports: use one of NGN, USD/);
    for (const url of [
      '/reports/summary?from=2026-11-01&to=2026-11-30&currency=XAU',
      '/reports/aging?from=2026-11-01&to=2026-11-30&currency=btc&bucket=0-30',
    ]) {
      const bad = await api.get(url);
      expect(bad.status, url).toBe(400);
      expect(bad.body.error.fields.currency, url).toMatch(/ is not a currency Duka supports: use one of /);
    }
    expect((await api.get('/reports/summary?from=2026-11-01&to=2026-11-30&currency=KES')).status).toBe(200);
    // Years the database cannot count with get a sentence, never a 500 (issue 22 item 8; t15a F1).
    for (const [from, to] of [
      ['0000-01-01', '0000-12-31'],
      ['0001-01-01', '0001-01-31'],
      ['9999-01-01', '9999-01-31'],
    ]) {
      const bad = await api.get(`/reports/vat?from=${from}&to=${to}&currency=KES`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Use dates between 1900-01-01 and 2999-12-31');
    }
    // Tenancy: another account's return is empty.
    const other = await withContact(app, await signUp(app));
    expect((await other.api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=KES')).body).toMatchObject({ rates: [], input_tax: 0, net_payable: 0 });
  });

  it('counts counter sales (kind sale, paid at once) like any invoice (issue 28 D3)', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const at = '2026-11-25T10:00:00.000Z';
    const VAT15 = { ...VAT16, id: 'vat-15', percentage_bps: 1500 };
    const sale = (id: string, quantity: number) =>
      upsert('invoices', id, {
        kind: 'sale',
        contact_id: contactId,
        issue_date: '2026-11-25',
        due_date: '2026-11-25',
        currency: 'GHS',
        public_id: `sale${randomUUID().replaceAll('-', '')}`.slice(0, 24),
        lines: [{ id: randomUUID(), description: 'Sugar 1kg', quantity, unit_price: 2_000, fee_ids: [] }],
        fees: [VAT15],
        fee_ids: [VAT15.id],
        sent_at: at,
        finished_at: at,
        // Paid at the counter: 20.00 + 3.00 VAT per sugar.
        payments: [{ id: randomUUID(), amount: quantity * 2_300, method: 'cash', date: '2026-11-25', reference: '' }],
      });
    const pushed = await api.push([sale(randomUUID(), 1), sale(randomUUID(), 3)]);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const res = await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=GHS');
    expect(res.status).toBe(200);
    // 4 sugars: taxable 80.00, VAT 12.00.
    expect(res.body.rates).toEqual([{ name: 'VAT', rate_bps: 1500, taxable: 8_000, output_tax: 1_200, credited_tax: 0, net_tax: 1_200 }]);
    expect(res.body).toMatchObject({ invoice_count: 2, net_output_tax: 1_200, net_payable: 1_200 });
  });
});
