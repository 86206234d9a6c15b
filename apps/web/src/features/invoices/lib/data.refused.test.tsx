import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { REFUSED_AT, seedRefusedChange } from './refusedFixtures';
import { useInvoiceRows } from './data';

// t19 N6: the lists showed a refused change's figures (Balance FRw 590) while the server had the invoice paid.
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a08';

beforeAll(async () => {
  await db.contacts.put({ id: contact, name: 'Uwase Shop', created_at: REFUSED_AT, updated_at: REFUSED_AT } as RecordMap['contacts']);
  await seedRefusedChange(contact);
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
