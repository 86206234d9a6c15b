import { randomUUID } from 'node:crypto';
import { FISCAL_IMMUTABLE_MESSAGE } from '@duka/core';
import { pdfText } from '@duka/pdf/testing';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import { openTestApp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { processDue } from './service';
import { operatorShop, ownTaxpayerOscu, type Shop, VAT16 } from './test-utils';

/**
 * Issue 26 F7: a Kenyan business's counter sale (kind 'sale', issue 28) is a tax invoice. It is queued for KRA in the
 * transaction that stores it, sent to the local OSCU server as a normal sale receipt (NS) in the same number sequence
 * as invoices, kept as signed, refused and fixed like an invoice, takes a later payment when left owed, and is
 * credited as NC. Issue 26 F9: a credit note pushed on its own brings its invoice's stored totals with it.
 */
const { oscu, settings } = await ownTaxpayerOscu('DUKA-SALE-001');
const { app, ctx } = await openTestApp({ etims: settings });

beforeEach(() => {
  oscu.down = false;
  oscu.refuseNext = null;
});

const stateOf = async (id: string) => (await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, id)))[0];

/** A counter sale as the Sell screen pushes it: finished and handed over as it is made, 2 × KES 1,160 VAT inside. */
async function counterSale(shop: Shop, payments: Array<{ amount: number; method?: string }> = [{ amount: 232_000 }]) {
  const id = randomUUID();
  const at = '2026-11-25T10:00:00.000Z';
  const res = await shop.api.push([
    upsert('invoices', id, {
      kind: 'sale',
      contact_id: shop.contactId,
      issue_date: '2026-11-25',
      due_date: '2026-11-25',
      currency: 'KES',
      public_id: `sale${randomUUID().replaceAll('-', '')}`.slice(0, 24),
      lines: [{ id: randomUUID(), description: 'Cement 50kg', quantity: 2, unit_price: 116_000, fee_ids: [VAT16.id] }],
      fees: [VAT16],
      fee_ids: [VAT16.id],
      sent_at: at,
      finished_at: at,
      payments: payments.map((p) => ({ id: randomUUID(), amount: p.amount, method: p.method ?? 'cash', date: '2026-11-25', reference: '' })),
    }),
  ]);
  expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
  return (await shop.api.get(`/invoices/${id}`)).body;
}

