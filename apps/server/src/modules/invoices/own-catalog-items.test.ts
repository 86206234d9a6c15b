import { randomUUID } from 'node:crypto';
import { UNKNOWN_CATALOG_ITEM } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { remove, upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

// t21 A7: a sale or invoice line carrying another account's catalog id was kept (POST /invoices 201, a pushed sale
// applied). Refused like another account's fee id.
const { app } = await openTestApp();

const line = (catalogId: string | null, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  description: 'Zobo drink',
  quantity: 1,
  unit_price: 50_000,
  fee_ids: [],
  catalog_id: catalogId,
  ...extra,
});
const sale = (contactId: string, lines: unknown[]) => ({ contact_id: contactId, issue_date: '2026-11-20', currency: 'NGN', lines });

describe('a line naming a catalog item', () => {
  it('takes only one of the caller’s own items, on POST, PATCH and a sync push, and leaves the other account as it was', async () => {
    const victim = await withContact(app, await signUp(app));
    const theirs = (await victim.api.post('/catalogs', { name: 'Zobo drink', unit_price: 50_000, track_stock: true })).body;
    const before = (await victim.api.get(`/catalogs/${theirs.id}`)).body;
    const { api, contactId } = await withContact(app, await signUp(app));
    const mine = (await api.post('/catalogs', { name: 'Zobo drink', unit_price: 50_000 })).body;

    const posted = await api.post('/invoices', sale(contactId, [line(mine.id), line(theirs.id)]));
    expect(posted.status).toBe(400);
    expect(posted.body.error.message).toBe(`lines.1.catalog_id: ${UNKNOWN_CATALOG_ITEM}`);
    // An id nobody holds gets the same answer (nothing tells whether it is someone else's).
    expect((await api.post('/invoices', sale(contactId, [line(randomUUID())]))).body.error.message).toBe(`lines.0.catalog_id: ${UNKNOWN_CATALOG_ITEM}`);
    expect((await api.get('/invoices')).body.records).toEqual([]);

    const ok = await api.post('/invoices', sale(contactId, [line(mine.id), line(null, { description: 'Delivery' })]));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const patched = await api.patch(`/invoices/${ok.body.id}`, { lines: [...ok.body.lines, line(theirs.id)] });
    expect(patched.status).toBe(400);
    expect(patched.body.error.message).toBe(`lines.2.catalog_id: ${UNKNOWN_CATALOG_ITEM}`);

    const pushed = await api.push([upsert('invoices', randomUUID(), sale(contactId, [line(theirs.id)]))]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { message: `lines.0.catalog_id: ${UNKNOWN_CATALOG_ITEM}` } });

    expect((await victim.api.get(`/catalogs/${theirs.id}`)).body).toEqual(before);
    expect((await api.get('/invoices')).body.records.map((r: { id: string }) => r.id)).toEqual([ok.body.id]);
  });

  it('takes an item made in the same push, and one removed since (an offline sale, an old invoice edited)', async () => {
    const { api, contactId } = await withContact(app, await signUp(app));
    const item = randomUUID();
    const id = randomUUID();
    const res = await api.push([upsert('catalogs', item, { name: 'Chin chin', unit_price: 20_000 }), upsert('invoices', id, sale(contactId, [line(item)]))]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await api.push([remove('catalogs', item)])).body.results[0].status).toBe('applied');
    const inv = (await api.get(`/invoices/${id}`)).body;
    const edited = await api.patch(`/invoices/${id}`, { lines: [{ ...inv.lines[0], quantity: 2 }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // A new sale of the removed item, sold offline before the phone heard of the removal.
    const offline = await api.push([upsert('invoices', randomUUID(), sale(contactId, [line(item)]))]);
    expect(offline.body.results[0].status).toBe('applied');
  });
});
