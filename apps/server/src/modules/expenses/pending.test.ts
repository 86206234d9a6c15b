import { randomUUID } from 'node:crypto';
import { rowToRecord } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';

const { app } = await openTestApp();

/** An expense saved offline with its receipt photo still to be read (issue 29): no amount, no category yet. */
const pending = (over: Record<string, unknown> = {}) => ({ amount: 0, currency: 'KES', date: '2026-11-14', category: '', amount_pending: 'to_read', ...over });
const ordinary = (over: Record<string, unknown> = {}) => ({
  amount: 50_000,
  currency: 'KES',
  date: '2026-11-10',
  category: 'Rent',
  input_tax_amount: 6_897,
  ...over,
});

describe('an expense whose amount is to be read from its photo (issue 29)', () => {
  it('syncs as it is, and ends its pending state once its amount is read or typed', async () => {
    const c = client(app, await signUp(app));
    const id = randomUUID();
    const pushed = await c.push([upsert('expenses', id, pending())]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'applied' });
    const kept = await c.get(`/expenses/${id}`);
    expect(kept.body).toMatchObject({ amount: 0, category: '', amount_pending: 'to_read', input_tax: 0 });

    // The reading found no amount: still pending, now 'unreadable' (the vendor it read is kept).
    const v1 = pushed.body.results[0].version;
    const unread = await c.push([upsert('expenses', id, { amount_pending: 'unreadable', vendor: 'Naivas' }, { base_version: v1 })]);
    expect(unread.body.results[0]).toMatchObject({ status: 'applied' });

    // The owner types the amount (a change naming only what changed): an ordinary expense from then on.
    const typed = await c.push([
      upsert('expenses', id, { amount: 77_000, category: 'Stock', amount_pending: null }, { base_version: unread.body.results[0].version }),
    ]);
    expect(typed.body.results[0]).toMatchObject({ status: 'applied' });
    expect((await c.get(`/expenses/${id}`)).body).toMatchObject({ amount: 77_000, category: 'Stock', vendor: 'Naivas', amount_pending: null });
    // Other expenses pull it with the field (sync carries it).
    const pulled = await c.pull('expenses');
    expect(pulled.body.records.find((r: { id: string }) => r.id === id)).toMatchObject({ amount_pending: null, amount: 77_000 });
  });

  it('refuses, field by field: a pending expense with an amount, an unknown state, and an ordinary one without an amount or category', async () => {
    const c = client(app, await signUp(app));
    const refused = async (data: Record<string, unknown>) => {
      const res = await c.push([upsert('expenses', randomUUID(), data)]);
      expect(res.body.results[0], JSON.stringify(data)).toMatchObject({ status: 'rejected', error: { code: 'validation_failed' } });
      return res.body.results[0].error.fields as Record<string, string>;
    };
    expect((await refused(pending({ amount: 500 }))).amount).toMatch(/no amount yet/);
    expect(Object.keys(await refused(pending({ amount_pending: 'later' })))).toContain('amount_pending');
    expect((await refused(pending({ amount_pending: null }))).amount).toBe('Amount must be more than 0');
    expect((await refused(ordinary({ category: '' }))).category).toBe('Category is required');
    // The same through REST: a 400 a person can act on.
    const rest = await c.post('/expenses', pending({ amount: 500 }));
    expect(rest.status).toBe(400);
    expect(rest.body.error.fields.amount).toMatch(/no amount yet/);
    // Ending the pending state without an amount is refused too.
    const id = randomUUID();
    const v = (await c.push([upsert('expenses', id, pending())])).body.results[0].version;
    const end = await c.push([upsert('expenses', id, { amount_pending: null }, { base_version: v })]);
    expect(end.body.results[0]).toMatchObject({ status: 'rejected', error: { fields: { amount: 'Amount must be more than 0' } } });
  });

  it('counts in no report or VAT return until it has its amount', async () => {
    const c = client(app, await signUp(app));
    await c.post('/expenses', ordinary());
    // Pending, even with a category and input tax fields set: nowhere in the figures (nor its currency, nor its category).
    await c.post('/expenses', pending({ category: 'Transport' }));
    await c.post('/expenses', pending({ currency: 'USD', category: 'Travel' }));
    const summary = (await c.get('/reports/summary?from=2026-11-01&to=2026-11-30')).body;
    expect(summary.currencies.map((r: { currency: string }) => r.currency)).toEqual(['KES']);
    expect(summary.currencies[0].figures.expenses.value).toBe(50_000);
    expect(summary.currencies[0].categories.map((r: { category: string }) => r.category)).toEqual(['Rent']);
    const vat = (await c.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=KES')).body;
    expect(vat).toMatchObject({ expense_count: 1, input_tax: 6_897 });
  });

  it('a CSV row with no amount, imported on the device, syncs as a pending expense (to_type) and counts nowhere until typed', async () => {
    const c = client(app, await signUp(app));
    // What the device's import makes of the rows (core's rowToRecord) and pushes in one batch.
    const rows = (
      [
        { date: '2026-11-12', amount: '1,200', vendor: 'Naivas', category: 'Stock' },
        { date: '2026-11-13', amount: '', vendor: 'Total Energies', category: 'Transport', description: 'Receipt in the drawer' },
      ] as Array<Record<string, string>>
    ).map((values) => rowToRecord('expenses', values, { currency: 'KES' }));
    const ids = rows.map(() => randomUUID());
    const pushed = await c.push(rows.map((r, i) => upsert('expenses', ids[i]!, r.ok ? r.data : {})));
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await c.get(`/expenses/${ids[1]}`)).body).toMatchObject({ amount: 0, amount_pending: 'to_type', vendor: 'Total Energies' });
    const summary = (await c.get('/reports/summary?from=2026-11-01&to=2026-11-30')).body;
    expect(summary.currencies[0].figures.expenses.value).toBe(120_000);
    expect(summary.currencies[0].categories.map((r: { category: string }) => r.category)).toEqual(['Stock']);
    // The owner types it: it counts from then on.
    const typed = await c.push([upsert('expenses', ids[1]!, { amount: 45_000, amount_pending: null }, { base_version: pushed.body.results[1].version })]);
    expect(typed.body.results[0]).toMatchObject({ status: 'applied' });
    const after = (await c.get('/reports/summary?from=2026-11-01&to=2026-11-30')).body;
    expect(after.currencies[0].figures.expenses.value).toBe(165_000);
  });
});
