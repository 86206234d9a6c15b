import 'fake-indexeddb/auto';
import { derivedUuid, stockLevels } from '@duka/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatalogItem, clearLocalData, db } from '../../data/db';
import { issueCreditNote } from '../invoices/lib/creditNotes';
import { blankInvoice, saveInvoice } from '../invoices/lib/data';
import { markSent, voidInvoice } from '../invoices/lib/ownerApi';

const soap: CatalogItem = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Soap',
  description: '',
  unit_price: 500,
  unit: 'piece',
  sku: 'S1',
  active: true,
  track_stock: true,
  low_stock_level: 2,
  cost_price: 300,
  created_at: '2026-11-25T00:00:00.000Z',
  updated_at: '2026-11-25T00:00:00.000Z',
};
const service: CatalogItem = { ...soap, id: '22222222-2222-4222-8222-222222222222', name: 'Delivery', track_stock: false };

const level = async () => stockLevels(await db.stock_movements.toArray()).get(soap.id) ?? 0;
const queuedMovements = async () => (await db.queue.toArray()).filter((q) => q.collection === 'stock_movements').map((q) => q.id);

beforeAll(() => {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', username: 'ama', country: 'Ghana', invoice_settings: JSON.stringify({ currency: 'GHS', invoice_prefix: 'INV-' }) }),
  );
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterAll(() => vi.restoreAllMocks());

describe('stock moved by invoices and credit notes on the device (offline)', () => {
  beforeEach(async () => {
    await clearLocalData();
    await db.catalogs.bulkPut([soap, service]);
    // 10 soaps received earlier (synced from the server).
    await db.stock_movements.put({
      id: '33333333-3333-4333-8333-333333333333',
      catalog_id: soap.id,
      kind: 'received',
      quantity: 10,
      reason: '',
      invoice_id: null,
      occurred_at: '2026-11-20T00:00:00.000Z',
      version: 1,
      created_at: '2026-11-20T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
    });
  });

  const sentInvoice = async () => {
    const draft = blankInvoice('invoice', 'INV-0001', []);
    const lines = [
      { id: 'l-soap', catalog_id: soap.id, description: 'Soap', quantity: 4, unit_price: 500, fee_ids: [] },
      { id: 'l-del', catalog_id: service.id, description: 'Delivery', quantity: 1, unit_price: 1000, fee_ids: [] },
    ];
    const saved = await saveInvoice({ ...draft, contact_id: null, lines });
    expect(await level()).toBe(10); // a draft moves nothing
    return markSent(saved);
  };

  it('a credit note puts the credited stock back at once, and the server’s copy syncing back does not count it twice', async () => {
    const inv = await sentInvoice();
    expect(await level()).toBe(6);

    const cn = await issueCreditNote(
      inv,
      [],
      [
        { line_id: 'l-soap', quantity: 1.5 },
        { line_id: 'l-del', quantity: 1 },
      ],
      'Broken on delivery',
    );
    expect(cn.kind).toBe('credit_note');
    expect(await level()).toBe(7.5);
    const creditId = derivedUuid(`stock:${cn.id}:l-soap:credit`);
    expect((await db.stock_movements.get(creditId))?.kind).toBe('credit');
    expect(await queuedMovements()).toEqual([derivedUuid(`stock:${inv.id}:l-soap:out`), creditId]);

    // Sync: the queue goes up; the server derives the same movements (same ids) and they come back with a version.
    await db.queue.clear();
    const mine = await db.stock_movements.toArray();
    await db.stock_movements.bulkPut(mine.map((m) => ({ ...m, version: 9, updated_at: '2026-11-26T03:00:00.000Z' })));
    expect(await level()).toBe(7.5);
    // Writing the credit note or the invoice again (a later sync of their server copies, an edit) adds nothing.
    await saveInvoice({ ...cn, credit_reason: 'Broken on delivery (two boxes)' });
    expect(await queuedMovements()).toEqual([]);
    expect(await db.stock_movements.count()).toBe(3);
    expect(await level()).toBe(7.5);
  });

  it('a voided invoice puts back only what its credit notes did not; voiding the credit note takes its stock out again', async () => {
    const inv = await sentInvoice();
    const cn = await issueCreditNote(inv, [], [{ line_id: 'l-soap', quantity: 1 }], 'One returned');
    expect(await level()).toBe(7);
    const invNow = (await db.invoices.get(inv.id))!;
    await voidInvoice(invNow as never);
    expect(await level()).toBe(10); // 4 out, 1 credited, 3 back: not 11

    // A credit note voided (as the server may record it): its +1 is taken back, and the void invoice now returns all 4.
    await saveInvoice({ ...cn, voided_at: '2026-11-26T03:10:00.000Z' });
    const back = await db.stock_movements.get(derivedUuid(`stock:${cn.id}:l-soap:back`));
    expect([back?.kind, back?.quantity]).toEqual(['void', -1]);
    expect((await db.stock_movements.get(derivedUuid(`stock:${inv.id}:l-soap:back`)))?.quantity).toBe(4);
    expect(await level()).toBe(10);
  });
});
