import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from '../invoices/test-utils';
import { upsert } from '../sync/test-utils';
import { vatReturnFor, vatReturnInNode } from './vat';
import { backfillVatLines } from './vat-backfill';

/**
 * Issue 27: the VAT return summed in SQL from each document's stored VAT part equals core's vatReturn over the
 * documents themselves (the implementation before, vatReturnInNode), on a fixed data set: invoices, a counter sale,
 * credit notes, a voided invoice, a draft, a quote, another currency, several rates (three taxes of one rate, a 0% exempt,
 * an inclusive one, fixed taxes on a line and on the invoice), expenses with input tax, whole and part periods.
 */
const { app, ctx } = await openTestApp();

const tax = (id: string, name: string, bps: number, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: bps,
  amount: 0,
  inclusive: false,
  ...extra,
});
const VAT16 = tax('vat16', 'VAT', 1600);
const GST16 = tax('gst16', 'GST 16%', 1600);
const VAT8 = tax('vat8', 'VAT (8%)', 800);
const EXEMPT = tax('exempt', 'Exempt', 0);
const INCL = tax('incl', 'VAT incl', 1600, { inclusive: true });
const STAMP = { id: 'stamp', name: 'Stamp duty', kind: 'tax', calculation: 'fixed', percentage_bps: 0, amount: 2_000, inclusive: false };
const LEVY = { id: 'levy', name: 'Levy', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 5_000, inclusive: false };
const FEES = [VAT16, GST16, VAT8, EXEMPT, INCL, STAMP, LEVY];

const PERIODS = [
  { from: '2026-10-01', to: '2026-12-31' },
  { from: '2026-11-01', to: '2026-11-30' },
  { from: '2026-11-01', to: '2026-11-15' },
  { from: '2026-11-16', to: '2026-11-30' },
  { from: '2026-11-12', to: '2026-11-12' },
  { from: '2027-01-01', to: '2027-01-31' },
];