describe('counter sales sent to KRA eTIMS (issue 26 F7)', () => {
  it('is queued with the sale, signed as a normal sale receipt (NS) in the invoices’ sequence, its receipt PDF and public page carry the fiscal block', async () => {
    const shop = await operatorShop(app, settings);
    const sale = await counterSale(shop);
    expect(sale).toMatchObject({ kind: 'sale', number: 'SAL-0001', status: 'paid', balance: 0 });
    // Queued in the push's own transaction: there before any job ran.
    expect(await stateOf(sale.id)).toMatchObject({ kind: 'sale', state: 'provisional' });
    expect((await shop.api.get(`/invoices/${sale.id}/fiscal`)).body).toMatchObject({ state: 'provisional', test: false });

    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await shop.api.get(`/invoices/${sale.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscalised', test: false, control_unit_id: 'KRACU0100000001' });
    expect(view.receipt_label).toMatch(/^\d+\/\d+ NS$/);
    expect(view.qr_text).toContain(view.signature);
    const sent = oscu.sales.get(Number(view.fiscal_number))!;
    expect(sent.body).toMatchObject({
      rcptTyCd: 'S',
      salesTyCd: 'N',
      trdInvcNo: 'SAL-0001',
      custTin: 'P051234567Q',
      totAmt: 2320,
      taxblAmtB: 2320,
      taxAmtB: 320,
    });

    // An invoice of the same business takes the next number of the same sequence (one per branch).
    const inv = await shop.api.post('/invoices', {
      contact_id: shop.contactId,
      issue_date: '2026-11-25',
      currency: 'KES',
      status: 'sent',
      lines: [{ id: randomUUID(), description: 'Advice', quantity: 1, unit_price: 50_000, fee_ids: [] }],
    });
    expect(inv.status).toBe(201);
    await processDue(ctx, { userId: shop.user.userId });
    const invView = (await shop.api.get(`/invoices/${inv.body.id}/fiscal`)).body;
    expect(Number(invView.fiscal_number)).toBe(Number(view.fiscal_number) + 1);

    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${sale.public_id}` })).json();
    expect(pub.fiscal).toMatchObject({ state: 'fiscalised', receipt_label: view.receipt_label, qr_text: view.qr_text });
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${sale.id}/pdf`, headers: shop.user.auth });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['KRACU0100000001', view.receipt_label, 'SAL-0001']) expect(text).toContain(s);
  });

  it('a signed sale is kept as signed: an edit is refused offering a credit note; a void sale is never sent', async () => {
    const shop = await operatorShop(app, settings);
    const sale = await counterSale(shop);
    await processDue(ctx, { userId: shop.user.userId });
    const edited = await shop.api.push([upsert('invoices', sale.id, { lines: [{ ...sale.lines[0], quantity: 3 }] }, sale.version)]);
    expect(edited.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: FISCAL_IMMUTABLE_MESSAGE } });

    // A sale made and voided before it reached the server is not sent.
    const id = randomUUID();
    const at = '2026-11-25T11:00:00.000Z';
    await shop.api.push([
      upsert('invoices', id, {
        kind: 'sale',
        contact_id: shop.contactId,
        issue_date: '2026-11-25',
        currency: 'KES',
        lines: [{ id: randomUUID(), description: 'Nails', quantity: 1, unit_price: 10_000, fee_ids: [] }],
        sent_at: at,
        finished_at: at,
        voided_at: at,
      }),
    ]);
    expect(await stateOf(id)).toBeUndefined();
  });

  it('KRA down: the sale waits and is sent by the sweep; a refusal is kept with KRA’s reason and sent again once fixed', async () => {
    const shop = await operatorShop(app, settings);
    oscu.down = true;
    const sale = await counterSale(shop);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 1, failed: 0 });
    expect((await shop.api.get(`/invoices/${sale.id}/fiscal`)).body).toMatchObject({ state: 'provisional' });
    oscu.down = false;
    await ctx.db
      .update(fiscalDocuments)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(fiscalDocuments.invoiceId, sale.id));
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });

    const refused = await counterSale(shop);
    oscu.refuseNext = { code: '910', msg: 'Request parameter error: something KRA dislikes' };
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 1 });
    const bad = (await shop.api.get(`/invoices/${refused.id}/fiscal`)).body;
    expect(bad).toMatchObject({ state: 'fiscal_error' });
    expect(bad.error.message).toContain('something KRA dislikes');
    expect((await shop.api.post(`/invoices/${refused.id}/fiscal/retry`, {})).status).toBe(200);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
  });

  it('a sale left owed takes a payment later (not "A quote cannot take payments"); a credit note never does', async () => {
    const shop = await operatorShop(app, settings);
    const sale = await counterSale(shop, [{ amount: 100_000 }]);
    expect(sale).toMatchObject({ status: 'partially_paid', balance: 132_000 });
    const paid = await shop.api.post(`/invoices/${sale.id}/payments`, { amount: 132_000, method: 'mobile_money', date: '2026-11-25' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', balance: 0 });
    const over = await shop.api.post(`/invoices/${sale.id}/payments`, { amount: 1, method: 'cash', date: '2026-11-25' });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toMatch(/more than the balance due/);

    await processDue(ctx, { userId: shop.user.userId });
    const cn = await shop.api.post(`/invoices/${sale.id}/credit-notes`, { lines: [{ line_id: sale.lines[0].id, quantity: 1 }], reason: 'Returned' });
    expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    const onCn = await shop.api.post(`/invoices/${cn.body.id}/payments`, { amount: 100, method: 'cash', date: '2026-11-25' });
    expect(onCn.status).toBe(422);
    expect(onCn.body.error.message).toMatch(/^A credit note cannot take payments/);
  });

  it('a credit note of a signed sale goes as NC referencing it; credited whole after payment, the sale shows the refund due', async () => {
    const shop = await operatorShop(app, settings);
    const sale = await counterSale(shop);
    await processDue(ctx, { userId: shop.user.userId });
    const signed = (await shop.api.get(`/invoices/${sale.id}/fiscal`)).body;
    const cn = await shop.api.post(`/invoices/${sale.id}/credit-notes`, { lines: [{ line_id: sale.lines[0].id, quantity: 2 }], reason: 'All returned' });
    expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    expect(await stateOf(cn.body.id)).toMatchObject({ kind: 'credit_note', state: 'provisional', originalInvoiceId: sale.id });
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await shop.api.get(`/invoices/${cn.body.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscalised', credits_fiscal_number: signed.fiscal_number });
    expect(view.receipt_label).toMatch(/ NC$/);
    expect(oscu.sales.get(Number(view.fiscal_number))!.body).toMatchObject({ rcptTyCd: 'R', orgInvcNo: Number(signed.fiscal_number), totAmt: 2320 });
    // Paid in full, then taken back whole: not "paid", the money paid is owed back (issue 26 F2).
    const after = (await shop.api.get(`/invoices/${sale.id}`)).body;
    expect(after).toMatchObject({ status: 'credited', balance: 0, credited_total: 232_000, amount_paid: 232_000 });
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${sale.public_id}` })).json();
    expect(pub).toMatchObject({ display_status: 'credited', balance: 0 });
    // The sale's PDF says what was credited and the refund due (KSh2,320 paid, all of it owed back).
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${sale.id}/pdf`, headers: shop.user.auth });
    const text = await pdfText(pdf.rawPayload);
    // A Kenyan client reads Swahili by default: credited whole, paid KSh2,320, balance 0, KSh2,320 to refund.
    expect(text).toContain('IMEPUNGUZWA YOTE');
    expect(text.replace(/\s+/g, ' ')).toContain('Imepunguzwa -KSh 2,320 Kiasi kilicholipwa -KSh 2,320 Salio la kulipa KSh 0 Kiasi cha kurejesha KSh 2,320');
  });
});
