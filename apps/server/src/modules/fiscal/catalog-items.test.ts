import { parseEtimsItemCode } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { openTestApp } from '../../test/harness';
import { jobsOf } from '../jobs';
import { retryWaitingItems } from './catalog-items';
import { FISCAL_ITEMS_JOB } from './routes';
import { processDue } from './service';
import { catalogItem, fiscalItemsOf as itemsOf, kenyanShop, ownTaxpayerOscu, sellItem, sentSale, type Shop } from './test-utils';

const { oscu, settings } = await ownTaxpayerOscu('DUKA-CATALOG-001');
describe('eTIMS registration of catalog items as they are saved and deleted (server ETIMS_* settings)', async () => {
  const { app, ctx } = await openTestApp({ etims: settings });
  const runItemsJob = (shop: Shop) => jobsOf(ctx).runNow(FISCAL_ITEMS_JOB, { userId: shop.user.userId });

  it('registers a saved item with the band of the default tax; its first sale registers nothing more', async () => {
    // A Kenyan business starts with VAT 16% as its default tax: band B.
    const shop = await kenyanShop(app);
    const id = await catalogItem(shop);
    const calls = oscu.itemCalls;
    await runItemsJob(shop);
    const [item] = await itemsOf(shop);
    expect(item).toMatchObject({ catalog_id: id, state: 'registered', test: false, tax_band: 'B', error: null });
    expect(parseEtimsItemCode(item.item_code, 'BG')).toMatchObject({ origin: 'KE', type: '2' });
    expect(oscu.items.get(item.item_code)).toMatchObject({ itemNm: 'Cement 50kg', taxTyCd: 'B', useYn: 'Y' });
    expect(oscu.itemCalls).toBe(calls + 1);
    // Run again (another write of the catalog): nothing changed, nothing sent.
    await runItemsJob(shop);
    expect(oscu.itemCalls).toBe(calls + 1);

    const inv = await sellItem(shop, id);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    // Only the generic item of the typed line is new.
    expect(oscu.itemCalls).toBe(calls + 2);
    const { lines: sent } = await sentSale(ctx, oscu, inv.id);
    expect(sent[0].itemCd).toBe(item.item_code);
  });

  it('a refused item says why; "Try again" (POST /fiscal/items/:id/register) registers it under the same code', async () => {
    const shop = await kenyanShop(app);
    const id = await catalogItem(shop);
    oscu.refuseNextItem = { code: '910', msg: 'Request parameter error: itemClsCd is not for this product' };
    await runItemsJob(shop);
    const [refused] = await itemsOf(shop);
    expect(refused).toMatchObject({ state: 'error', error: { message: 'KRA eTIMS: Request parameter error: itemClsCd is not for this product (910)' } });
    const again = await shop.api.post(`/fiscal/items/${id}/register`, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ catalog_id: id, item_code: refused.item_code, state: 'registered', error: null });
    expect(oscu.items.has(refused.item_code)).toBe(true);
    // Not a catalog item of this business: 404 with words a person can act on.
    const other = await shop.api.post(`/fiscal/items/${crypto.randomUUID()}/register`, {});
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Catalog item not found.');
  });

  it('an item saved while KRA is down waits, and the minute sweep registers it once its back-off has passed', async () => {
    const shop = await kenyanShop(app);
    const id = await catalogItem(shop);
    oscu.down = true;
    try {
      await runItemsJob(shop);
    } finally {
      oscu.down = false;
    }
    const [waiting] = await itemsOf(shop);
    expect(waiting).toMatchObject({ catalog_id: id, state: 'pending', error: { message: 'KRA eTIMS is unavailable (HTTP 503)' } });
    clockOf(ctx).set(new Date(Date.now() + 10 * 60_000));
    try {
      // The sweep's item step, for this business only (other test files share the database on PostgreSQL).
      expect(await retryWaitingItems(ctx, { userId: shop.user.userId })).toBe(1);
    } finally {
      clockOf(ctx).set(null);
    }
    expect((await itemsOf(shop))[0]).toMatchObject({ item_code: waiting.item_code, state: 'registered', error: null });
    expect(oscu.items.has(waiting.item_code)).toBe(true);
  });

  it('a deleted item KRA knows is deactivated (useYn N); its later sale goes as a generic item', async () => {
    const shop = await kenyanShop(app);
    const id = await catalogItem(shop);
    await runItemsJob(shop);
    const [item] = await itemsOf(shop);
    expect(item.state).toBe('registered');
    expect((await shop.api.del(`/catalogs/${id}`)).status).toBeLessThan(300);
    const calls = oscu.itemCalls;
    await runItemsJob(shop);
    expect(oscu.itemCalls).toBe(calls + 1);
    expect(oscu.items.get(item.item_code)).toMatchObject({ useYn: 'N' });
    await runItemsJob(shop);
    expect(oscu.itemCalls).toBe(calls + 1);
    // An invoice line still naming the deleted item is sold under a generic code (KRA refuses an item not in use).
    const inv = await sellItem(shop, id);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const { lines: sent } = await sentSale(ctx, oscu, inv.id);
    expect(sent[0].itemCd).not.toBe(item.item_code);
  });
});

describe('catalog items in TEST MODE', async () => {
  const { app, ctx } = await openTestApp();

  it('are given their code when saved and deactivated when deleted, all kept on Duka', async () => {
    const shop = await kenyanShop(app);
    const id = await catalogItem(shop);
    const calls = oscu.itemCalls;
    await jobsOf(ctx).runNow(FISCAL_ITEMS_JOB, { userId: shop.user.userId });
    const [item] = await itemsOf(shop);
    expect(item).toMatchObject({ catalog_id: id, state: 'registered', test: true, tax_band: 'B' });
    expect(parseEtimsItemCode(item.item_code, 'BG')).toMatchObject({ sequence: 1 });
    expect((await shop.api.del(`/catalogs/${id}`)).status).toBeLessThan(300);
    await jobsOf(ctx).runNow(FISCAL_ITEMS_JOB, { userId: shop.user.userId });
    expect(oscu.itemCalls).toBe(calls);
    // Registered again with in_use false: still listed, registered on Duka.
    expect((await itemsOf(shop))[0]).toMatchObject({ item_code: item.item_code, state: 'registered', test: true });
  });

  it('without a default tax a new item is non-VAT (band D) until a sale says otherwise', async () => {
    const shop = await kenyanShop(app);
    const fees = (await shop.api.get('/fees')).body as { records: Array<{ id: string; default_on: boolean }> };
    for (const f of fees.records.filter((x) => x.default_on)) expect((await shop.api.patch(`/fees/${f.id}`, { default_on: false })).status).toBe(200);
    const id = await catalogItem(shop);
    const res = await shop.api.post(`/fiscal/items/${id}/register`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ catalog_id: id, state: 'registered', test: true, tax_band: 'D' });
  });
});
