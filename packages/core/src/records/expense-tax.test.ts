import { describe, expect, it } from 'vitest';
import { expenseGross, expenseInputTax, expenseTaxErrors } from './expense-tax';
import { expenseFields } from './schemas';

describe('expense input tax (issue 26)', () => {
  it('extracts an inclusive rate, adds an exclusive one, takes an amount as typed', () => {
    // KES 1,160.00 paid with 16% VAT inside: 160.00 of it is tax.
    expect(expenseInputTax({ amount: 116_000, input_tax_rate_bps: 1600 })).toBe(16_000);
    // KES 1,000.01 before 16%: 160.0016 → 160.00; paid 1,160.01.
    expect(expenseInputTax({ amount: 100_001, input_tax_rate_bps: 1600, input_tax_inclusive: false })).toBe(16_000);
    expect(expenseGross({ amount: 100_001, input_tax_rate_bps: 1600, input_tax_inclusive: false })).toBe(116_001);
    // Half a unit rounds away from zero: 1,050 × 8 / 108 = 77.78 → 78; 1,050 × 7.5% = 78.75 → 79.
    expect(expenseInputTax({ amount: 1_050, input_tax_rate_bps: 800 })).toBe(78);
    expect(expenseInputTax({ amount: 1_050, input_tax_rate_bps: 750, input_tax_inclusive: false })).toBe(79);
    expect(expenseInputTax({ amount: 5_000, input_tax_amount: 690 })).toBe(690);
    expect(expenseInputTax({ amount: 5_000 })).toBe(0);
    expect(expenseGross({ amount: 5_000, input_tax_amount: 690 })).toBe(5_000);
  });

  it('refuses a rate and an amount together, and an inclusive tax above the amount', () => {
    expect(expenseTaxErrors({ amount: 5_000, input_tax_rate_bps: 1600, input_tax_amount: 10 })).toHaveProperty('input_tax_amount');
    expect(expenseTaxErrors({ amount: 5_000, input_tax_amount: 5_001 })).toHaveProperty('input_tax_amount');
    expect(expenseTaxErrors({ amount: 5_000, input_tax_amount: 5_001, input_tax_inclusive: false })).toEqual({});
    expect(expenseTaxErrors({ amount: 5_000, input_tax_rate_bps: 1600 })).toEqual({});
  });

  it('an expense without input tax still parses (records written before it)', () => {
    const parsed = expenseFields.parse({
      amount: 100,
      currency: 'KES',
      date: '2026-11-01',
      category: 'Rent',
      vendor: '',
      contact_id: null,
      payment_method: 'cash',
      description: '',
      receipt: null,
    });
    expect(parsed).toMatchObject({ input_tax_rate_bps: null, input_tax_amount: null, input_tax_inclusive: true, input_tax: 0 });
  });
});
