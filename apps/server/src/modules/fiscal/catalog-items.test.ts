import { parseEtimsItemCode } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { openTestApp } from '../../test/harness';
import { jobsOf } from '../jobs';
import { retryWaitingItems } from './catalog-items';
import { FISCAL_ITEMS_JOB } from './routes';
import { processDue } from './service';
import { catalogItem, fiscalItemsOf as itemsOf, kenyanShop, operatorShop, ownTaxpayerOscu, sellItem, sentSale, type Shop } from './test-utils';

const { oscu, settings } = await ownTaxpayerOscu('DUKA-CATALOG-001');
describe('eTIMS registration of catalog items as they are saved and deleted (server ETIMS_* settings)', async () => {
  const { app, ctx } = await openTestApp({ etims: settings });
  const runItemsJob = (shop: Shop) => jobsOf(ctx).runNow(FISCAL_ITEMS_JOB, { userId: shop.user.userId });

  it('registers a saved item with the band of the default tax; its first sale registers nothing more', async () => {
    // A Kenyan business starts with VAT 16% as its default tax: band B.
    const shop = await operatorShop(app, settings);
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

  it("sends the owner's item type and packaging unit (a service unit defaults to a service); a changed type takes a new code", async () => {
    const shop = await operatorShop(app, settings);
    // No type chosen, sold by the hour: registered as a service (type 3), net packaging.
    const labour = await shop.api.post('/catalogs', { name: 'Bricklaying', unit_price: 50_000, unit: 'hour', item_class: '3000000000', unit_code: 'U' });
    // Chosen by the owner: raw material, sold in bags of kilos.
    const flour = await shop.api.post('/catalogs', {
      name: 'Maize flour',
      unit_price: 20_000,
      unit: 'bag',
      item_class: '5020230500',
      unit_code: 'KG',
      item_type: '1',
      packaging_unit: 'BG',
    });
    expect([labour.status, flour.status]).toEqual([201, 201]);
    await runItemsJob(shop);
    const byId = new Map((await itemsOf(shop)).map((i) => [i.catalog_id, i]));
    const l = byId.get(labour.body.id as string)!;
    const f = byId.get(flour.body.id as string)!;
    expect([l.state, f.state]).toEqual(['registered', 'registered']);
    expect(parseEtimsItemCode(l.item_code, 'U')).toMatchObject({ type: '3', packaging_unit: 'NT' });
    expect(oscu.items.get(l.item_code)).toMatchObject({ itemNm: 'Bricklaying', itemTyCd: '3', pkgUnitCd: 'NT', qtyUnitCd: 'U', itemClsCd: '3000000000' });
    expect(parseEtimsItemCode(f.item_code, 'KG')).toMatchObject({ type: '1', packaging_unit: 'BG' });
    expect(oscu.items.get(f.item_code)).toMatchObject({ itemNm: 'Maize flour', itemTyCd: '1', pkgUnitCd: 'BG', qtyUnitCd: 'KG', itemClsCd: '5020230500' });

    // The owner makes it a finished product: the code holds the type, so it gets a new one, registered at once.
    expect((await shop.api.patch(`/catalogs/${flour.body.id as string}`, { item_type: '2' })).status).toBe(200);
    await runItemsJob(shop);
    const again = (await itemsOf(shop)).find((i) => i.catalog_id === flour.body.id)!;
    expect(again.state).toBe('registered');
    expect(again.item_code).not.toBe(f.item_code);
    expect(parseEtimsItemCode(again.item_code, 'KG')).toMatchObject({ type: '2', packaging_unit: 'BG' });
    expect(oscu.items.get(again.item_code)).toMatchObject({ itemTyCd: '2', pkgUnitCd: 'BG' });

    // Values KRA has no code for are refused with what to choose (core's catalog schema).
    const badType = await shop.api.post('/catalogs', { name: 'X', unit_price: 1, item_type: '4' });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toMatch(/Choose the item type: 1 raw material, 2 finished product or 3 service/);
    const badPkg = await shop.api.post('/catalogs', { name: 'X', unit_price: 1, packaging_unit: 'a bag' });
    expect(badPkg.status).toBe(400);
    expect(badPkg.body.error.message).toMatch(/Choose the packaging unit from the KRA list, e.g. NT/);
  });

  it('a refused item says why; "Try again" (POST /fiscal/items/:id/register) registers it under the same code', async () => {
    const shop = await operatorShop(app, settings);
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
    const shop = await operatorShop(app, settings);
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
    const shop = await operatorShop(app, settings);
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
