import { describe, expect, it } from 'vitest';
import { clientStatement, debtorsOf, type LedgerInvoice, reminderText } from './index';

const C1 = 'c1';
const C2 = 'c2';
let n = 0;
const inv = (o: Partial<LedgerInvoice>): LedgerInvoice => ({
  id: `i${++n}`,
  kind: 'invoice',
  number: `INV-${String(n).padStart(4, '0')}`,
  contact_id: C1,
  currency: 'NGN',
  issue_date: '2026-01-01',
  due_date: null,
  total_due: 10_000,
  balance: 10_000,
  status: 'sent',
  sent_at: '2026-01-01T00:00:00Z',
  voided_at: null,
  payments: [],
  ...o,
});

describe('who owes me', () => {
  const all = [
    inv({ contact_id: C1, issue_date: '2026-03-01', due_date: '2026-03-15', balance: 5_000, status: 'partially_paid' }),
    inv({ contact_id: C1, issue_date: '2026-04-01', due_date: '2026-04-30', balance: 10_000 }),
    inv({ contact_id: C1, currency: 'USD', issue_date: '2026-04-02', due_date: '2026-05-02', balance: 2_000 }),
    inv({ contact_id: C2, issue_date: '2026-01-10', due_date: '2026-01-20', balance: 7_000 }),
    inv({ contact_id: C2, status: 'draft', sent_at: null, balance: 99_000 }),
    inv({ contact_id: C2, status: 'void', voided_at: '2026-02-01', balance: 99_000 }),
    inv({ contact_id: C2, kind: 'quote', balance: 99_000 }),
    inv({ contact_id: C2, status: 'paid', balance: 0 }),
  ];

  it('adds up each client per currency, oldest debt first, overdue counted apart; drafts, quotes and void never owed', () => {
    const d = debtorsOf(all, '2026-04-10');
    expect(d.map((x) => [x.contact_id, x.currency, x.balance, x.overdue_balance, x.overdue, x.oldest_date])).toEqual([
      [C2, 'NGN', 7_000, 7_000, true, '2026-01-20'],
      [C1, 'NGN', 15_000, 5_000, true, '2026-03-15'],
      [C1, 'USD', 2_000, 0, false, '2026-05-02'],
    ]);
    expect(d[1].invoices.map((i) => [i.balance, i.overdue, i.days_overdue])).toEqual([
      [5_000, true, 26],
      [10_000, false, 0],
    ]);
  });

  it('makes a statement: opening balance, invoices and payments of the period, closing balance', () => {
    const ledger = [
      inv({
        contact_id: C1,
        issue_date: '2026-01-05',
        total_due: 50_000,
        payments: [
          { id: 'p1', amount: 20_000, date: '2026-01-20', method: 'cash' },
          { id: 'p2', amount: 10_000, date: '2026-02-03', method: 'bank_transfer', reference: 'T9' },
        ],
      }),
      inv({ contact_id: C1, issue_date: '2026-02-10', total_due: 30_000, payments: [{ id: 'p3', amount: 30_000, date: '2026-02-10', method: 'cash' }] }),
      inv({ contact_id: C1, issue_date: '2026-03-01', total_due: 5_000 }),
      inv({ contact_id: C1, issue_date: '2026-02-11', total_due: 1_000, currency: 'USD' }),
      inv({ contact_id: C1, issue_date: '2026-02-12', total_due: 8_000, status: 'void', voided_at: 'x' }),
    ];
    const s = clientStatement(ledger, C1, 'NGN', '2026-02-01', '2026-02-28', (m) => (m === 'cash' ? 'Cash' : 'Bank transfer'));
    expect(s.opening_balance).toBe(30_000);
    expect(s.entries.map((e) => [e.date, e.kind, e.debit, e.credit, e.balance])).toEqual([
      ['2026-02-03', 'payment', 0, 10_000, 20_000],
      ['2026-02-10', 'invoice', 30_000, 0, 50_000],
      ['2026-02-10', 'payment', 0, 30_000, 20_000],
    ]);
    expect(s.entries[0].description).toBe(`Payment for ${ledger[0].number} (Bank transfer, T9)`);
    expect([s.invoiced, s.paid, s.closing_balance]).toEqual([30_000, 40_000, 20_000]);
  });

  it('writes a reminder', () => {
    expect(reminderText({ client: 'Amina', company: 'Musa Traders', amount: '₦5,000', invoices: ['INV-0001'], link: 'https://x/l', overdue: true })).toBe(
      'Hello Amina, this is a friendly reminder from Musa Traders that ₦5,000 is overdue on invoice INV-0001. You can view and pay here: https://x/l Thank you!',
    );
  });
});
