import { randomUUID } from 'node:crypto';
import { buildInvoicePdf, invoicePublicLink, pdfParties } from '@duka/pdf';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from './test-utils';

// Issue 23 item 4: a fixed surcharge was counted in tax_total.
const { app, ctx, config } = await openTestApp();

const VAT10 = { id: randomUUID(), name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1_000, amount: 0, inclusive: true };
const SURCHARGE = { id: randomUUID(), name: 'Surcharge', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false };
const body = (contactId: string, extra: Record<string, unknown> = {}) => ({
  contact_id: contactId,
  issue_date: '2026-11-22',
  currency: 'NGN',
  lines: [{ id: randomUUID(), description: 'Robe', quantity: 1, unit_price: 1_500, fee_ids: [] }],
  fees: [VAT10, SURCHARGE],
  fee_ids: [VAT10.id, SURCHARGE.id],
  ...extra,
});

describe('tax_total counts taxes only; fees are in fee_total (issue 23)', () => {
  it('a 10% inclusive tax with a fixed ₦5.00 surcharge: tax_total ₦1.36, fee_total ₦5.00, stored and synced', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const res = await api.post('/invoices', body(contactId, { tax_total: 136, fee_total: 500, total_due: 2_000 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal: 1_500, tax_total: 136, fee_total: 500, total_due: 2_000 });
    const [row] = await ctx.db.select({ tax: invoices.taxTotal, fee: invoices.feeTotal }).from(invoices).where(eq(invoices.id, res.body.id));
    expect(row).toEqual({ tax: 136, fee: 500 });
    const pulled = (await api.pull('invoices')).body.records.find((r: { id: string }) => r.id === res.body.id);
    expect(pulled).toMatchObject({ tax_total: 136, fee_total: 500 });
  });

  it('checks claimed totals against the split; a device predating it (no fee_total) is checked against taxes + fees', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const wrong = await api.post('/invoices', body(contactId, { tax_total: 636, fee_total: 500 }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toHaveProperty('tax_total');
    const older = await api.post('/invoices', body(contactId, { tax_total: 636 }));
    expect(older.status).toBe(201);
    expect(older.body).toMatchObject({ tax_total: 136, fee_total: 500 });
  });

  it('the public page names each fee with its kind; the server PDF is the device’s, byte for byte', async () => {
    const user = await signUp(app, { company_name: 'Ada Stores' });
    const { api, contactId } = await withContact(app, user, { name: 'Chidi Okafor' });
    const inv = (await api.post('/invoices', body(contactId, { status: 'sent' }))).body;
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page).toMatchObject({ tax_total: 136, fee_total: 500 });
    expect(page.fees.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['VAT', 'tax'],
      ['Surcharge', 'fee'],
    ]);
    const server = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: user.auth });
    const contact = (await api.get(`/contacts/${contactId}`)).body;
    const parties = pdfParties({ name: 'Ada Obi', company_name: 'Ada Stores', email: user.email }, contact);
    const device = await buildInvoicePdf(inv, { ...parties, payLink: invoicePublicLink(config.publicUrl, inv.public_id) });
    expect(Buffer.from(device).equals(server.rawPayload)).toBe(true);
  });
});
