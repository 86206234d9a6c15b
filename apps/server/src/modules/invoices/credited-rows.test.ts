import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { reopenableApp, signUp } from '../../test/harness';
import { storeRealMoneyOfOldInvoices } from './test-paid-rows';
import { invoiceBody, withContact } from './test-utils';

/**
 * Issue 26 F2: invoices credited whole by credit notes before the status 'credited' existed are still stored 'paid'.
 * The server stores 'credited' in them when it starts (idempotent, in batches, new sync versions), so `status=paid`
 * stops listing them; an invoice settled by payments and part credit stays 'paid'. PGlite (a data directory opened
 * twice) and PostgreSQL (the file's database opened twice).
 */
const open = reopenableApp('credited-rows');
type Opened = Awaited<ReturnType<typeof open>>;

const listed = async ({ app }: Opened, auth: Record<string, string>, status: string) =>
  (await app.inject({ method: 'GET', url: `/api/invoices?status=${status}&limit=100`, headers: auth })).json().records.map((r: { id: string }) => r.id);
const versions = async ({ ctx }: Opened, ids: string[]) =>
  new Map((await ctx.db.select({ id: invoices.id, v: invoices.version }).from(invoices).where(inArray(invoices.id, ids))).map((r) => [r.id, r.v]));

describe('invoices credited whole before the status existed (issue 26 F2)', () => {
  it('are stored credited when the server starts, in batches, and a second start changes nothing', async () => {
    const first = await open();
    const user = await signUp(first.app, { country: 'Nigeria' });
    const { api, contactId } = await withContact(first.app, user);
    const sent = async () =>
      (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body as {
        id: string;
        total_due: number;
        lines: Array<{ id: string; quantity: number }>;
      };
    const creditWhole = async (inv: Awaited<ReturnType<typeof sent>>) =>
      expect(
        (await api.post(`/invoices/${inv.id}/credit-notes`, { lines: inv.lines.map((l) => ({ line_id: l.id, quantity: l.quantity })), reason: 'Cancelled' }))
          .status,
      ).toBe(201);
    // Never paid, credited whole; part paid then credited whole (a refund due); paid, then one line credited (stays paid).
    const never = await sent();
    await creditWhole(never);
    const partPaid = await sent();
    expect((await api.post(`/invoices/${partPaid.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-23' })).status).toBe(201);
    await creditWhole(partPaid);
    const paid = await sent();
    expect((await api.post(`/invoices/${paid.id}/payments`, { amount: paid.total_due, method: 'cash', date: '2026-11-23' })).status).toBe(201);
    expect((await api.post(`/invoices/${paid.id}/credit-notes`, { lines: [{ line_id: paid.lines[1].id, quantity: 1 }], reason: 'No delivery' })).status).toBe(
      201,
    );
    const ids = [never.id, partPaid.id, paid.id];
    const stored = async (o: Opened) =>
      (await o.ctx.db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(inArray(invoices.id, ids)))
        .map((r) => [ids.indexOf(r.id), r.status])
        .sort();
    expect(await stored(first)).toEqual([
      [0, 'credited'],
      [1, 'credited'],
      [2, 'paid'],
    ]);
    // As the server stored them before 'credited' existed.
    await first.ctx.db
      .update(invoices)
      .set({ status: 'paid' })
      .where(inArray(invoices.id, [never.id, partPaid.id]));
    expect((await listed(first, user.auth, 'paid')).sort()).toEqual([...ids].sort());
    const before = await versions(first, ids);
    await first.app.close();

    const second = await open();
    try {
      expect(await stored(second)).toEqual([
        [0, 'credited'],
        [1, 'credited'],
        [2, 'paid'],
      ]);
      expect(await listed(second, user.auth, 'paid')).toEqual([paid.id]);
      expect((await listed(second, user.auth, 'credited')).sort()).toEqual([never.id, partPaid.id].sort());
      const after = await versions(second, ids);
      expect([never.id, partPaid.id].every((id) => after.get(id)! > before.get(id)!)).toBe(true);
      expect(after.get(paid.id)).toBe(before.get(paid.id));
      const [row] = await second.ctx.db.select().from(invoices).where(eq(invoices.id, partPaid.id));
      expect(row).toMatchObject({ balance: 0, amountPaid: 100_000 });
      expect(await storeRealMoneyOfOldInvoices(second.ctx, 1)).toBe(0);
    } finally {
      await second.app.close();
    }
  }, 180_000);
});
