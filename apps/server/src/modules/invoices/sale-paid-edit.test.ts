import { randomUUID } from 'node:crypto';
import { PAID_SALE_EDIT_MESSAGE } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

const { app } = await openTestApp();

describe('a counter sale paid with real money keeps what its receipt printed (t21 P5)', () => {
  it('refuses a change of its lines through REST and a push, takes a note, and lets an owed sale change', async () => {
    const user = await signUp(app, { country: 'Nigeria' });
    const { api, contactId } = await withContact(app, user);
    const sale = async (payments: Array<Record<string, unknown>>) => {
      const id = randomUUID();
      const at = new Date().toISOString();
      const res = await api.push([
        upsert('invoices', id, {
          kind: 'sale',
          contact_id: contactId,
          issue_date: at.slice(0, 10),
          currency: 'NGN',
          lines: [{ id: randomUUID(), description: 'Zobo drink', quantity: 1, unit_price: 50_000, fee_ids: [] }],
          sent_at: at,
          finished_at: at,
          payments,
        }),
      ]);
      expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
      return (await api.get(`/invoices/${id}`)).body;
    };
    const mobile = { id: randomUUID(), amount: 50_000, method: 'mobile_money', date: new Date().toISOString().slice(0, 10), reference: 'FT26112799' };
    const paid = await sale([mobile]);
    expect(paid.status).toBe('paid');
    const three = [{ ...paid.lines[0], quantity: 3 }];

    const refused = await api.patch(`/invoices/${paid.id}`, { lines: three });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(PAID_SALE_EDIT_MESSAGE);
    const { version: _v, ...data } = paid;
    const pushed = await api.push([upsert('invoices', paid.id, { ...data, lines: three })]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: PAID_SALE_EDIT_MESSAGE } });
    expect((await api.get(`/invoices/${paid.id}`)).body).toMatchObject({ status: 'paid', total_due: paid.total_due, lines: paid.lines });
    // What the receipt did not print may change: a note.
    expect((await api.patch(`/invoices/${paid.id}`, { notes: 'Customer: Bola' })).status).toBe(200);

    // An owed sale (a pay link, nothing paid yet) may still be corrected.
    const owed = await sale([]);
    const edited = await api.patch(`/invoices/${owed.id}`, { lines: [{ ...owed.lines[0], quantity: 3 }] });
    expect(edited.status).toBe(200);
    expect(edited.body.lines[0].quantity).toBe(3);
  });
});
