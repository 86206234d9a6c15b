import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from '../invoices/test-utils';

const { app } = await openTestApp();

// t18 Z1: a South African VAT vendor's delivery charge is a standard-rated supply. A fee subject to VAT carries the
// invoice's VAT (inside it when the prices include VAT), on the invoice, its public page and the VAT return.
describe('a fee subject to VAT (t18 Z1)', () => {
  it('is kept on the Fees tab (a PATCH without it leaves it), copied onto the invoice, and counted in the VAT return', async () => {
    const user = await signUp(app, { country: 'South Africa', language: 'en' });
    const { api, contactId } = await withContact(app, user);
    const [vat] = (await api.get('/fees')).body.records as Array<{ id: string; inclusive: boolean; subject_to_tax: boolean }>;
    expect(vat).toMatchObject({ inclusive: true, subject_to_tax: false });
    const plain = await api.post('/fees', { name: 'Permit', kind: 'fee', calculation: 'fixed', amount: 2_000 });
    expect(plain.body.subject_to_tax).toBe(false);
    const delivery = await api.post('/fees', { name: 'Delivery', kind: 'fee', calculation: 'fixed', amount: 5_000, subject_to_tax: true });
    expect(delivery.status).toBe(201);
    expect((await api.patch(`/fees/${delivery.body.id}`, { amount: 5_000, name: 'Delivery' })).body.subject_to_tax).toBe(true);

    // R1,000.00 with VAT 15% inside (130.43), delivery R50.00 with VAT 6.52 inside, a permit of R20.00 without VAT.
    const inv = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-10',
      currency: 'ZAR',
      status: 'sent',
      lines: [{ id: randomUUID(), description: 'Braai pack', quantity: 1, unit_price: 100_000 }],
      fee_ids: [vat.id, delivery.body.id, plain.body.id],
    });
    expect(inv.status).toBe(201);
    expect(inv.body.fees.find((f: { id: string }) => f.id === delivery.body.id)).toMatchObject({ subject_to_tax: true });
    expect(inv.body).toMatchObject({ tax_total: 13_043 + 652, fee_total: 7_000, total_due: 107_000 });

    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.body.public_id}` })).json();
    expect(pub.fees.map((f: { name: string; subject_to_tax?: boolean }) => [f.name, f.subject_to_tax ?? false]).sort()).toEqual([
      ['Delivery', true],
      ['Permit', false],
      ['VAT 15%', false],
    ]);

    const vatReturn = await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=ZAR');
    // Taxable 869.57 + 43.48 = 913.05 (the permit stays out); output tax 130.43 + 6.52 = 136.95.
    expect(vatReturn.body.rates).toEqual([{ name: 'VAT', rate_bps: 1500, taxable: 91_305, output_tax: 13_695, credited_tax: 0, net_tax: 13_695 }]);
  });
});
