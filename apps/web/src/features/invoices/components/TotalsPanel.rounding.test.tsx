import { computeInvoiceTotals, wholeShillingsDiscount } from '@duka/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../ui/testing';
import { editorDiscount, type EditorState } from '../lib/editor';
import { TotalsPanel } from './TotalsPanel';

// h120: the whole-shillings rounding read "Discount" on the invoice screen; it is its own row, "Rounding".
const vat = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const input = { lines: [{ id: 'l1', quantity: 1, unit_price: 21_000 }], fees: [vat], fee_ids: ['vat'] };
afterEach(cleanup);

describe('TotalsPanel: Rounding apart from the discount', () => {
  it('a rounded KES invoice shows Rounding −KSh0.52 and no Discount row', () => {
    const { discount } = wholeShillingsDiscount(input)!;
    renderWithQueries(<TotalsPanel totals={computeInvoiceTotals({ ...input, discount })} currency="KES" minor discount={discount} />);
    expect(screen.getByTestId('rounding-total').textContent).toBe('-KSh0.52');
    expect(screen.getByText('Rounding', { exact: true })).toBeTruthy();
    expect(screen.queryByTestId('discount-total')).toBeNull();
    expect(screen.queryByText('Discount', { exact: true })).toBeNull();
  });
  it('an ordinary discount stays "Discount"', () => {
    const discount = { type: 'amount' as const, value: 52 };
    renderWithQueries(<TotalsPanel totals={computeInvoiceTotals({ ...input, discount })} currency="KES" minor discount={discount} />);
    expect(screen.getByTestId('discount-total').textContent).toBe('-KSh0.52');
    expect(screen.getByText('Discount', { exact: true })).toBeTruthy();
    expect(screen.queryByTestId('rounding-total')).toBeNull();
  });
});

describe('editorDiscount keeps the rounding mark while the discount reads what the rounding set', () => {
  const state = { currency: 'KES', discountType: 'amount', discountText: '0.52', discountRounding: { text: '0.52', rounding: 52 } } as EditorState;
  it('kept as set; dropped once the owner edits the discount', () => {
    expect(editorDiscount(state)).toEqual({ type: 'amount', value: 52, rounding: 52 });
    expect(editorDiscount({ ...state, discountText: '1.00' })).toEqual({ type: 'amount', value: 100 });
    expect(editorDiscount({ ...state, discountType: 'percentage', discountText: '5' })).toEqual({ type: 'percentage', value: 500, round_on: 'total' });
  });
});
