import { randomUUID } from 'node:crypto';
import { addDays, AGING_INVOICE_LIMIT } from '@duka/core';
import { largeReportData } from '@duka/core/testing';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { applyMutations } from '../sync';
import { client, remove, upsert } from '../sync/test-utils';
import { legacyReportSummary } from './legacy.test-utils';
import { prechangeReportSummary } from './prechange.test-utils';
import { reportSummary } from './service';

/**
 * Issue 27: the summary is computed with indexed SQL bounded by the period asked. On a fixed data set (several
 * currencies, part payments spread over months and after the day asked, drafts, voids, quotes, deleted
 * drafts, edits) it must give exactly the figures of the implementation it replaced, for many periods.
 */
const t = await openTestApp();

function dataSet() {
  // Fresh ids each run (the fixture's are fixed; on PostgreSQL the test database outlives a run).
  const ids = new Map<string, string>();
  const fresh = (id: string) => ids.get(id) ?? (ids.set(id, randomUUID()), ids.get(id)!);
  // A few thousand documents (issue 27): 3,000 invoices and quotes, 600 expenses.
  const fixture = largeReportData(3_000, 600);
  const contacts = fixture.contacts.map((c) => ({ ...c, id: fresh(c.id) }));
  const invoices = fixture.invoices.map((i) => ({ ...i, id: fresh(i.id), contact_id: fresh(i.contact_id) }));
  const expenses = fixture.expenses.map((e) => ({ ...e, id: fresh(e.id) }));
  let seed = 7;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const out = invoices.map((inv, i) => {
    const { id, total_due: total, status: _s, ...data } = inv;
    // Part payments spread after the issue date (some far later), some invoices paid in full.
    const pays: Array<{ id: string; amount: number; method: 'cash'; date: string; reference: string }> = [];
    let left = total;
    const n = inv.kind === 'invoice' && !inv.voided_at ? Math.floor(rnd() * 4) : 0;
    for (let k = 0; k < n && left > 0; k++) {
      const amount = k === n - 1 && rnd() < 0.4 ? left : Math.max(1, Math.floor(left * rnd() * 0.6));
      left -= amount;
      pays.push({ id: randomUUID(), amount, method: 'cash', date: addDays(inv.issue_date, Math.floor(rnd() * 200)), reference: '' });
    }
    const kind = i % 29 === 0 ? ('quote' as const) : ('invoice' as const);
    const draft = i % 13 === 0;
    // Voided without payments: an invoice holding payments cannot be voided (t19 N7).
    const voided = i % 17 === 0 && kind === 'invoice' && !draft;
    return {
      id,
      data: {
        ...data,
        kind,
        number: `${kind === 'quote' ? 'Q' : 'INV'}-${String(i + 1).padStart(4, '0')}`,
        sent_at: draft ? null : data.sent_at,
        payments: kind === 'quote' || draft || voided ? [] : pays,
        voided_at: voided ? `${inv.issue_date}T12:00:00.000Z` : null,
      },
    };
  });
  return { contacts, invoices: out, expenses };
}

