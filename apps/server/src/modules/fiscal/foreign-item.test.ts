import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/harness';
import { processDue } from './service';
import { catalogItem, fiscalItemsOf, kesInvoice, operatorShop, ownTaxpayerOscu, sentSale } from './test-utils';

/**
 * t21 A7: a sale stored before lines were checked may name another account's catalog item. The eTIMS job never reads
 * that item (only the seller's own are looked up): the line goes as a typed line with the branch's generic item, the
 * sale is signed at its first attempt, and the other account's items are left as they were — no retry loop.
 */
const { oscu, settings } = await ownTaxpayerOscu('DUKA-FOREIGN-001');
const { app, ctx } = await openTestApp({ etims: settings });

describe('a stored sale naming another account’s catalog item', () => {
  it('is signed at once as a typed line, and the other account’s item is not touched', async () => {
    const victim = await operatorShop(app, settings);
    const theirs = await catalogItem(victim);
    const before = await fiscalItemsOf(victim);
    const shop = await operatorShop(app, settings);
    const inv = await shop.api.post('/invoices', kesInvoice(shop.contactId));
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    // As written before the check: the line carries the victim's item id.
    await ctx.db.execute(sql`update invoices set lines = jsonb_set(lines, '{0,catalog_id}', to_jsonb(${theirs}::text)) where id = ${inv.body.id}::uuid`);

    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const { doc, lines } = await sentSale(ctx, oscu, inv.body.id);
    expect(doc).toMatchObject({ state: 'fiscalised', attempts: 1 });
    expect(lines[0].itemNm).toBe(inv.body.lines[0].description);
    expect(await fiscalItemsOf(victim)).toEqual(before);
    expect(await fiscalItemsOf(shop)).toEqual([]);
    // Nothing left to do for it.
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 0 });
  });
});
