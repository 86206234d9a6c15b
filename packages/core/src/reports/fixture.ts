import { invoiceTotalsAndStatus } from '../invoices/record';
import type { ReportContact, ReportExpense, ReportInvoice } from './facts';

/**
 * One small data set with hand-computed figures (reports.test.ts), seeded on the device and on the
 * server to prove both compute the same report, and a generator of large sets for the bench.
 * Invoices carry the fields a sync push sends; totals and status come from the core invoice maths.
 */

export interface FixtureInvoice extends ReportInvoice {
  id: string;
  kind: 'invoice' | 'quote';
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  lines: Array<{ id: string; description: string; quantity: number; unit_price: number; fee_ids: string[] }>;
  fees: [];
  fee_ids: [];
  discount: null;
  sent_at: string | null;
  voided_at: string | null;
  payments: Array<{ id: string; amount: number; method: 'cash'; date: string; reference: string }>;
  total_due: number;
  status: string;
}

const uuid = (n: number, group = 'a') => `00000000-0000-4000-8${group}00-${String(n).padStart(12, '0')}`;

function invoice(
  n: number,
  o: {
    contact: string;
    issue: string;
    due?: string | null;
    total: number;
    currency?: string;
    kind?: 'invoice' | 'quote';
    sent?: boolean;
    voided?: boolean;
    pays?: Array<[number, string]>;
  },
): FixtureInvoice {
  const base = {
    id: uuid(n, 'b'),
    kind: o.kind ?? ('invoice' as const),
    contact_id: o.contact,
    issue_date: o.issue,
    due_date: o.due ?? null,
    currency: o.currency ?? 'NGN',
    lines: [{ id: uuid(n, 'c'), description: `Goods ${n}`, quantity: 1, unit_price: o.total, fee_ids: [] }],
    fees: [] as [],
    fee_ids: [] as [],
    discount: null,
    sent_at: o.sent === false ? null : `${o.issue}T09:00:00.000Z`,
    voided_at: o.voided ? `${o.issue}T10:00:00.000Z` : null,
    payments: (o.pays ?? []).map(([amount, date], i) => ({ id: uuid(n * 10 + i, 'd'), amount, method: 'cash' as const, date, reference: '' })),
  };
  const t = invoiceTotalsAndStatus(base);
  return { ...base, total_due: t.total_due, status: t.status };
}

export const REPORT_FIXTURE_CONTACTS: ReportContact[] = [
  { id: uuid(1), name: 'Ada Stores' },
  { id: uuid(2), name: 'Bola Foods' },
  { id: uuid(3), name: 'Chidi Motors' },
];
const [A, B, C] = REPORT_FIXTURE_CONTACTS.map((c) => c.id) as [string, string, string];

/** March 2026, seen on 2026-04-15 (so outstanding is measured on 2026-03-31); February is the previous period. */
export const REPORT_FIXTURE_PERIOD = { from: '2026-03-01', to: '2026-03-31' };
export const REPORT_FIXTURE_TODAY = '2026-04-15';

export const REPORT_FIXTURE_INVOICES: FixtureInvoice[] = [
  invoice(1, {
    contact: A,
    issue: '2026-03-05',
    due: '2026-03-20',
    total: 100_000,
    pays: [
      [30_000, '2026-03-10'],
      [20_000, '2026-04-02'],
    ],
  }),
  invoice(2, { contact: B, issue: '2026-02-10', due: '2026-02-20', total: 50_000, pays: [[50_000, '2026-03-03']] }),
  invoice(3, { contact: C, issue: '2025-12-01', due: '2025-12-15', total: 80_000 }),
  invoice(4, { contact: A, issue: '2026-03-25', total: 40_000 }),
  invoice(5, { contact: B, issue: '2026-03-10', total: 99_999, sent: false }),
  invoice(6, { contact: C, issue: '2026-03-11', total: 77_777, voided: true, pays: [[10_000, '2026-03-12']] }),
  invoice(7, { contact: A, issue: '2026-03-12', total: 55_555, kind: 'quote' }),
  invoice(8, { contact: C, issue: '2026-01-15', due: '2026-02-01', total: 60_000 }),
  invoice(9, { contact: A, issue: '2026-03-02', due: '2026-03-30', total: 20_000, currency: 'USD', pays: [[20_000, '2026-03-02']] }),
];

export const REPORT_FIXTURE_EXPENSES: Array<ReportExpense & { id: string }> = [
  { id: uuid(1, 'e'), amount: 25_000, currency: 'NGN', date: '2026-03-04', category: 'Rent' },
  { id: uuid(2, 'e'), amount: 5_000, currency: 'NGN', date: '2026-03-15', category: 'Transport' },
  { id: uuid(3, 'e'), amount: 7_000, currency: 'NGN', date: '2026-03-20', category: 'Transport' },
  { id: uuid(4, 'e'), amount: 25_000, currency: 'NGN', date: '2026-02-10', category: 'Rent' },
  { id: uuid(5, 'e'), amount: 9_000, currency: 'NGN', date: '2026-01-10', category: 'Stock' },
  { id: uuid(6, 'e'), amount: 1_500, currency: 'USD', date: '2026-03-05', category: 'Software' },
];

/** A deterministic large data set (bench): n invoices over 2025–2026 for 200 clients, m expenses. */
export function largeReportData(n: number, m: number) {
  let seed = 42;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const day = () => {
    const d = new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 700) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const contacts = Array.from({ length: 200 }, (_, i) => ({ id: uuid(i + 1, 'f'), name: `Client ${i + 1}` }));
  const invoices = Array.from({ length: n }, (_, i) => {
    const issue = day();
    const total = 1_000 + Math.floor(rnd() * 500_000);
    const paid = rnd() < 0.6 ? Math.floor(total * rnd()) : 0;
    return invoice(i + 100, {
      contact: contacts[i % contacts.length]!.id,
      issue,
      due: rnd() < 0.8 ? issue : null,
      total,
      currency: rnd() < 0.9 ? 'NGN' : 'USD',
      sent: rnd() < 0.9,
      pays: paid > 0 ? [[paid, issue]] : [],
    });
  });
  const categories = ['Rent', 'Transport', 'Stock', 'Salaries', 'Utilities', 'Other'];
  const expenses = Array.from({ length: m }, (_, i) => ({
    id: uuid(i + 1, '9'),
    amount: 100 + Math.floor(rnd() * 100_000),
    currency: rnd() < 0.9 ? 'NGN' : 'USD',
    date: day(),
    category: categories[i % categories.length]!,
  }));
  return { contacts, invoices, expenses };
}
