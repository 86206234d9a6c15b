import { randomUUID } from 'node:crypto';
import { type FiscalDocument, wholeShillingsDiscount } from '@duka/core';
import { pdfText } from '@duka/pdf/testing';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/harness';
import { processDue } from './service';
import { operatorShop, ownTaxpayerOscu, sentSale } from './test-utils';

// h110 (t17 K0): the owner rounds a Kenyan invoice to whole shillings in the editor or at Finish, before eTIMS signs
// it. The rounding is an ordinary discount (core's wholeShillingsDiscount), so the signed record, the PDF and the
// customer's page all say KSh243.00, and the record's sums hold: taxable + tax = total.
const { oscu, settings } = await ownTaxpayerOscu('DUKA-WHOLE-001');
const VAT_ON_TOP = {
  id: randomUUID(),
  name: 'VAT',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 1600,
  amount: 0,
  inclusive: false,
};

describe('an invoice rounded to whole shillings before it is signed', async () => {
  const { app, ctx } = await openTestApp({ etims: settings });

  it('KSh210 + 16% VAT, rounded to KSh243.00: the eTIMS sale, the PDF and the public page agree', async () => {
    const shop = await operatorShop(app, settings);
    const body = {
      contact_id: shop.contactId,
      issue_date: '2026-11-25',
      currency: 'KES',
      lines: [{ id: randomUUID(), description: 'Unga 2kg', quantity: 1, unit_price: 21_000, fee_ids: [] }],
      fees: [VAT_ON_TOP],
      fee_ids: [VAT_ON_TOP.id],
    };
    const round = wholeShillingsDiscount({ ...body, discount: null, payments: [] })!;
    expect(round).toEqual({ discount: { type: 'amount', value: 52, rounding: 52 }, balance: 24_300 });
    const inv = await shop.api.post('/invoices', { ...body, discount: round.discount, status: 'sent' });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body).toMatchObject({ discount_total: 52, tax_total: 3_352, total_due: 24_300 });
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });

    const { doc, lines } = await sentSale(ctx, oscu, inv.body.id as string);
    const sale = oscu.sales.get((doc.payload as FiscalDocument).fiscal_sequence)!.body as Record<string, number>;
    // eTIMS counts the taxable amount with its tax (as for VAT-inclusive prices): 243.00, of which VAT 33.52.
    expect(sale).toMatchObject({ taxblAmtB: 243, taxAmtB: 33.52, totTaxblAmt: 243, totTaxAmt: 33.52, totAmt: 243 });
    // The discount in eTIMS's terms (with its VAT): 243.60 less 0.60 is 243.00 (KRA checks prc × qty and splyAmt − dcAmt).
    expect(lines).toEqual([expect.objectContaining({ prc: 243.6, splyAmt: 243.6, dcAmt: 0.6, taxblAmt: 243, taxAmt: 33.52, totAmt: 243 })]);

    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.body.public_id}` })).json();
    // The public page is told which part of the discount is the rounding (h120): it reads "Rounding".
    expect(pub).toMatchObject({ discount_total: 52, rounding_total: 52, tax_total: 3_352, total_due: 24_300, balance: 24_300 });
    expect(pub.fiscal).toMatchObject({ state: 'fiscalised' });
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${inv.body.id}/pdf`, headers: shop.user.auth });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['210.00', '0.52', '33.52', '243.00']) expect(text).toContain(s);
    expect(text).not.toContain('243.60');
    // The PDF names the cents as the rounding, not as a discount the owner gave (h120).
    // (A Kenyan business's document is in Kiswahili here: "Senti zilizoondolewa", never "Punguzo", the discount.)
    expect(text).toContain('Senti zilizoondolewa');
    expect(text).not.toContain('Punguzo');
  });
});
