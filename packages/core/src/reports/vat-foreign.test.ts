import { describe, expect, it } from 'vitest';
import { buildCreditNote } from '../invoices/credit-notes';
import { vatReturn, vatReturnTable, type VatDocument } from './vat';
import { convertMinor } from './vat-foreign';

const VAT75 = { id: 'v', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 750, amount: 0, inclusive: false };
const line = (id: string, quantity: number, unit_price: number) => ({ id, description: id, quantity, unit_price, fee_ids: [] });
const base = { kind: 'invoice', status: 'sent', issue_date: '2026-11-10', contact_id: 'c', payments: [], discount: null, fees: [VAT75], fee_ids: ['v'] };
const NOV = { from: '2026-11-01', to: '2026-11-30' };

describe("foreign-currency invoices in the business's VAT return (t19 N5)", () => {
  // Lagos: ₦10,000.00 + VAT 7.5% = ₦750.00; a USD invoice $100.00 + VAT $7.50 at 1 USD = ₦1,530.25.
  const naira: VatDocument = { ...base, id: 'n1', number: 'INV-0001', currency: 'NGN', lines: [line('a', 1, 1_000_000)] };
  const dollars: VatDocument = { ...base, id: 'u1', number: 'INV-0005', currency: 'USD', exchange_rate: 1530.25, lines: [line('a', 1, 10_000)] };

  it('converts the VAT of a USD invoice at its rate into the naira return, the dollars kept as detail', () => {
    const v = vatReturn([naira, dollars], [], NOV, 'NGN', { home: true });
    // Taxable $100.00 × 1,530.25 = ₦153,025.00; VAT $7.50 × 1,530.25 = ₦11,476.875 → ₦11,476.88.
    expect(v.rates).toEqual([
      { name: 'VAT', rate_bps: 750, taxable: 1_000_000 + 15_302_500, output_tax: 75_000 + 1_147_688, credited_tax: 0, net_tax: 1_222_688 },
    ]);
    expect(v).toMatchObject({ invoice_count: 2, net_payable: 1_222_688 });
    expect(v.foreign).toEqual([
      {
        currency: 'USD',
        invoice_count: 1,
        credit_note_count: 0,
        output_tax: 750,
        credited_tax: 0,
        net_output_tax: 750,
        net_output_tax_home: 1_147_688,
        missing_rate: [],
        expense_count: 0,
        input_tax: 0,
        input_tax_home: 0,
      },
    ]);
    expect(vatReturnTable(v).rows).toContainEqual(['of which USD documents (USD 7.50 net)', '', '', 'USD 7.50', 'USD 0.00', 11476.88]);
    // Before: the naira return left the dollars out (₦750.00 only). A return asked in USD still counts USD only.
    expect(vatReturn([naira, dollars], [], NOV, 'USD')).toMatchObject({ invoice_count: 1, output_tax: 750, foreign: [] });
  });

  it("a credit note of the USD invoice takes its VAT back at the invoice's rate", () => {
    const cn: VatDocument = {
      ...base,
      ...buildCreditNote({ ...dollars, status: 'sent' } as never, [], [{ line_id: 'a', quantity: 1 }], 'Returned'),
      id: 'c1',
      number: 'CN-0001',
      status: 'sent',
      issue_date: '2026-11-20',
    };
    const v = vatReturn([naira, dollars, cn], [], NOV, 'NGN', { home: true });
    expect(v.rates[0]).toMatchObject({ taxable: 1_000_000, output_tax: 1_222_688, credited_tax: 1_147_688, net_tax: 75_000 });
    expect(v.foreign[0]).toMatchObject({ credit_note_count: 1, credited_tax: 750, net_output_tax: 0, net_output_tax_home: 0 });
  });

  it('an invoice with no rate is named, not guessed: left out of the figures until its rate is entered', () => {
    const v = vatReturn([naira, { ...dollars, exchange_rate: null }], [], NOV, 'NGN', { home: true });
    expect(v).toMatchObject({ invoice_count: 1, output_tax: 75_000 });
    expect(v.foreign).toEqual([
      expect.objectContaining({ currency: 'USD', invoice_count: 0, missing_rate: [{ id: 'u1', number: 'INV-0005', kind: 'invoice' }] }),
    ]);
  });

  it('converts between currencies of different minor units, rounding half away from zero', () => {
    expect(convertMinor(750, 'USD', 'NGN', 1530.25)).toBe(1_147_688);
    expect(convertMinor(-750, 'USD', 'NGN', 1530.25)).toBe(-1_147_688);
    expect(convertMinor(750, 'USD', 'RWF', 1455.5)).toBe(10_916); // $7.50 → FRw 10,916.25 → FRw 10,916
    expect(convertMinor(10_000, 'RWF', 'KES', 0.0889)).toBe(88_900); // FRw 10,000 → KSh889.00
  });
});

describe("expenses in another currency in the business's VAT return", () => {
  // Harare: a USD expense of $50.00 with VAT 15.5% inside ($6.71) at 1 USD = ZiG 26.80; a ZiG expense with ZiG 100.00.
  const usd = { id: 'e1', date: '2026-11-12', currency: 'USD', input_tax: 671, exchange_rate: 26.8, vendor: 'Zupco', category: 'Transport' };
  const zig = { id: 'e2', date: '2026-11-12', currency: 'ZWG', input_tax: 10_000, vendor: 'OK Mart', category: 'Stock' };

  it('counts its input tax converted at its rate, the dollars kept as detail (it was left out: the owner overpaid)', () => {
    const v = vatReturn([], [usd, zig], NOV, 'ZWG', { home: true });
    // $6.71 × 26.80 = ZiG 179.828 → ZiG 179.83.
    expect(v).toMatchObject({ expense_count: 2, input_tax: 10_000 + 17_983, net_payable: -(10_000 + 17_983) });
    expect(v.foreign).toEqual([
      {
        currency: 'USD',
        invoice_count: 0,
        credit_note_count: 0,
        output_tax: 0,
        credited_tax: 0,
        net_output_tax: 0,
        net_output_tax_home: 0,
        missing_rate: [],
        expense_count: 1,
        input_tax: 671,
        input_tax_home: 17_983,
      },
    ]);
    const table = vatReturnTable(v).rows;
    expect(table).toContainEqual(['input tax (expenses)', '', '', '', '', 279.83]);
    expect(table).toContainEqual(['of which USD expenses (USD 6.71)', '', '', '', '', 179.83]);
    expect(table.some((r) => String(r[0]).includes('USD documents'))).toBe(false);
    // A return asked in USD counts the USD expense as it is, as before.
    expect(vatReturn([], [usd, zig], NOV, 'USD')).toMatchObject({ expense_count: 1, input_tax: 671, foreign: [] });
  });

  it('names one with no rate instead of guessing, and leaves out one with no input tax', () => {
    const noRate = { ...usd, id: 'e3', exchange_rate: null, vendor: '', category: 'Fuel' };
    const noTax = { ...usd, id: 'e4', input_tax: 0, exchange_rate: null };
    const v = vatReturn([], [noRate, noTax, zig], NOV, 'ZWG', { home: true });
    expect(v).toMatchObject({ expense_count: 1, input_tax: 10_000 });
    expect(v.foreign[0]).toMatchObject({ currency: 'USD', expense_count: 0, missing_rate: [{ id: 'e3', number: 'Fuel', kind: 'expense' }] });
    expect(vatReturnTable(v).rows).toContainEqual(['USD expenses with no exchange rate (not counted): Fuel', '', '', '', '', '']);
  });
});
