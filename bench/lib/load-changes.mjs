// The changes a simulated device pushes in the sync benches (sync-load.bench.mjs, seq-push-diag.mjs): clients, and
// invoices numbered offline from the device's own counter (the devices of one account clash and are renumbered).
import { randomUUID } from 'node:crypto';

/**
 * `n` changes ({ collection, id, data }): by default every other one a client, the rest invoices of `contactId`
 * (clients only without one); `kind` 'contacts' or 'invoices' makes them all of that kind. `counter.n` is the device's.
 */
export function loadChanges(n, contactId, counter, kind = 'mixed') {
  const out = [];
  for (let i = 0; i < n; i++) {
    const client = kind === 'contacts' || !contactId || (kind !== 'invoices' && i % 2 === 0);
    if (client) {
      out.push({ collection: 'contacts', id: randomUUID(), data: { name: `Client ${randomUUID().slice(0, 6)}`, email: 'c@example.com' } });
      continue;
    }
    counter.n += 1;
    out.push({
      collection: 'invoices',
      id: randomUUID(),
      data: {
        number: `INV-${String(counter.n).padStart(4, '0')}`,
        contact_id: contactId,
        issue_date: '2026-11-20',
        currency: 'NGN',
        lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] }],
        fees: [],
        fee_ids: [],
      },
    });
  }
  return out;
}
