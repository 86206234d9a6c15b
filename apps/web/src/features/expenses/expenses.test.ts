import { describe, expect, it } from 'vitest';
import type { Expense } from '../../data/db';
import { groupByMonth, monthLabel } from './components/ExpenseList';

const e = (id: string, date: string, amount: number, currency = 'NGN'): Expense => ({
  id,
  date,
  amount,
  currency,
  category: 'Rent',
  vendor: '',
  contact_id: null,
  payment_method: 'cash',
  description: '',
  receipt: null,
  created_at: `${date}T00:00:00Z`,
  updated_at: `${date}T00:00:00Z`,
});

describe('expenses by month', () => {
  it('groups newest first with a total per currency', () => {
    const groups = groupByMonth([e('a', '2026-10-15', 800), e('b', '2026-11-02', 1500), e('c', '2026-11-20', 25000), e('d', '2026-11-21', 100, 'USD')]);
    expect(groups.map((g) => g.month)).toEqual(['2026-11', '2026-10']);
    expect(groups[0].expenses.map((x) => x.id)).toEqual(['d', 'c', 'b']);
    expect(groups[0].totals).toEqual([
      ['USD', 100],
      ['NGN', 26500],
    ]);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });

  it('leaves out of the totals an expense whose amount is to be read from its photo, and counts it apart (issue 29)', () => {
    const waiting: Expense = { ...e('p', '2026-11-25', 0), category: '', amount_pending: 'to_read' };
    const unread: Expense = { ...e('q', '2026-11-24', 0, 'USD'), amount_pending: 'unreadable' };
    const [nov] = groupByMonth([e('a', '2026-11-02', 1500), waiting, unread]);
    expect(nov.expenses.map((x) => x.id)).toEqual(['p', 'q', 'a']);
    expect(nov.totals).toEqual([['NGN', 1500]]);
    expect(nov.pending).toBe(2);
    // An amount not read waits for the owner to type it; one still to be read does not (the month's words differ).
    expect(nov.waitForOwner).toBe(true);
    expect(groupByMonth([waiting])[0]!.waitForOwner).toBe(false);
    // Once read (or typed), it counts.
    expect(groupByMonth([e('a', '2026-11-02', 1500), { ...waiting, amount: 700, amount_pending: null }])[0]).toMatchObject({
      totals: [['NGN', 2200]],
      pending: 0,
    });
  });
});
