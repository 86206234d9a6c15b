import { db, type RecordMap } from '../../../data/db';
import { sentInvoiceBase } from '../pages/fiscalFixtures';

/** Tests of a refused invoice change (t19 N6): the Kigali case, an invoice of one line at `price` francs, paid or owed. */
export const REFUSED_AT = '2026-11-25T10:00:00.000Z';

export const rwfInvoice = (contact: string, id: string, price: number, paid: boolean) => ({
  ...sentInvoiceBase(contact, 'RWF', REFUSED_AT),
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
  public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
});

/**
 * On the device: `inv-a` lowered to FRw 590 offline, its change refused by the server (FRw 1,181 was paid meanwhile),
 * with the server's copy kept; `inv-b` FRw 700 owed. Both for `contact`.
 */
export async function seedRefusedChange(contact: string): Promise<void> {
  await db.invoices.bulkPut([rwfInvoice(contact, 'inv-a', 590, false), rwfInvoice(contact, 'inv-b', 700, false)] as unknown as RecordMap['invoices'][]);
  await db.queue.add({
    mutation_id: 'm-a',
    collection: 'invoices',
    op: 'upsert',
    id: 'inv-a',
    created_at: REFUSED_AT,
    status: 'rejected',
    error: 'The new total FRw 590 is less than the FRw 1,181 already paid',
    server_copy: rwfInvoice(contact, 'inv-a', 1_181, true),
  });
}
