import { randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { creditNoteCommand, DEFAULT_ITEM_CLASS } from '@duka/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';
import { processDue } from './service';
import { kesInvoice, operatorShop, ownTaxpayerOscu } from './test-utils';

/**
 * Issue 26: a credit note of a fiscalised invoice is queued for KRA in the transaction that stores it (REST and
 * sync alike) and sent as receipt type R (label NC) referencing the original's fiscal number, against a local
 * OSCU server; its PDF carries its own fiscal block.
 */
const { oscu, settings } = await ownTaxpayerOscu('DUKA-CN-001');
const { app, ctx } = await openTestApp({ etims: settings });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .map((p) => {
      const contents = p.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      return streams.map((st) => (st instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(st).decode()).toString('latin1') : '')).join('\n');
    })
    .join('\n');
}
const shown = (s: string) => `<${Buffer.from(s, 'latin1').toString('hex').toUpperCase()}> Tj`;

const stateOf = async (id: string) => (await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, id)))[0];

describe('credit notes sent to KRA eTIMS as NC', () => {
  it('REST: queued with the credit note, sent as R referencing the invoice, with its fiscal block on its PDF', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const sale = (await api.get(`/invoices/${inv.id}/fiscal`)).body;

    const res = await api.post(`/invoices/${inv.id}/credit-notes`, { lines: [{ line_id: inv.lines[0].id, quantity: 1 }], reason: 'One bag was wet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cn = res.body;
    // Queued in the credit note's own transaction: there before any job ran.
    expect(await stateOf(cn.id)).toMatchObject({ kind: 'credit_note', state: 'provisional', originalInvoiceId: inv.id, reasonCode: '06' });
    expect((await api.get(`/invoices/${cn.id}/fiscal`)).body).toMatchObject({ state: 'provisional', test: false });

    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await api.get(`/invoices/${cn.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscalised', test: false, control_unit_id: 'KRACU0100000001' });
    expect(view.receipt_label).toMatch(/^1\/\d+ NC$/);
    expect(view.credits_fiscal_number).toBe(sale.fiscal_number); // shown on the view, the PDF and the public page
    const sent = oscu.sales.get(Number(view.fiscal_number))!;
    expect(sent.body).toMatchObject({
      rcptTyCd: 'R',
      orgInvcNo: Number(sale.fiscal_number),
      rfdRsnCd: '06',
      trdInvcNo: cn.number,
      custTin: 'P051234567Q',
      totAmt: cn.total_due / 100, // one bag: KES 1,160.00, VAT inside
      taxblAmtB: 1160,
      taxAmtB: 160,
      totItemCnt: 1,
    });
    expect(Number(view.fiscal_number)).toBe(Number(sale.fiscal_number) + 1); // one sequence for sales and credit notes

    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${cn.id}/pdf`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    for (const s of ['Hati ya mkopo (KRA eTIMS)', 'KRACU0100000001', `${view.fiscal_number}   Risiti: ${view.receipt_label}`, 'P051234567Q'])
      expect(text).toContain(shown(s));
    expect(text).not.toContain(shown('Ankara ya kodi (KRA eTIMS)')); // a Kenyan client reads Swahili by default
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${cn.public_id}` })).json();
    expect(pub.fiscal).toMatchObject({ state: 'fiscalised', credit_note: true, receipt_label: view.receipt_label, credits_fiscal_number: sale.fiscal_number });
    expect(text).toContain(shown('Inarekebisha namba ya kodi'));

    // Written again unchanged (a device re-sending it): still one document, not queued twice.
    const again = await api.push([upsert('invoices', cn.id, { ...cn })]);
    expect(again.body.results[0].status).not.toBe('rejected');
    expect(await stateOf(cn.id)).toMatchObject({ state: 'fiscalised', fiscalSequence: Number(view.fiscal_number) });
  });

  it('a ready (finished, not sent) invoice is credited once KRA signed it, never before (issue 26 D2)', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const inv = (await api.post('/invoices', kesInvoice(contactId, { status: 'ready' }))).body;
    expect(inv.status).toBe('ready');
    const pick = { lines: [{ line_id: inv.lines[0].id, quantity: 1 }], reason: 'One bag was wet' };
    // Not signed yet: it can still be edited, so no credit note.
    const early = await api.post(`/invoices/${inv.id}/credit-notes`, pick);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/^Send the invoice first/);
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    // Signed: edits are refused with a credit-note message, and the credit note is taken.
    const edit = await api.patch(`/invoices/${inv.id}`, { notes: 'changed' });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toMatch(/Make a credit note/);
    const res = await api.post(`/invoices/${inv.id}/credit-notes`, pick);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'credit_note', credited_invoice_id: inv.id });
    expect(await stateOf(res.body.id)).toMatchObject({ kind: 'credit_note', state: 'provisional', originalInvoiceId: inv.id });
  });

  it('sync: an invoice and its credit note made offline and pushed together are both sent, the sale first', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const body = kesInvoice(contactId);
    const invId = randomUUID();
    const cnId = randomUUID();
    const invoice = {
      ...body,
      status: undefined,
      kind: 'invoice',
      sent_at: new Date().toISOString(),
      number: 'INV-9001',
      public_id: randomUUID().replace(/-/g, ''),
      discount: null,
    };
    // Made on the device with core, as the web app does offline.
    const { record, credited_total } = creditNoteCommand(
      { ...invoice, id: invId, status: 'sent' },
      [],
      {
        id: cnId,
        number: 'CN-9001',
        public_id: randomUUID().replace(/-/g, ''),
        reason: 'Returned',
        reason_code: '02',
        picks: [{ line_id: body.lines[1].id, quantity: 1 }],
        time_zone: 'Africa/Nairobi',
      },
      new Date(),
    );
    // The device pushes the invoice, the credit note, then the invoice again (its credited total).
    const pushed = await api.push([upsert('invoices', invId, invoice), upsert('invoices', cnId, { ...record }), upsert('invoices', invId, { credited_total })]);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await stateOf(cnId)).toMatchObject({ kind: 'credit_note', state: 'provisional', originalInvoiceId: invId, reasonCode: '02' });

    // Whatever order the job picks them in, the credit note waits for the sale's number.
    for (let i = 0; i < 3 && (await stateOf(cnId)).state !== 'fiscalised'; i++) {
      await processDue(ctx, { userId: user.userId });
      clockOf(ctx).set(new Date(Date.now() + (i + 1) * 60_000));
    }
    clockOf(ctx).set(null);
    const sale = await stateOf(invId);
    const nc = await stateOf(cnId);
    expect(sale.state).toBe('fiscalised');
    expect(nc.state).toBe('fiscalised');
    expect(oscu.sales.get(nc.fiscalSequence!)!.body).toMatchObject({
      rcptTyCd: 'R',
      orgInvcNo: sale.fiscalSequence,
      trdInvcNo: 'CN-9001',
      totAmt: 500,
      rfdRsnCd: '02',
    });
  });

  it("REST and sync: KRA's reason code chosen is stored on the credit note and sent; a code KRA has not is refused", async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    await processDue(ctx, { userId: user.userId });
    const lines = [{ line_id: inv.lines[0].id, quantity: 1 }];
    const bad = await api.post(`/invoices/${inv.id}/credit-notes`, { lines, reason: 'Wet bag', reason_code: '13' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Choose one of the credit note reasons');
    const res = await api.post(`/invoices/${inv.id}/credit-notes`, { lines, reason: 'Wet bag', reason_code: '03' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'credit_note', credit_reason: 'Wet bag', credit_reason_code: '03' });
    expect(await stateOf(res.body.id)).toMatchObject({ reasonCode: '03' });
    await processDue(ctx, { userId: user.userId });
    const view = (await api.get(`/invoices/${res.body.id}/fiscal`)).body;
    expect(oscu.sales.get(Number(view.fiscal_number))!.body).toMatchObject({ rcptTyCd: 'R', rfdRsnCd: '03' });
    // Its code can no more change than the rest of it.
    const changed = await api.push([upsert('invoices', res.body.id, { ...res.body, credit_reason_code: '01' })]);
    expect(changed.body.results[0].status).toBe('rejected');
    // A device sending a code KRA has not: refused with the field named.
    const forged = creditNoteCommand(
      { ...inv, status: 'sent' },
      [],
      {
        id: randomUUID(),
        number: 'CN-7001',
        public_id: randomUUID().replace(/-/g, ''),
        reason: 'x',
        picks: [{ line_id: inv.lines[1].id, quantity: 1 }],
        time_zone: 'Africa/Nairobi',
      },
      new Date(),
    ).record;
    const pushed = await api.push([upsert('invoices', forged.id, { ...forged, credit_reason_code: '99' })]);
    expect(pushed.body.results[0].status).toBe('rejected');
    expect(JSON.stringify(pushed.body.results[0])).toContain('credit_reason_code');
  });

  it('leaves credit notes of businesses that do not fiscalise alone, and shows one business nothing of another', async () => {
    const nigerian = await signUp(app);
    const n = client(app, nigerian);
    const c = (await n.post('/contacts', { name: 'Chidi' })).body;
    const inv = (await n.post('/invoices', kesInvoice(c.id, { currency: 'NGN' }))).body;
    const cn = (await n.post(`/invoices/${inv.id}/credit-notes`, { lines: [{ line_id: inv.lines[1].id, quantity: 1 }], reason: 'Returned' })).body;
    expect(await stateOf(cn.id)).toBeUndefined();
    expect((await n.get(`/invoices/${cn.id}/fiscal`)).body.state).toBeNull();

    const { user, api, contactId } = await operatorShop(app, settings);
    const k = (await api.post('/invoices', kesInvoice(contactId))).body;
    await processDue(ctx, { userId: user.userId });
    const kcn = (await api.post(`/invoices/${k.id}/credit-notes`, { lines: [{ line_id: k.lines[1].id, quantity: 1 }], reason: 'Returned' })).body;
    await processDue(ctx, { userId: user.userId });
    expect((await api.get(`/invoices/${kcn.id}/fiscal`)).body.state).toBe('fiscalised');
    expect((await n.get(`/invoices/${kcn.id}/fiscal`)).status).toBe(404);
    expect((await n.get(`/invoices/${kcn.id}/pdf`)).status).toBe(404);
  });
});

describe("catalog items' KRA codes (item classification, unit)", () => {
  it('are stored on the item, checked, and sent on each sale of it; a code KRA does not know is the owner’s to fix', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const bad = await api.post('/catalogs', { name: 'Cement 50kg', unit_price: 116_000, item_class: '50596', unit_code: 'kg!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      item_class: 'Choose the item classification from the KRA list (10 digits)',
      unit_code: 'Choose the unit from the KRA list, e.g. KG',
    });
    const item = await api.post('/catalogs', { name: 'Cement 50kg', unit_price: 116_000, item_class: '5059690800', unit_code: 'KG' });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ item_class: '5059690800', unit_code: 'KG' });
    const odd = (await api.post('/catalogs', { name: 'Sand', unit_price: 50_000, item_class: '9999999999', unit_code: 'TNE' })).body;

    const body = kesInvoice(contactId);
    body.lines[0] = { ...body.lines[0], catalog_id: item.body.id } as (typeof body.lines)[number];
    const inv = (await api.post('/invoices', body)).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const n = (await stateOf(inv.id)).fiscalSequence!;
    const sent = oscu.sales.get(n)!.body.itemList as Array<Record<string, unknown>>;
    expect(sent[0]).toMatchObject({ itemClsCd: '5059690800', qtyUnitCd: 'KG', itemNm: 'Cement 50kg' });
    // A line without a catalog item goes with core's default class: KRA classifies every item (issue 26).
    expect(sent[1]).toMatchObject({ itemClsCd: DEFAULT_ITEM_CLASS, qtyUnitCd: 'U' });

    const withOdd = kesInvoice(contactId);
    withOdd.lines[1] = { ...withOdd.lines[1], catalog_id: odd.id } as (typeof withOdd.lines)[number];
    const refused = (await api.post('/invoices', withOdd)).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 1 });
    expect((await api.get(`/invoices/${refused.id}/fiscal`)).body).toMatchObject({
      state: 'fiscal_error',
      error: { message: expect.stringContaining('9999999999 does not exist') },
    });
    // The code lists the picker offers come from the device.
    const codes = (await api.get('/fiscal/codes')).body;
    expect(codes.item_classes.map((c: { code: string }) => c.code)).toContain('5059690800');
    expect(codes.units.map((c: { code: string }) => c.code)).toContain('KG');
  });
});
