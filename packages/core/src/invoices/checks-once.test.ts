import { describe, expect, it } from 'vitest';
import { checkInvoiceData } from './checks';
import { invoiceFeeSchema, invoiceLineSchema, invoicePaymentSchema, UNKNOWN_FEE } from './schemas';

/**
 * Issue 27: the server's sync patch parses an invoice's lines, fees and payments with these very schemas, then
 * checkInvoiceData checked them again. With `alreadyChecked` it takes those lists as they are and applies the rest.
 */
const contact = '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const line = { id: '1f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: '  Cloth ', quantity: 2, unit_price: 5_000 };
const fee = { id: '2f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', name: ' VAT ', kind: 'tax', calculation: 'percentage', percentage_bps: 1_600 };
const pay = { id: '3f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', amount: 100, method: 'cash', date: '2026-11-22' };
const base = { kind: 'invoice', contact_id: contact, issue_date: '2026-11-22', currency: 'NGN' };

describe('checkInvoiceData with lists already checked', () => {
  it('gives the same data as the full check when the lists come from the same schemas', () => {
    const lists = {
      lines: [invoiceLineSchema.parse(line)],
      fees: [invoiceFeeSchema.parse(fee)],
      fee_ids: [fee.id],
      payments: [invoicePaymentSchema.parse(pay)],
    };
    const full = checkInvoiceData({ ...base, ...lists });
    expect(full.lines[0]?.description).toBe('Cloth');
    expect(checkInvoiceData({ ...base, ...lists }, ['lines', 'fees', 'payments'])).toEqual(full);
    expect(checkInvoiceData({ ...base, ...lists }, ['lines'])).toEqual(full);
  });

  it('does not parse a checked list again, and still checks the other fields and the cross-field rules', () => {
    // Not trimmed: the list was taken as it is (the caller's parse trims it).
    expect(checkInvoiceData({ ...base, lines: [line] }, ['lines']).lines[0]?.description).toBe('  Cloth ');
    expect(checkInvoiceData({ ...base, lines: [line] }).lines[0]?.description).toBe('Cloth');
    // A list not named is still parsed and refused.
    expect(() => checkInvoiceData({ ...base, lines: [{ ...line, quantity: 0 }] }, ['fees'])).toThrow(/Quantity must be more than 0/);
    expect(() => checkInvoiceData({ ...base, lines: [line], currency: '' }, ['lines'])).toThrow(/currency/);
    try {
      checkInvoiceData({ ...base, due_date: '2026-11-01', lines: [line] }, ['lines']);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'validation_failed', fields: { due_date: 'The due date cannot be before the issue date' } });
    }
    // A fee id the fees do not hold is a cross-field rule: refused with the fees taken as they are.
    expect(() => checkInvoiceData({ ...base, fees: [fee], fee_ids: ['4f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a'] }, ['fees'])).toThrow(UNKNOWN_FEE);
    expect(() => checkInvoiceData({ ...base, fees: [fee, fee], fee_ids: [] }, ['fees'])).toThrow('This fee is listed twice');
  });
});
