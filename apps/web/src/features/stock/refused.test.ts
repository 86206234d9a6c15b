// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { stockLevels } from '@duka/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, db, type Invoice } from '../../data/db';
import { SyncEngine } from '../../data/sync/engine';
import { type RealServer, startRealServer } from '../../test/realServer';
import { issueCreditNote } from '../invoices/lib/creditNotes';

/**
 * A credit note the phone accepted offline but the server refuses (issue 28): another device credited the same
 * line first. The stock the phone moved for it is undone when the refusal comes back, and discarding the change
 * leaves nothing behind, so the phone's level is the server's. Against the real server on 127.0.0.1.
 */
let server: RealServer;
let token: string;

beforeAll(async () => {
  server = await startRealServer();
  token = await server.signUp();
  localStorage.setItem('token', token);
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', username: 'ada', country: 'Nigeria', invoice_settings: JSON.stringify({ currency: 'NGN', invoice_prefix: 'INV-' }) }),
  );
}, 120_000);

const post = async (path: string, body: unknown) => {
  const res = await server.as<Record<string, unknown> & { id: string }>(token, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
};

describe('a refused credit note leaves no stock on the phone', () => {
  it('the phone’s level equals the server’s after the refusal and after Discard', async () => {
    await clearLocalData();
    const contact = await post('/contacts', { name: 'Chidi Okafor', email: 'chidi@example.com' });
    const soap = await post('/catalogs', { name: 'Soap', unit_price: 50_000, track_stock: true, low_stock_level: 2, cost_price: 30_000 });
    await post('/stock/adjustments', { catalog_id: soap.id, quantity: 10, kind: 'received' });
    const lineId = crypto.randomUUID();
    const invoice = await post('/invoices', {
      contact_id: contact.id,
      issue_date: '2026-11-22',
      due_date: '2026-12-06',
      currency: 'NGN',
      lines: [{ id: lineId, catalog_id: soap.id, description: 'Soap', quantity: 4, unit_price: 50_000, fee_ids: [] }],
      status: 'sent',
    });
    const engine = new SyncEngine({ db });
    await engine.sync();
    const phone = async () => stockLevels(await db.stock_movements.toArray()).get(soap.id) ?? 0;
    const onServer = async () =>
      (await server.as<{ items: Array<{ catalog_id: string; level: number }> }>(token, 'GET', '/stock/levels')).body.items.find((i) => i.catalog_id === soap.id)
        ?.level;
    expect(await phone()).toBe(6);

    // Another device credits 3 of the 4 soaps; this phone, offline, credits 2 (it has not heard of the first).
    await post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: lineId, quantity: 3 }], reason: 'Broken' });
    const local = (await db.invoices.get(invoice.id)) as Invoice;
    const cn = await issueCreditNote(local, [], [{ line_id: lineId, quantity: 2 }], 'Returned');
    expect(await phone()).toBe(8);

    await engine.sync();
    expect(await onServer()).toBe(9);
    const refused = (await db.queue.toArray()).filter((m) => m.status === 'rejected');
    expect(refused.map((m) => `${m.collection} ${m.id}`)).toEqual([`invoices ${cn.id}`]);
    expect(await db.stock_movements.where('invoice_id').equals(cn.id).count()).toBe(0);
    expect(await phone()).toBe(9);

    await engine.discard(refused[0]);
    await engine.sync();
    expect(await db.invoices.get(cn.id)).toBeUndefined();
    expect(await db.queue.count()).toBe(0);
    expect(await phone()).toBe(9);
    expect(await onServer()).toBe(9);
  });
});
