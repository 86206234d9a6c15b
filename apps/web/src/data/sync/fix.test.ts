import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db, type QueuedMutation, type RecordMap } from '../db';
import { FISCAL_IMMUTABLE_MESSAGE, FISCAL_IMMUTABLE_TEST_MESSAGE } from '@duka/core';
import { creditNoteFix, fixPath, label, storedOf } from './fix';

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

// Issue 26 F3: a signed invoice cannot be voided or deleted; the refusal offers what works, its credit note.
describe('a refused change of a signed invoice', () => {
  const m = { collection: 'invoices' as const, id: '2c8c1f7e-9d7a-4c55-8e0e-1a2b3c4d5e71' };
  it('offers its credit note, with KRA and in TEST MODE', () => {
    expect(creditNoteFix({ ...m, error: FISCAL_IMMUTABLE_MESSAGE })).toBe(`/invoices/${m.id}/credit-note`);
    expect(creditNoteFix({ ...m, error: FISCAL_IMMUTABLE_TEST_MESSAGE })).toBe(`/invoices/${m.id}/credit-note`);
  });
  it('offers nothing for any other refusal', () => {
    expect(creditNoteFix({ ...m, error: 'Only drafts can be deleted. Void this invoice instead.' })).toBeNull();
    expect(creditNoteFix({ ...m, collection: 'contacts', error: FISCAL_IMMUTABLE_MESSAGE })).toBeNull();
    expect(creditNoteFix({ ...m })).toBeNull();
  });
});