describe('reports summary SQL (issue 27)', () => {
  it('gives the same figures as the implementation it replaced on a fixed data set', async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user);
    // Applied as on a device in 2031: the data set's payments run up to 200 days past its issue dates, and a payment
    // dated after the business's today is refused (t20); the figures compared are for the days asked, not the clock.
    const push = async (batch: Parameters<typeof applyMutations>[2]) =>
      (await applyMutations(t.ctx, user.userId, batch, new Date('2031-01-01T12:00:00Z'))).filter((r) => r.status !== 'applied');
    const { contacts, invoices, expenses } = dataSet();
    const muts = [
      ...contacts.map((c) => upsert('contacts', c.id, { name: c.name })),
      ...invoices.map((i) => upsert('invoices', i.id, i.data)),
      ...expenses.map(({ id, ...e }) => upsert('expenses', id, e)),
    ];
    for (let i = 0; i < muts.length; i += 250) {
      expect(await push(muts.slice(i, i + 250))).toEqual([]);
    }
    // Later edits: a deleted draft, a payment removed, an expense deleted.
    const drafts = invoices.filter((i) => i.data.sent_at === null && i.data.kind === 'invoice' && !i.data.payments.length && !i.data.voided_at).slice(0, 5);
    const paid = invoices.filter((i) => i.data.payments.length > 1).slice(0, 5);
    const refused = await push([
      ...drafts.map((d) => remove('invoices', d.id)),
      ...paid.map((p) => upsert('invoices', p.id, { remove_payment_ids: [p.data.payments[0]!.id] })),
      remove('expenses', expenses[0]!.id),
    ]);
    expect(refused).toEqual([]);
    const periods = [
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2025-03-01', to: '2025-05-31' },
      { from: '2025-06-15', to: '2025-07-14' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-05-01', to: '2026-12-31' },
      { from: '2024-01-01', to: '2024-12-31' },
    ];
    let compared = 0;
    for (const period of periods)
      for (const today of ['2025-08-20', '2026-03-10'])
        for (const currency of [undefined, 'NGN', 'USD', 'KES']) {
          const before = await legacyReportSummary(t.ctx.db, user.userId, period, today, currency);
          const after = await reportSummary(t.ctx.db, user.userId, period, today, currency);
          expect(after).toEqual(before);
          compared += 1;
        }
    expect(compared).toBe(56);
    // Credit notes (dated the server's today) on a few open invoices, part-paid ones among them, in both currencies.
    const open = invoices.filter((i) => i.data.kind === 'invoice' && i.data.sent_at !== null && !i.data.voided_at && !paid.includes(i) && !drafts.includes(i));
    const credited = [...open.filter((i) => i.data.currency === 'USD').slice(0, 3), ...open.filter((i) => i.data.payments.length).slice(0, 5)];
    expect(credited).toHaveLength(8);
    for (const inv of credited) {
      const lines = ((await api.get(`/invoices/${inv.id}`)).body as { lines: Array<{ id: string }> }).lines;
      const cn = await api.post(`/invoices/${inv.id}/credit-notes`, { lines: [{ line_id: lines[0]!.id, quantity: 1 }], reason: 'Returned' });
      expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    }

    // Against the implementation before the aging was summed in SQL (it knows credit notes), every period again.
    const later = addDays(new Date().toISOString().slice(0, 10), 40);
    for (const period of [...periods, { from: addDays(later, -364), to: later }])
      for (const today of ['2026-03-10', later])
        for (const currency of [undefined, 'NGN', 'USD']) {
          const before = await prechangeReportSummary(t.ctx.db, user.userId, period, today, currency);
          expect(await reportSummary(t.ctx.db, user.userId, period, today, currency), `${period.from}..${period.to} ${today} ${currency}`).toEqual(before);
        }
    // The answer lists at most AGING_INVOICE_LIMIT invoices per bucket, the largest first; count and amount are all.
    const full = (await reportSummary(t.ctx.db, user.userId, { from: '2025-01-01', to: '2025-12-31' }, '2026-03-10', 'NGN')).currencies[0]!;
    const big = full.aging.find((b) => b.count > AGING_INVOICE_LIMIT)!;
    expect(big.invoices).toHaveLength(AGING_INVOICE_LIMIT);
    expect(big.invoices.map((i) => i.balance)).toEqual([...big.invoices.map((i) => i.balance)].sort((a, b) => b - a));
    expect(big.amount).toBeGreaterThan(big.invoices.reduce((s, i) => s + i.balance, 0));
    // Another user sees none of it.
    const other = await signUp(t.app);
    expect((await reportSummary(t.ctx.db, other.userId, { from: '2025-01-01', to: '2025-12-31' }, '2026-03-10')).currencies).toEqual([]);
    // The data set is not trivial: money owed in several aging buckets, collected and invoiced in both currencies.
    const year = await reportSummary(t.ctx.db, user.userId, { from: '2025-01-01', to: '2025-12-31' }, '2026-03-10');
    expect(year.currencies.map((c) => c.currency)).toEqual(['NGN', 'USD']);
    const ngn = year.currencies[0]!;
    expect(ngn.figures.collected.value).toBeGreaterThan(0);
    expect(ngn.figures.outstanding.value).toBeGreaterThan(0);
    expect(ngn.aging.filter((b) => b.count > 0).length).toBeGreaterThan(1);
  }, 600_000);
});
