import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { reopenableApp, signUp, type SignedUp } from '../../test/harness';
import { invoiceBody, withContact } from './test-utils';
import { storeRealMoneyOfOldInvoices } from './test-paid-rows';

/**
 * Issue 22: invoices stored while test payments still counted as money ('paid' after the test card, nothing owed)
 * are stored by real money when the server starts, so the list filters (status=paid, sent, overdue) put them where
 * every screen already shows them; devices pull the corrected rows. PGlite (a data directory opened twice) and
 * PostgreSQL (the file's database opened twice).
 */
const open = reopenableApp('test-paid-rows');
type Opened = Awaited<ReturnType<typeof open>>;
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Amina Hotel' };

/** A sent KES invoice with `cash` recorded by the owner and the rest (or `test`) paid by the built-in test card. */
async function invoiceWithTestPayment({ app }: Opened, user: SignedUp, opts: { cash?: number; test?: number } = {}) {
  const { api, contactId } = await withContact(app, user, { name: 'Amina Hotel' });
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', part_payments: true, due_date: '2099-12-31' }))).body;
  if (opts.cash) expect((await api.post(`/invoices/${inv.id}/payments`, { amount: opts.cash, method: 'cash', date: '2026-11-23' })).status).toBe(201);
  const amount = opts.test ?? inv.total_due - (opts.cash ?? 0);
  const secret = (await app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${inv.public_id}?amount=${amount}` })).json();
  expect(secret).toMatchObject({ provider: 'test', test_mode: true });
  const confirm = await app.inject({ method: 'POST', url: '/api/test-pay/confirm', payload: { client_secret: secret.client_secret, ...CARD } });
  expect(confirm.statusCode).toBe(200);
  return { id: inv.id as string, total: inv.total_due as number };
}

/** Stores a row as the server did before: the test payment counted as money. */
async function makeOldStyle({ ctx }: Opened, id: string) {
  const [row] = await ctx.db.select({ total: invoices.totalDue, payments: invoices.payments }).from(invoices).where(eq(invoices.id, id));
  const paid = (row!.payments as { amount: number }[]).reduce((s, p) => s + p.amount, 0);
  await ctx.db
    .update(invoices)
    .set({ status: paid >= row!.total ? 'paid' : 'partially_paid', amountPaid: paid, balance: Math.max(0, row!.total - paid) })
    .where(eq(invoices.id, id));
}

const listed = async ({ app }: Opened, user: SignedUp, status: string) =>
  (await app.inject({ method: 'GET', url: `/api/invoices?status=${status}&limit=100`, headers: user.auth })).json().records.map((r: { id: string }) => r.id);
const versions = async ({ ctx }: Opened, ids: string[]) =>
  new Map((await ctx.db.select({ id: invoices.id, v: invoices.version }).from(invoices).where(inArray(invoices.id, ids))).map((r) => [r.id, r.v]));

describe('invoices stored while test payments counted as money (issue 22)', () => {
  it('are stored by real money when the server starts: listed under Sent / Partially paid, not Paid; devices pull them; a second start changes nothing', async () => {
    const first = await open();
    const user = await signUp(first.app, { country: 'Kenya' });
    const byCard = await invoiceWithTestPayment(first, user);
    const part = await invoiceWithTestPayment(first, user, { cash: 100_000 });
    // A real payment stays paid.
    const { api, contactId } = await withContact(first.app, user);
    const real = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', due_date: '2099-12-31' }))).body;
    expect((await api.post(`/invoices/${real.id}/payments`, { amount: real.total_due, method: 'cash', date: '2026-11-23' })).status).toBe(201);
    await makeOldStyle(first, byCard.id);
    await makeOldStyle(first, part.id);
    // As before the fix: the filters read the stored status.
    expect(await listed(first, user, 'paid')).toEqual(expect.arrayContaining([byCard.id, part.id, real.id]));
    const before = await versions(first, [byCard.id, part.id, real.id]);
    const since = Math.max(...before.values());
    await first.app.close();

    const second = await open();
    try {
      expect(await listed(second, user, 'paid')).toEqual([real.id]);
      expect(await listed(second, user, 'sent')).toContain(byCard.id);
      expect(await listed(second, user, 'partially_paid')).toEqual([part.id]);
      const got = (await second.app.inject({ method: 'GET', url: `/api/invoices/${byCard.id}`, headers: user.auth })).json();
      expect(got).toMatchObject({ status: 'sent', amount_paid: 0, balance: byCard.total });
      expect(got.payments).toEqual([expect.objectContaining({ test: true, amount: byCard.total })]);
      const p = (await second.app.inject({ method: 'GET', url: `/api/invoices/${part.id}`, headers: user.auth })).json();
      expect(p).toMatchObject({ status: 'partially_paid', amount_paid: 100_000, balance: part.total - 100_000 });
      // New versions: a device pulls the two corrected rows (and not the untouched one).
      const pulled = (
        await second.app.inject({ method: 'GET', url: `/api/sync/pull?collection=invoices&since=${since}&limit=100`, headers: user.auth })
      ).json();
      expect(pulled.records.map((c: { id: string }) => c.id).sort()).toEqual([byCard.id, part.id].sort());
      expect((await versions(second, [real.id])).get(real.id)).toBe(before.get(real.id));
      // Nothing left to do.
      expect(await storeRealMoneyOfOldInvoices(second.ctx)).toBe(0);
    } finally {
      await second.app.close();
    }
  }, 180_000);

  it('works in batches over many accounts, and only on old rows', async () => {
    const opened = await open();
    try {
      const users = [await signUp(opened.app, { country: 'Kenya' }), await signUp(opened.app, { country: 'Kenya' })];
      const ids: string[] = [];
      for (const user of users) for (let i = 0; i < 2; i++) ids.push((await invoiceWithTestPayment(opened, user)).id);
      // One row of each account is old-style; the other was written by today's rule.
      await makeOldStyle(opened, ids[0]!);
      await makeOldStyle(opened, ids[2]!);
      const before = await versions(opened, ids);
      expect(await storeRealMoneyOfOldInvoices(opened.ctx, 1)).toBe(2);
      const after = await versions(opened, ids);
      expect([ids[0], ids[2]].every((id) => after.get(id!)! > before.get(id!)!)).toBe(true);
      expect([ids[1], ids[3]].every((id) => after.get(id!) === before.get(id!))).toBe(true);
      for (const [i, user] of users.entries()) {
        expect(await listed(opened, user, 'paid')).toEqual([]);
        expect((await listed(opened, user, 'sent')).sort()).toEqual([ids[2 * i], ids[2 * i + 1]].sort());
      }
      expect(await storeRealMoneyOfOldInvoices(opened.ctx, 1)).toBe(0);
    } finally {
      await opened.app.close();
    }
  }, 180_000);
});