describe('VAT return in SQL (issue 27)', () => {
  it('equals the figures worked out in Node on a fixed data set, for whole and part periods, before and after the backfill', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const line = (quantity: number, unit_price: number, fee_ids: string[]) => ({ id: randomUUID(), description: 'Goods', quantity, unit_price, fee_ids });
    const doc = (issue_date: string, lines: unknown[], extra: Record<string, unknown> = {}) =>
      upsert('invoices', randomUUID(), {
        contact_id: contactId,
        issue_date,
        currency: 'KES',
        lines,
        fees: FEES,
        fee_ids: [],
        ...(extra.status === 'draft' ? {} : { sent_at: `${issue_date}T10:00:00.000Z` }),
        ...extra,
      });
    const pushed = await api.push([
      doc('2026-11-03', [line(3, 33_333, ['vat16']), line(1, 25_000, ['vat8']), line(2, 10_000, ['exempt'])], { fee_ids: ['levy'] }),
      doc('2026-11-05', [line(1, 116_000, ['incl']), line(4, 1_250, ['gst16'])]),
      doc('2026-11-12', [line(7, 999, ['vat16', 'stamp'])], { fee_ids: ['stamp'], discount: { type: 'percentage', value: 1000 } }),
      doc('2026-11-18', [line(2, 50_000, ['gst16']), line(1, 7_777, ['vat8'])]),
      doc('2026-11-25', [line(1, 5_000, [])], { fee_ids: ['stamp'] }),
      doc('2026-11-20', [line(1, 40_000, ['vat16'])], { status: 'draft' }),
      doc('2026-11-21', [line(1, 40_000, ['vat16'])], { kind: 'quote', status: 'draft' }),
      doc('2026-11-22', [line(5, 3_000, ['vat16'])], { currency: 'UGX' }),
      doc('2026-10-30', [line(1, 10_000, ['vat16'])]),
      doc('2026-12-02', [line(1, 20_000, ['vat8'])]),
      upsert('expenses', randomUUID(), { amount: 116_000, currency: 'KES', date: '2026-11-03', category: 'Stock', input_tax_rate_bps: 1600 }),
      upsert('expenses', randomUUID(), {
        amount: 50_000,
        currency: 'KES',
        date: '2026-11-17',
        category: 'Stock',
        input_tax_rate_bps: 800,
        input_tax_inclusive: false,
      }),
      upsert('expenses', randomUUID(), { amount: 9_900, currency: 'KES', date: '2026-11-12', category: 'Transport' }),
      upsert('expenses', randomUUID(), { amount: 30_000, currency: 'UGX', date: '2026-11-12', category: 'Stock', input_tax_rate_bps: 1800 }),
    ]);
    expect(pushed.body.results.map((r: { status: string; error?: { message: string } }) => r.error?.message ?? r.status)).toEqual(Array(14).fill('applied'));
    const ids = pushed.body.results.map((r: { record: { id: string } }) => r.record?.id);
    // A counter sale, credit notes (one in each half of the month), a voided invoice.
    const sale = await api.post('/invoices', {
      kind: 'sale',
      contact_id: contactId,
      issue_date: '2026-11-14',
      currency: 'KES',
      lines: [line(2, 2_000, ['vat16'])],
      fees: FEES,
      fee_ids: [],
      status: 'sent',
    });
    expect(sale.status).toBe(201);
    const first = await api.get(`/invoices/${ids[0]}`);
    const cn1 = await api.post(`/invoices/${ids[0]}/credit-notes`, { lines: [{ line_id: first.body.lines[0].id, quantity: 1 }], reason: 'Broken' });
    expect(cn1.status, JSON.stringify(cn1.body)).toBe(201);
    const fourth = await api.get(`/invoices/${ids[3]}`);
    const cn2 = await api.post(`/invoices/${ids[3]}/credit-notes`, { lines: [{ line_id: fourth.body.lines[0].id, quantity: 1 }], reason: 'Returned' });
    expect(cn2.status).toBe(201);
    // A credit note is dated the day it is made: dated back into November here, so the data set stays fixed whatever day it runs.
    await ctx.db.execute(sql`update invoices set issue_date = '2026-11-20' where id in (${cn1.body.id}::uuid, ${cn2.body.id}::uuid)`);
    expect((await api.post(`/invoices/${ids[8]}/void`, {})).status).toBe(200);

    const compare = async () => {
      for (const p of PERIODS)
        for (const currency of ['KES', 'UGX']) {
          const inSql = await vatReturnFor(ctx.db, user.userId, p, currency);
          expect(inSql).toEqual(await vatReturnInNode(ctx.db, user.userId, p, currency));
        }
    };
    await compare();
    // Not a set of zeros: the month has six rows of taxes, credit notes and input tax.
    const month = await vatReturnFor(ctx.db, user.userId, PERIODS[1], 'KES');
    expect(month).toMatchObject({ invoice_count: 6, credit_note_count: 2, expense_count: 3 });
    expect(month.rates.map((r) => [r.name, r.rate_bps])).toEqual([
      // One row per tax, three of them at 16% (t17: Ghana's NHIL and GETFund, both 2.5%, are two rows on its return).
      ['GST', 1600],
      ['VAT', 1600],
      ['VAT incl', 1600],
      ['VAT', 800],
      ['Exempt', 0],
      ['Stamp duty', null],
    ]);
    expect(month.net_output_tax).not.toBe(0);
    expect(month.input_tax).toBeGreaterThan(0);

    // Rows saved before their part was stored: worked out in Node meanwhile, the same; then backfilled, summed in SQL.
    const mine = sql`user_id = ${user.userId}::uuid`;
    await ctx.db.execute(sql`update invoices set vat_lines = null where ${mine}`);
    await compare();
    expect(await backfillVatLines(ctx.db, { batch: 4 })).toBeGreaterThanOrEqual(13);
    const left = (await ctx.db.execute(sql`select count(*)::int as n from invoices where ${mine} and vat_lines is null`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(Number(left.rows[0].n)).toBe(0);
    expect(await backfillVatLines(ctx.db)).toBe(0);
    await compare();
  });
});
