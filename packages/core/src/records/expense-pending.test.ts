import { describe, expect, it } from 'vitest';
import { reportFromRecords } from '../reports/facts';
import { vatReturn } from '../reports/vat';
import { checkRule } from '../rules';
import { EXPENSE_DEFAULTS } from './defaults';
import { expenseCounts, expenseFieldsFor, isExpensePending } from './expense-pending';
import { expensePatch, expenseStoredFields } from './schemas';

const ordinary = { ...EXPENSE_DEFAULTS, amount: 77_000, currency: 'KES', date: '2026-11-14', category: 'Stock', amount_pending: null };
const pending = { ...EXPENSE_DEFAULTS, amount: 0, currency: 'KES', date: '2026-11-14', category: '', amount_pending: 'to_read' as const };

describe('an expense whose amount is to be read from its photo (issue 29)', () => {
  it('is pending while to be read and when unreadable, and counts only once it has its amount', () => {
    expect(isExpensePending(pending)).toBe(true);
    expect(isExpensePending({ ...pending, amount_pending: 'unreadable' })).toBe(true);
    expect(isExpensePending(ordinary)).toBe(false);
    expect(isExpensePending({})).toBe(false); // stored before issue 29
    expect(expenseCounts(pending)).toBe(false);
    expect(expenseCounts(ordinary)).toBe(true);
  });

  it('may have no amount and no category yet, but never an amount', () => {
    expect(expenseFieldsFor(pending).safeParse(pending).success).toBe(true);
    expect(expenseFieldsFor(pending).safeParse({ ...pending, amount_pending: 'unreadable' }).success).toBe(true);
    const withAmount = { ...pending, amount: 500 };
    expect(checkRule(expenseFieldsFor(withAmount).shape.amount, 500)).toMatchObject({ message: expect.stringContaining('no amount yet') });
    expect(expenseFieldsFor(pending).safeParse({ ...pending, amount_pending: 'later' }).success).toBe(false);
  });

  it('an ordinary expense still needs an amount more than 0 and a category', () => {
    const fields = expenseFieldsFor(ordinary);
    expect(fields.safeParse(ordinary).success).toBe(true);
    expect(checkRule(fields.shape.amount, 0)).toMatchObject({ code: 'more_than_zero' });
    expect(fields.safeParse({ ...ordinary, category: ' ' }).success).toBe(false);
    // The pending state ended without an amount: refused.
    expect(expenseFieldsFor({ ...pending, amount_pending: null }).safeParse({ ...pending, amount_pending: null }).success).toBe(false);
  });

  it('sync and the API carry either state; the patch may end the pending state', () => {
    expect(expenseStoredFields.safeParse(pending).success).toBe(true);
    expect(expenseStoredFields.safeParse(ordinary).success).toBe(true);
    expect(expensePatch.parse({ amount: 77_000, amount_pending: null })).toEqual({ amount: 77_000, amount_pending: null });
    expect(expensePatch.parse({ amount: 0, category: '', amount_pending: 'to_read' })).toMatchObject({ amount_pending: 'to_read' });
  });

  it('is left out of reports (its currency, its category, its month) and of the VAT return', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const inUsd = { ...pending, currency: 'USD', category: 'Travel' };
    const report = reportFromRecords({ invoices: [], expenses: [ordinary, pending, inUsd], contacts: [] }, period, '2026-11-26');
    expect(report.currencies.map((c) => c.currency)).toEqual(['KES']);
    const kes = report.currencies[0]!;
    expect(kes.figures.expenses.value).toBe(77_000);
    expect(kes.categories.map((c) => c.category)).toEqual(['Stock']);

    const vat = vatReturn(
      [],
      [
        { ...ordinary, input_tax: 10_621 },
        { ...pending, input_tax: 0 },
      ],
      period,
      'KES',
    );
    expect(vat).toMatchObject({ expense_count: 1, input_tax: 10_621 });
  });
});
