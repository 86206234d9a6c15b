import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { sentInvoiceBase } from '../pages/fiscalFixtures';
import { useInvoiceRows } from './data';

// t19 N6: the lists showed a refused change's figures (Balance FRw 590) while the server had the invoice paid.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a08';
const invoice = (id: string, price: number, paid: boolean) => ({
  ...sentInvoiceBase(contact, 'RWF', now),
  id,
  number: id.toUpperCase(),
  lines: [{ id: 'l1', description: 'Maize flour', quantity: 1, unit_price: price, fee_ids: [] }],
  payments: paid ? [{ id: '3f2a9c01-b7aa-4bbb-8ccc-000000000401', amount: price, method: 'cash', date: '2026-11-25', reference: '' }] : [],
  subtotal: price,
  total_due: price,
  amount_paid: paid ? price : 0,
  credited_total: 0,
  balance: paid ? 0 : price,
  status: paid ? 'paid' : 'sent',
});

beforeAll(async () => {
  await db.contacts.put({ id: contact, name: 'Uwase Shop', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.bulkPut([invoice('inv-a', 590, false), invoice('inv-b', 700, false)] as unknown as RecordMap['invoices'][]);
  await db.queue.add({
    mutation_id: 'm-a',
    collection: 'invoices',
    op: 'upsert',
    id: 'inv-a',
    created_at: now,
    status: 'rejected',
    error: 'The new total FRw 590 is less than the FRw 1,181 already paid',
    server_copy: invoice('inv-a', 1_181, true),
  });
});

describe('the invoice list with a refused change (t19 N6)', () => {
  it("lists the server's copy of an invoice whose change was refused; the others as on the device", async () => {
    const { result } = renderHook(() => useInvoiceRows());
    await waitFor(() => expect(result.current?.find((r) => r.invoice.id === 'inv-a')?.invoice.total_due).toBe(1_181));
    const rows = new Map(result.current!.map((r) => [r.invoice.id, r]));
    expect(rows.get('inv-a')).toMatchObject({ status: 'paid', balance: 0 });
    expect(rows.get('inv-b')).toMatchObject({ status: 'sent', balance: 700 });
  });
});
