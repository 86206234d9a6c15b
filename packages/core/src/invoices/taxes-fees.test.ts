import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, type InvoiceFeeInput } from '../amounts/math';
import { storedTotals, totalsMismatch } from './stored-totals';

// Issue 23 item 4: tax_total counted a fixed surcharge as tax.
const vat10: InvoiceFeeInput = { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1_000, amount: 0, inclusive: true };
const surcharge: InvoiceFeeInput = { id: 'sur', name: 'Surcharge', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false };

describe('taxes and fees are kept apart (issue 23)', () => {
  const t = computeInvoiceTotals({ lines: [{ id: 'a', quantity: 1, unit_price: 1_500 }], fees: [vat10, surcharge], fee_ids: ['vat', 'sur'] });

  it('a 10% inclusive tax with a fixed ₦5.00 surcharge: tax_total ₦1.36, fee_total ₦5.00', () => {
    expect(t.tax_total).toBe(136);
    expect(t.fee_total).toBe(500);
    expect(t.total_due).toBe(2_000);
    expect(t.inclusive_total + t.exclusive_total).toBe(t.tax_total + t.fee_total);
    expect(storedTotals(t)).toMatchObject({ tax_total: 136, fee_total: 500 });
  });

  it('checks a device claim against the split totals, and an older device (no fee_total) against taxes + fees', () => {
    const stored = storedTotals(t);
    expect(totalsMismatch({ tax_total: 136, fee_total: 500 }, stored)).toEqual({});
    expect(totalsMismatch({ tax_total: 636, fee_total: 500 }, stored)).toHaveProperty('tax_total');
    expect(totalsMismatch({ tax_total: 636 }, stored)).toEqual({});
    expect(totalsMismatch({ tax_total: 136 }, stored)).toHaveProperty('tax_total');
  });
});
