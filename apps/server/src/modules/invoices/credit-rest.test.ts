import { randomUUID } from 'node:crypto';
import { creditNoteCommand } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

/**
 * t19 N8: returns credited one unit at a time through POST /api/invoices/:id/credit-notes (and a device's push) add up to
 * the invoice exactly: the credit note that takes the last of a line takes what is left of its amount, discount and VAT.
 */
const { app } = await openTestApp();
const VAT16 = { id: 'vat-16', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function sentInvoice(lines: Array<[number, number]>, discount: unknown = null) {
  const user = await signUp(app, { country: 'Zambia' });
  const { api, contactId } = await withContact(app, user);
  const res = await api.post('/invoices', {
    contact_id: contactId,
    issue_date: day(-1),
    currency: 'ZMW',
    status: 'sent',
    lines: lines.map(([quantity, unit_price], i) => ({ id: randomUUID(), description: `Item ${i + 1}`, quantity, unit_price, fee_ids: [] })),
    fees: [VAT16],
    fee_ids: [VAT16.id],
    discount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { api, invoice: res.body };
}

describe('credit notes one unit at a time add up to the invoice (t19 N8)', () => {
  it('3 × K3.33 + VAT 16% = K11.59: three one-unit credit notes take K3.86, K3.86, K3.87 and the invoice is credited', async () => {
    const { api, invoice } = await sentInvoice([[3, 333]]);
    expect(invoice).toMatchObject({ total_due: 1159, tax_total: 160 });
    const totals = [];
    for (let i = 0; i < 3; i++) {
      const cn = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Returned' });
      expect(cn.status, JSON.stringify(cn.body)).toBe(201);
      totals.push([cn.body.total_due, cn.body.tax_total]);
    }
    expect(totals).toEqual([
      [386, 53],
      [386, 53],
      [387, 54],
    ]);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ credited_total: 1159, balance: 0, status: 'credited' });
    // Nothing more to credit, and nothing owed on the pay page.
    const again = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'x' });
    expect(again.status).toBe(409);
  });

  it('with a 7.5% discount, 23 credit notes take K629.82 and exactly the VAT charged; the VAT return nets to 0', async () => {
    const { api, invoice } = await sentInvoice(
      [
        [3, 14_999],
        [1, 8_550],
        [12, 235],
        [7, 333],
      ],
      { type: 'percentage', value: 750 },
    );
    expect(invoice).toMatchObject({ total_due: 62_982, tax_total: 8_687 });
    let total = 0;
    let tax = 0;
    for (const line of invoice.lines as Array<{ id: string; quantity: number }>)
      for (let u = 0; u < line.quantity; u++) {
        const cn = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'Returned' });
        expect(cn.status, JSON.stringify(cn.body)).toBe(201);
        total += cn.body.total_due;
        tax += cn.body.tax_total;
      }
    expect([total, tax]).toEqual([62_982, 8_687]);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ credited_total: 62_982, balance: 0, status: 'credited' });
    const ret = (await api.get(`/reports/vat?from=${day(-2)}&to=${day(2)}&currency=ZMW`)).body;
    expect(ret.rates).toEqual([expect.objectContaining({ rate_bps: 1600, taxable: 0, output_tax: 8_687, credited_tax: 8_687, net_tax: 0 })]);
  });

  it("a device's credit note that takes the last unit, pushed, is accepted with its exact figures", async () => {
    const { api, invoice } = await sentInvoice([[3, 333]]);
    const line = invoice.lines[0].id;
    const two = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: line, quantity: 2 }], reason: 'Two back' });
    expect(two.body).toMatchObject({ total_due: 773, tax_total: 107 });
    const stored = (await api.pull('invoices', 0)).body.records as Array<Record<string, unknown>>;
    const prior = stored.filter((r) => r.kind === 'credit_note') as unknown as Parameters<typeof creditNoteCommand>[1];
    const { record } = creditNoteCommand(
      invoice,
      prior,
      {
        id: randomUUID(),
        number: 'CN-0002',
        public_id: randomUUID().replaceAll('-', '').slice(0, 22),
        reason: 'Last one',
        picks: [{ line_id: line, quantity: 1 }],
        time_zone: 'Africa/Lusaka',
      },
      new Date(),
    );
    // Two units took K6.66 + VAT K1.07 (1.0656): the last takes K3.33 + the K0.53 of VAT left (K11.59 in all).
    const res = await api.push([upsert('invoices', record.id, { ...record, total_due: 386, tax_total: 53 })]);
    expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
    expect((await api.get(`/invoices/${record.id}`)).body).toMatchObject({ total_due: 386, tax_total: 53 });
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ credited_total: 1159, balance: 0, status: 'credited' });
  });
});
