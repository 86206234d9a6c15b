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
});
