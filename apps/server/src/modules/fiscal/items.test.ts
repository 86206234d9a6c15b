import { randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_ITEM_CLASS, type FiscalDocument, parseEtimsItemCode } from '@duka/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import { openTestApp } from '../../test/harness';
import { etimsUnit } from './etims';
import { processDue } from './service';
import { catalogItem, fiscalItemsOf, kenyanShop, operatorShop, kesInvoice, ownTaxpayerOscu, sellItem, sentSale, VAT16 } from './test-utils';

const { oscu, settings } = await ownTaxpayerOscu('DUKA-ITEMS-001');

describe('eTIMS item registration (saveItem) with the server ETIMS_* settings', async () => {
  const { app, ctx } = await openTestApp({ etims: settings });

  it('registers a catalog item under its item code before the first sale that names it, once; the sale carries the code', async () => {
    const shop = await operatorShop(app, settings);
    const cement = await catalogItem(shop);
    const calls = oscu.itemCalls;
    const inv = await sellItem(shop, cement);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });

    const items = await fiscalItemsOf(shop);
    expect(items).toHaveLength(1);
    const item = items[0];
    // Kenya, finished product, net (no packaging), bags, the branch's next item.
    expect(item).toMatchObject({ catalog_id: cement, state: 'registered', test: false, error: null, item_class: '5059690800' });
    expect(parseEtimsItemCode(item.item_code, 'BG')).toMatchObject({ origin: 'KE', type: '2', packaging_unit: 'NT', quantity_unit: 'BG' });
    // The cement, then the generic item the typed line is sold as.
    expect(oscu.itemCalls).toBe(calls + 2);
    expect(oscu.items.get(item.item_code)).toMatchObject({
      itemCd: item.item_code,
      itemClsCd: '5059690800',
      itemTyCd: '2',
      itemNm: 'Cement 50kg',
      orgnNatCd: 'KE',
      pkgUnitCd: 'NT',
      qtyUnitCd: 'BG',
      taxTyCd: 'B',
      dftPrc: 1160,
      isrcAplcbYn: 'N',
      useYn: 'Y',
    });
    // The sale names the registered item; the typed line the branch's generic item of its class, unit and band.
    const { lines: sent } = await sentSale(ctx, oscu, inv.id);
    expect(sent[0]).toMatchObject({ itemCd: item.item_code, itemClsCd: '5059690800', qtyUnitCd: 'BG', pkgUnitCd: 'NT', taxTyCd: 'B' });
    const generic = String(sent[1].itemCd);
    expect(sent[1]).toMatchObject({ itemNm: 'Advice', itemClsCd: DEFAULT_ITEM_CLASS, qtyUnitCd: 'U', taxTyCd: 'D' });
    expect(parseEtimsItemCode(generic, 'U')).toMatchObject({ origin: 'KE', type: '2', packaging_unit: 'NT' });
    expect(oscu.items.get(generic)).toMatchObject({ itemNm: 'Other items (U, tax D)', itemClsCd: DEFAULT_ITEM_CLASS, taxTyCd: 'D', useYn: 'Y' });

    // A second sale of it registers nothing more; another item gets the next code of the branch.
    await sellItem(shop, cement);
    const sand = await catalogItem(shop, { name: 'Sand', unit_code: 'KG' });
    await sellItem(shop, sand);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 2, retrying: 0, failed: 0 });
    // Only the sand is new: the generic item of the typed lines was registered once.
    expect(oscu.itemCalls).toBe(calls + 3);
    const after = await fiscalItemsOf(shop);
    // The catalog's items only (the generic ones are Duka's).
    expect(after.map((i) => i.catalog_id).sort()).toEqual([cement, sand].sort());
    const sandCode = after.find((i) => i.catalog_id === sand)!.item_code;
    expect(parseEtimsItemCode(sandCode, 'KG')!.sequence).toBe(parseEtimsItemCode(generic, 'U')!.sequence + 1);
    expect(after.find((i) => i.catalog_id === cement)!.item_code).toBe(item.item_code);
  });

  it('sells typed lines and an invoice-level fee as generic items registered once per class, unit and band', async () => {
    const shop = await operatorShop(app, settings);
    const calls = oscu.itemCalls;
    const delivery = {
      id: randomUUID(),
      name: 'Delivery',
      kind: 'fee' as const,
      calculation: 'fixed' as const,
      percentage_bps: 0,
      amount: 30_000,
      inclusive: false,
    };
    const body = kesInvoice(shop.contactId, { fees: [VAT16, delivery], fee_ids: [delivery.id] });
    const inv = await shop.api.post('/invoices', body);
    expect(inv.status).toBe(201);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const { doc, lines: sent } = await sentSale(ctx, oscu, inv.body.id as string);
    expect(sent.map((l) => [l.itemNm, l.taxTyCd])).toEqual([
      ['Cement 50kg', 'B'],
      ['Advice', 'D'],
      ['Delivery', 'D'],
    ]);
    const codes = sent.map((l) => String(l.itemCd));
    // Three items: VAT goods, non-VAT goods, and the fee as a service; all registered before the sale.
    expect(new Set(codes).size).toBe(3);
    expect(oscu.itemCalls).toBe(calls + 3);
    expect(oscu.items.get(codes[0])).toMatchObject({ itemNm: 'Other items (U, tax B)', itemTyCd: '2', taxTyCd: 'B' });
    expect(oscu.items.get(codes[2])).toMatchObject({ itemNm: 'Fees and charges (U, tax D)', itemTyCd: '3', taxTyCd: 'D', dftPrc: 300 });
    expect(parseEtimsItemCode(codes[2], 'U')).toMatchObject({ type: '3' });

    // The next sale reuses them: nothing registered again. Without the codes, the local server refuses the sale, as KRA does.
    const again = await shop.api.post('/invoices', kesInvoice(shop.contactId, { fees: [VAT16, delivery], fee_ids: [delivery.id] }));
    expect(again.status).toBe(201);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    expect(oscu.itemCalls).toBe(calls + 3);
    expect(await fiscalItemsOf(shop)).toEqual([]);
    const unit = etimsUnit(settings, {
      load: async () => (oscu.cmcKey ? { cmcKey: oscu.cmcKey, controlUnitId: 'KRACU0100000001' } : null),
      save: async () => undefined,
    });
    const payload = structuredClone(doc.payload as FiscalDocument);
    payload.fiscal_sequence = 900_000 + randomInt(0, 99_999);
    payload.lines[2].item_code = null;
    expect(await unit.fiscalise(payload)).toMatchObject({
      ok: false,
      failure: { retry: false, code: '910', message: 'KRA eTIMS: Request parameter error: itemCd is required (item 3) (910)' },
    });
  });

  it('refuses a sale that names an item code KRA was never given (the local server, as KRA does)', async () => {
    const unit = etimsUnit(settings, {
      load: async () => (oscu.cmcKey ? { cmcKey: oscu.cmcKey, controlUnitId: 'KRACU0100000001' } : null),
      save: async () => undefined,
    });
    const [doc] = await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.state, 'fiscalised')).limit(1);
    const payload = structuredClone(doc.payload as FiscalDocument);
    payload.fiscal_sequence = 900_000 + randomInt(0, 99_999);
    payload.lines[0].item_code = 'KE2NTBG9999999';
    expect(await unit.fiscalise(payload)).toMatchObject({
      ok: false,
      failure: { retry: false, code: '910', message: 'KRA eTIMS: Request parameter error: item code KE2NTBG9999999 is not registered (910)' },
    });
  });

  it('an item KRA refuses puts the sale in fiscal_error with what to fix on the item; fixed, the same code is registered and the sale goes', async () => {
    const shop = await operatorShop(app, settings);
    const cement = await catalogItem(shop, { item_class: '1010000000' });
    const inv = await sellItem(shop, cement);
    oscu.refuseNextItem = { code: '910', msg: 'Request parameter error: itemClsCd is not for this product' };
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 1 });
    const view = (await shop.api.get(`/invoices/${inv.id}/fiscal`)).body;
    const [item] = await fiscalItemsOf(shop);
    expect(view.state).toBe('fiscal_error');
    expect(view.error.message).toBe(
      `The item "Cement 50kg" (${item.item_code}) could not be registered with KRA: KRA eTIMS: Request parameter error: itemClsCd is not for this product (910)`,
    );
    expect(view.error.fix).toBe("Check the catalog item's KRA item classification and unit, then send again.");
    expect(item).toMatchObject({
      state: 'error',
      error: { code: '910', message: 'KRA eTIMS: Request parameter error: itemClsCd is not for this product (910)' },
    });
    expect(oscu.items.has(item.item_code)).toBe(false);

    // The owner picks another class for the item and sends the invoice again: registered under the same code.
    expect((await shop.api.patch(`/catalogs/${cement}`, { item_class: '5059690800' })).status).toBe(200);
    expect((await shop.api.post(`/invoices/${inv.id}/fiscal/retry`, {})).status).toBe(200);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const [fixed] = await fiscalItemsOf(shop);
    expect(fixed).toMatchObject({ item_code: item.item_code, state: 'registered', error: null, item_class: '5059690800' });
    expect(oscu.items.get(item.item_code)).toMatchObject({ itemClsCd: '5059690800' });
  });

  it('a refused generic item (typed lines, fees) says so, with a fix on the invoice rather than the catalog', async () => {
    const shop = await operatorShop(app, settings);
    const inv = await shop.api.post('/invoices', kesInvoice(shop.contactId));
    expect(inv.status).toBe(201);
    oscu.refuseNextItem = { code: '910', msg: 'Request parameter error: itemClsCd is not for this product' };
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 1 });
    const view = (await shop.api.get(`/invoices/${inv.body.id as string}/fiscal`)).body;
    expect(view.state).toBe('fiscal_error');
    expect(view.error.code).toBe('generic:910');
    expect(view.error.message).toMatch(
      /^The item Duka sends for lines typed on the invoice and for fees, "Other items \(U, tax B\)" \(KE2NTU\d{7}\), could not be registered with KRA: KRA eTIMS: Request parameter error: itemClsCd is not for this product \(910\)$/,
    );
    expect(view.error.fix).toMatch(/^The refused item is the one Duka sends for lines typed on the invoice and for fees\. Edit the invoice: /);
    expect(view.error.fix).not.toMatch(/catalog item's/);
    // Sent again (KRA takes it this time): the sale goes.
    expect((await shop.api.post(`/invoices/${inv.body.id as string}/fiscal/retry`, {})).status).toBe(200);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
  });

  it('while KRA is down the item waits and the sale is retried with back-off; once up both go, nothing twice', async () => {
    const shop = await operatorShop(app, settings);
    const cement = await catalogItem(shop);
    const inv = await sellItem(shop, cement);
    oscu.down = true;
    try {
      expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 1, failed: 0 });
    } finally {
      oscu.down = false;
    }
    const [waiting] = await fiscalItemsOf(shop);
    expect(waiting).toMatchObject({ state: 'pending', error: { message: 'KRA eTIMS is unavailable (HTTP 503)' } });
    expect((await shop.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({
      state: 'provisional',
      error: { message: expect.stringContaining('HTTP 503') },
    });
    const sales = oscu.saleCalls;
    clockOf(ctx).set(new Date(Date.now() + 10 * 60_000));
    try {
      expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    } finally {
      clockOf(ctx).set(null);
    }
    expect(oscu.saleCalls).toBe(sales + 1);
    expect((await fiscalItemsOf(shop))[0]).toMatchObject({ item_code: waiting.item_code, state: 'registered', error: null });
  });

  it("shows one business nothing of another's items", async () => {
    const a = await operatorShop(app, settings);
    await sellItem(a, await catalogItem(a));
    await processDue(ctx, { userId: a.user.userId });
    const codes = (await fiscalItemsOf(a)).map((i) => i.item_code);
    expect(codes).toHaveLength(1);
    const b = await operatorShop(app, settings);
    const seen = await b.api.get('/fiscal/items');
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ items: [] });
    expect((await app.inject({ method: 'GET', url: '/api/fiscal/items' })).statusCode).toBe(401);
  });
});

describe('eTIMS items in TEST MODE (no eTIMS settings)', async () => {
  const { app, ctx } = await openTestApp();

  it('assigns the item code and keeps the registration on Duka (nothing sent to KRA), and says so', async () => {
    const shop = await kenyanShop(app);
    const cement = await catalogItem(shop);
    const calls = oscu.itemCalls;
    await sellItem(shop, cement);
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const [item] = await fiscalItemsOf(shop);
    expect(item).toMatchObject({ catalog_id: cement, state: 'registered', test: true, error: null });
    // A business of its own in TEST MODE: its first item.
    expect(parseEtimsItemCode(item.item_code, 'BG')).toEqual({ origin: 'KE', type: '2', packaging_unit: 'NT', quantity_unit: 'BG', sequence: 1 });
    expect(oscu.itemCalls).toBe(calls);
  });
});
