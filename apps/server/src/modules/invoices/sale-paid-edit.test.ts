import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

/**
 * t21 P5: a paid counter sale was edited after its receipt was handed over (quantity 1 → 3 accepted, stock moved).
 * What it charges is refused by REST and a device's push alike, with a sentence; its notes may change; an owed sale
 * (pay link, nothing paid yet) stays editable; the way on is a credit note.
 */
const { app } = await openTestApp();
const REFUSED =
  '₦1,000 was paid on this sale and its receipt handed over: its items, discount and taxes cannot change. ' +
  'Issue a credit note for what comes back, or make a new sale for more goods.';

async function sale(paid: boolean) {
  const user = await signUp(app, { country: 'Nigeria' });
  const { api, contactId } = await withContact(app, user);
  const id = randomUUID();
  const at = '2026-11-25T10:00:00.000Z';
  const payments = paid ? [{ id: randomUUID(), amount: 100_000, method: 'cash', date: '2026-11-25', reference: '' }] : [];
  const res = await api.push([
    upsert('invoices', id, {
      kind: 'sale',
      contact_id: contactId,
      issue_date: '2026-11-25',
      due_date: '2026-11-25',
      currency: 'NGN',
      public_id: `sale${randomUUID().replaceAll('-', '')}`.slice(0, 24),
      lines: [{ id: randomUUID(), description: 'Zobo', quantity: 2, unit_price: 50_000, fee_ids: [] }],
      sent_at: at,
      finished_at: at,
      payments,
    }),
  ]);
  expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
  return { api, sale: (await api.get(`/invoices/${id}`)).body };
}

describe('editing a paid counter sale (t21 P5)', () => {
  it('PATCH of its lines is refused with a sentence; nothing changes; its notes still may', async () => {
    const { api, sale: s } = await sale(true);
    const lines = [{ ...s.lines[0], quantity: 3 }];
    const res = await api.patch(`/invoices/${s.id}`, { lines });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(REFUSED);
    expect((await api.get(`/invoices/${s.id}`)).body).toMatchObject({ total_due: 100_000, status: 'paid', balance: 0 });
    expect((await api.patch(`/invoices/${s.id}`, { notes: 'Thank you' })).status).toBe(200);
  });

  it("a device's push of new lines is refused the same way", async () => {
    const { api, sale: s } = await sale(true);
    const res = await api.push([upsert('invoices', s.id, { lines: [{ ...s.lines[0], quantity: 3 }] })]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: REFUSED } });
  });

  it('an owed sale (pay link, nothing paid) can still be corrected', async () => {
    const { api, sale: s } = await sale(false);
    const res = await api.patch(`/invoices/${s.id}`, { lines: [{ ...s.lines[0], quantity: 3 }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_due: 150_000 });
  });
});
