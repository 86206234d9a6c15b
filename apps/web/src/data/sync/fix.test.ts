import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db, type QueuedMutation, type RecordMap } from '../db';
import { fixPath, label, storedOf } from './fix';

// Issue 26 D1: a refused change of an invoice (e.g. an edit of a fiscalised one) is named by its number, not its id.
describe('naming a refused change', () => {
  it('uses the number of the invoice stored on the device when the change does not carry it', async () => {
    const id = '0b8c1f7e-9d7a-4c55-8e0e-1a2b3c4d5e6f';
    await db.invoices.put({ id, kind: 'invoice', number: 'INV-0001', created_at: '2026-11-26T00:00:00Z' } as unknown as RecordMap['invoices']);
    const m: QueuedMutation = {
      mutation_id: 'm1',
      collection: 'invoices',
      op: 'upsert',
      id,
      data: { lines: [] },
      created_at: '2026-11-26T00:00:00Z',
      status: 'rejected',
    };
    expect(label(m)).toBe(id);
    const stored = await storedOf([m, { ...m, mutation_id: 'm2', id: 'gone' }]);
    expect(label(m, stored.get(`invoices:${id}`))).toBe('INV-0001');
    expect(stored.has('invoices:gone')).toBe(false);
    expect(label({ ...m, data: { number: 'INV-0009' } }, stored.get(`invoices:${id}`))).toBe('INV-0009');
  });
});

describe('where a refused change is fixed', () => {
  it('a ready invoice opens in the editor, but one KRA signed opens its page (the credit note is there)', async () => {
    const id = '1c8c1f7e-9d7a-4c55-8e0e-1a2b3c4d5e70';
    await db.invoices.put({ id, kind: 'invoice', number: 'INV-0002', sent_at: null, voided_at: null } as unknown as RecordMap['invoices']);
    const m: QueuedMutation = { mutation_id: 'm3', collection: 'invoices', op: 'upsert', id, data: {}, created_at: '2026-11-26T00:00:00Z', status: 'rejected' };
    expect(await fixPath(m)).toBe(`/new-invoice?id=${id}`);
    await db.meta.put({ key: `fiscal:${id}`, value: JSON.stringify({ state: 'fiscalised', test: true }) });
    expect(await fixPath(m)).toBe(`/invoices/${id}`);
  });
});
