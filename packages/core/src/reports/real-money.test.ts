import { describe, expect, it } from 'vitest';
import { clientStatement, debtorsOf, type LedgerInvoice } from '../statements';
import { reportFromRecords } from './facts';
import { realBalance, realPayments } from '../invoices/real-money';

/** Issue 22 item 3: a test payment (TEST MODE) is shown, stamped TEST, but is never money in any total. */
const inv = (payments: LedgerInvoice['payments']): LedgerInvoice => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return {
    id: 'i1',
    kind: 'invoice',
    number: 'INV-0001',
    contact_id: 'c1',
    currency: 'KES',
    issue_date: '2026-03-02',
    due_date: '2026-03-10',
    total_due: 50_000,
    balance: Math.max(0, 50_000 - paid),
    status: paid >= 50_000 ? 'paid' : 'sent',
    sent_at: '2026-03-02T08:00:00Z',
    payments,
  };
};
const real: LedgerInvoice['payments'][number] = { id: 'p1', amount: 20_000, date: '2026-03-05', method: 'cash' };
const test = { id: 'p2', amount: 30_000, date: '2026-03-06', method: 'card', test: true };

describe('test payments are not money', () => {
  it('realBalance and realPayments leave test payments out', () => {
    expect(realBalance(inv([real]))).toBe(30_000);
    expect(realBalance(inv([real, test]))).toBe(30_000);
    expect(realBalance(inv([test]))).toBe(50_000);
    expect(realPayments([real, test])).toEqual([real]);
  });

  it('reports: not collected, still outstanding and overdue', () => {
    const period = { from: '2026-03-01', to: '2026-03-31' };
    const r = reportFromRecords({ invoices: [inv([real, test])], expenses: [], contacts: [] }, period, '2026-03-20');
    const f = r.currencies[0]!.figures;
    expect(f.collected.value).toBe(20_000);
    expect(f.outstanding.value).toBe(30_000);
    expect(f.overdue.value).toBe(30_000);
    expect(r.currencies[0]!.months.find((m) => m.month === '2026-03')?.income).toBe(20_000);
  });

  it('who owes me lists a test-paid invoice for what is really owed', () => {
    expect(debtorsOf([inv([test])], '2026-03-20')).toEqual([expect.objectContaining({ balance: 50_000, overdue_balance: 50_000 })]);
    expect(debtorsOf([inv([real])], '2026-03-20')[0]!.balance).toBe(30_000);
  });

  it('statements list the test payment, stamped TEST, without taking it off the balance', () => {
    const s = clientStatement([inv([real, test])], 'c1', 'KES', '2026-03-01', '2026-03-31');
    expect(s.paid).toBe(20_000);
    expect(s.closing_balance).toBe(30_000);
    const t = s.entries.find((e) => e.test);
    expect(t).toMatchObject({ credit: 0, description: 'Payment for INV-0001 (card (TEST))' });
  });
});
