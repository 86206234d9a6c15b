import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { WRITTEN_ON } from './test-utils';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from '../invoices/test-utils';
import { runDueRecurring } from './job';
import { sendRecurringInvoice } from './send';

const { app, ctx } = await openTestApp();
// The dates below are fixed: the app's clock (what a new schedule is checked against) is too, on the day they were
// written for, so a start "in the past" or "over a year back" stays so whatever day the suite runs.
beforeEach(() => clockOf(ctx).set(new Date(WRITTEN_ON)));

// t22 V1: an invoice repeated is a new document each time, so its percentage taxes are rounded once on their totals
// (25,000 + 75,000 FCFA at TVA 19.25 % is 19,250), even when the invoice it repeats was written before the rule (19,251).
describe('recurring invoices and a TVA rounded on its total (t22 V1)', () => {
  it('a recurring invoice made from one written before is a new document: its TVA is rounded on the total', async () => {
    const user = await signUp(app, { country: 'Cameroon', language: 'en' });
    const { api, contactId } = await withContact(app, user);
    const tva = { id: randomUUID(), name: 'TVA', kind: 'tax', calculation: 'percentage', percentage_bps: 1925, amount: 0, inclusive: false };
    const source = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-01-10',
      due_date: '2026-01-24',
      currency: 'XAF',
      lines: [
        { id: randomUUID(), description: 'Sacs', quantity: 1, unit_price: 25_000 },
        { id: randomUUID(), description: 'Ciment', quantity: 1, unit_price: 75_000 },
      ],
      fees: [tva],
      fee_ids: [tva.id],
    });
    expect(source.body.tax_total).toBe(19_251);
    const made = await api.post('/recurring-invoices', {
      invoice_id: source.body.id,
      frequency: 'monthly',
      start_date: '2026-01-31',
      time_zone: 'Africa/Douala',
      make_past: true,
    });
    expect(made.status).toBe(201);
    await runDueRecurring(ctx, new Date('2026-01-31T06:00:00Z'), sendRecurringInvoice);
    const records = (await api.get('/invoices?limit=10')).body.records as Array<{ id: string; tax_total: number }>;
    const next = records.find((r) => r.id !== source.body.id)!;
    expect(next.tax_total).toBe(19_250);
    expect((await api.get(`/invoices/${next.id}`)).body.fees[0]).toMatchObject({ id: tva.id, round_on: 'total' });
    // The source keeps its figures.
    expect((await api.get(`/invoices/${source.body.id}`)).body.tax_total).toBe(19_251);
  });
});
