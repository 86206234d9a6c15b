import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { processDue } from './service';
import { operatorShop, ownTaxpayerOscu, VAT16 } from './test-utils';

// t22 V1: KSh 3 + KSh 1,106 with 16 % VAT inside holds 1,109 × 16/116 = 152.97 of VAT (per line it was 0.41 + 152.55).
// KRA signs each item's VAT: the items carry the shares of the VAT rounded once, which add up to the band's and the total.
const { oscu, settings } = await ownTaxpayerOscu('DUKA-ROUND-001');
const { app, ctx } = await openTestApp({ etims: settings });

describe('eTIMS: a VAT rounded once on its total (t22 V1)', () => {
  it("sends items whose VAT adds up to the sale's, and the local OSCU server (KRA's checks) signs it", async () => {
    const shop = await operatorShop(app, settings);
    const id = randomUUID();
    const at = '2026-11-25T10:00:00.000Z';
    const vat = { ...VAT16, round_on: 'total' as const };
    const pushed = await shop.api.push([
      upsert('invoices', id, {
        kind: 'sale',
        contact_id: shop.contactId,
        issue_date: '2026-11-25',
        due_date: '2026-11-25',
        currency: 'KES',
        public_id: `sale${randomUUID().replaceAll('-', '')}`.slice(0, 24),
        lines: [
          { id: randomUUID(), description: 'Sweets', quantity: 1, unit_price: 300, fee_ids: [vat.id] },
          { id: randomUUID(), description: 'Cooking oil', quantity: 1, unit_price: 110_600, fee_ids: [vat.id] },
        ],
        fees: [vat],
        fee_ids: [vat.id],
        sent_at: at,
        finished_at: at,
        payments: [{ id: randomUUID(), amount: 110_900, method: 'cash', date: '2026-11-25', reference: '' }],
      }),
    ]);
    expect(pushed.body.results[0].status, JSON.stringify(pushed.body.results[0])).toBe('applied');
    const sale = (await shop.api.get(`/invoices/${id}`)).body;
    expect(sale).toMatchObject({ tax_total: 15_297, total_due: 110_900, status: 'paid' });

    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await shop.api.get(`/invoices/${id}/fiscal`)).body;
    expect(view.state).toBe('fiscalised');
    const sent = oscu.sales.get(Number(view.fiscal_number))!.body as { taxAmtB: number; totAmt: number; itemList: Array<{ taxAmt: number; taxblAmt: number }> };
    expect(sent).toMatchObject({ taxblAmtB: 1109, taxAmtB: 152.97, totTaxAmt: 152.97, totAmt: 1109 });
    const cents = sent.itemList.map((it) => Math.round(it.taxAmt * 100));
    expect(cents.reduce((s, c) => s + c, 0)).toBe(15_297);
    for (const it of sent.itemList) expect(Math.abs(it.taxAmt * 100 - (it.taxblAmt * 100 * 16) / 116)).toBeLessThan(1);
  });
});
