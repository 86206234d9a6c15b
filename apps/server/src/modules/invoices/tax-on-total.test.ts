import { randomUUID } from 'node:crypto';
import { pdfText } from '@duka/pdf/testing';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

const { app } = await openTestApp();

// t22 V1 (t20/t21 V1): Douala, 25,000 + 75,000 FCFA at TVA 19.25 %. Rounded per line (4,812.5 and 14,437.5, both up) it
// was 19,251; a customer checking by hand gets 19.25 % of 100,000 = 19,250. New documents round each percentage tax
// once on its total; invoices written before keep their stored totals.
describe('a percentage tax rounded once on its total (t22 V1)', () => {
  it('a fee named by id from the Fees tab is rounded on the total: invoice, PDF, credit notes and the VAT return agree', async () => {
    const user = await signUp(app, { country: 'Cameroon', language: 'en' });
    const { api, contactId } = await withContact(app, user);
    const tva = await api.post('/fees', { name: 'TVA', kind: 'tax', calculation: 'percentage', percentage_bps: 1925 });
    expect(tva.status).toBe(201);
    const [sacs, ciment] = [randomUUID(), randomUUID()];
    const inv = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-10',
      currency: 'XAF',
      status: 'sent',
      lines: [
        { id: sacs, description: 'Sacs', quantity: 1, unit_price: 25_000 },
        { id: ciment, description: 'Ciment', quantity: 1, unit_price: 75_000 },
      ],
      fee_ids: [tva.body.id],
    });
    expect(inv.status).toBe(201);
    expect(inv.body.fees[0]).toMatchObject({ id: tva.body.id, round_on: 'total' });
    expect(inv.body).toMatchObject({ tax_total: 19_250, total_due: 119_250 });

    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${inv.body.id}/pdf`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s/g, '');
    expect(text).toContain('19,250');
    expect(text).not.toContain('19,251');

    // Credited in two parts: the last credit note takes exactly what is left of the TVA (the return nets it to nothing).
    const first = await api.post(`/invoices/${inv.body.id}/credit-notes`, { lines: [{ line_id: sacs, quantity: 1 }], reason: 'Torn' });
    expect(first.status).toBe(201);
    const rest = await api.post(`/invoices/${inv.body.id}/credit-notes`, { lines: [{ line_id: ciment, quantity: 1 }], reason: 'Returned' });
    expect(rest.status).toBe(201);
    expect(first.body.tax_total + rest.body.tax_total).toBe(19_250);
    expect(first.body.total_due + rest.body.total_due).toBe(119_250);

    // The credit notes are dated today: the period runs to them (once November is over, they fall after November).
    const to = rest.body.issue_date > '2026-11-30' ? (rest.body.issue_date as string) : '2026-11-30';
    const vat = await api.get(`/reports/vat?from=2026-11-01&to=${to}&currency=XAF`);
    expect(vat.status).toBe(200);
    expect(vat.body.rates).toEqual([{ name: 'TVA', rate_bps: 1925, taxable: 0, output_tax: 19_250, credited_tax: 19_250, net_tax: 0 }]);
  });

  it("an API client's own snapshot keeps the rule it names; an invoice pushed before the rule keeps its stored totals", async () => {
    const user = await signUp(app, { country: 'Cameroon', language: 'en' });
    const { api, contactId } = await withContact(app, user);
    const tva = { id: randomUUID(), name: 'TVA', kind: 'tax', calculation: 'percentage', percentage_bps: 1925, amount: 0, inclusive: false };
    const body = (fees: unknown[]) => ({
      contact_id: contactId,
      issue_date: '2026-11-10',
      currency: 'XAF',
      lines: [
        { id: randomUUID(), description: 'Sacs', quantity: 1, unit_price: 25_000 },
        { id: randomUUID(), description: 'Ciment', quantity: 1, unit_price: 75_000 },
      ],
      fees,
      fee_ids: [tva.id],
    });
    const old = await api.post('/invoices', body([tva]));
    expect(old.status).toBe(201);
    expect(old.body).toMatchObject({ tax_total: 19_251, total_due: 119_251 });
    const flagged = await api.post('/invoices', body([{ ...tva, round_on: 'total' }]));
    expect(flagged.body).toMatchObject({ tax_total: 19_250, total_due: 119_250 });

    // Through sync, with the totals the device worked out: each rule's own figures are accepted, the other's refused.
    for (const [fee, tax, ok] of [
      [tva, 19_251, true],
      [{ ...tva, round_on: 'total' }, 19_250, true],
      [{ ...tva, round_on: 'total' }, 19_251, false],
    ] as const) {
      const pushed = await api.push([
        upsert('invoices', randomUUID(), {
          ...body([fee]),
          public_id: randomUUID().replaceAll('-', '').slice(0, 24),
          tax_total: tax,
          total_due: 100_000 + tax,
        }),
      ]);
      expect(pushed.body.results[0].status, JSON.stringify(pushed.body.results[0])).toBe(ok ? 'applied' : 'rejected');
    }
  });
});
