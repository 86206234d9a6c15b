import { describe, expect, it } from 'vitest';
import { buildCreditNote } from '../invoices/credit-notes';
import { vatReturn, vatReturnTable, type VatDocument } from './vat';

const VAT16 = { id: 'b', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const VAT8 = { id: 'e', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 800, amount: 0, inclusive: false };
const VAT16IN = { ...VAT16, id: 'bi', inclusive: true };
const LEVY = { id: 'f', name: 'Levy', kind: 'fee' as const, calculation: 'fixed' as const, percentage_bps: 0, amount: 5_000, inclusive: false };
const line = (id: string, quantity: number, unit_price: number, fee_ids: string[] = []) => ({ id, description: id, quantity, unit_price, fee_ids });
const base = { kind: 'invoice', status: 'sent', currency: 'KES', issue_date: '2026-11-10', contact_id: 'c', payments: [], discount: null };

describe('VAT return (issue 26), figures worked by hand', () => {
  it('counts a delivery fee subject to VAT as a taxable supply, and takes it back with the credit note (t18 Z1)', () => {
    // South Africa, VAT 15% inside the prices: R1,000.00 of goods (VAT 130.43) and delivery R50.00 (VAT 6.52 inside).
    const VAT15IN = { id: 'z', name: 'VAT 15%', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1500, amount: 0, inclusive: true };
    const DELIVERY = { ...LEVY, id: 'd', name: 'Delivery', subject_to_tax: true };
    const inv: VatDocument = { ...base, currency: 'ZAR', id: 'z1', lines: [line('a', 1, 100_000)], fees: [VAT15IN, DELIVERY], fee_ids: ['z', 'd'] };
    const v = vatReturn([inv], [], { from: '2026-11-01', to: '2026-11-30' }, 'ZAR');
    // Taxable 869.57 + 43.48 = 913.05; VAT 130.43 + 6.52 = 136.95.
    expect(v.rates).toEqual([{ name: 'VAT', rate_bps: 1500, taxable: 91_305, output_tax: 13_695, credited_tax: 0, net_tax: 13_695 }]);
    // The same fee not subject to VAT stays out of the return, as before.
    const plain = vatReturn([{ ...inv, fees: [VAT15IN, { ...DELIVERY, subject_to_tax: false }] }], [], { from: '2026-11-01', to: '2026-11-30' }, 'ZAR');
    expect(plain.rates[0]).toMatchObject({ taxable: 86_957, output_tax: 13_043 });
    // Credited whole, the delivery and its VAT come back: nothing left.
    const cn: VatDocument = {
      ...base,
      ...buildCreditNote({ ...inv, contact_id: 'c', currency: 'ZAR', discount: null } as never, [], [{ line_id: 'a', quantity: 1 }], 'Returned'),
      id: 'zc',
      status: 'sent',
    };
    const after = vatReturn([inv, cn], [], { from: '2026-11-01', to: '2026-11-30' }, 'ZAR');
    expect(after.rates[0]).toMatchObject({ taxable: 0, output_tax: 13_695, credited_tax: 13_695, net_tax: 0 });
  });

  it('output tax by rate less credit notes, input tax from expenses, net payable', () => {
    // INV-1: 3 × 333.33 at 16% = 999.99 → VAT 160.00 (159.9984); 1 × 250.00 at 8% → 20.00; levy 50.00 (not VAT).
    const inv1: VatDocument = {
      ...base,
      id: 'i1',
      lines: [line('a', 3, 33_333, ['b']), line('b', 1, 25_000, ['e'])],
      fees: [VAT16, VAT8, LEVY],
      fee_ids: ['f'],
    };
    // INV-2: 1,160.00 with 16% inside → VAT 160.00, taxable 1,000.00.
    const inv2: VatDocument = { ...base, id: 'i2', issue_date: '2026-11-30', lines: [line('a', 1, 116_000)], fees: [VAT16IN], fee_ids: ['bi'] };
    // Out of the return: a draft, a void invoice, another month, another currency, a quote.
    const ignored: VatDocument[] = [
      { ...inv1, id: 'x1', status: 'draft' },
      { ...inv1, id: 'x2', status: 'void' },
      { ...inv1, id: 'x3', issue_date: '2026-12-01' },
      { ...inv1, id: 'x4', currency: 'UGX' },
      { ...inv1, id: 'x5', kind: 'quote' },
    ];
    // CN-1 credits one of INV-1's three: 333.33 → VAT 53.33 (53.3328).
    const cn1: VatDocument = {
      ...base,
      ...buildCreditNote({ ...inv1, contact_id: 'c', currency: 'KES', discount: null } as never, [], [{ line_id: 'a', quantity: 1 }], 'Returned'),
      id: 'c1',
      status: 'sent',
      issue_date: '2026-11-20',
    };
    const expenses = [
      { date: '2026-11-05', currency: 'KES', input_tax: 4_000 },
      { date: '2026-11-25', currency: 'kes', input_tax: 1_379 },
      { date: '2026-11-26', currency: 'KES', input_tax: 0 },
      { date: '2026-10-31', currency: 'KES', input_tax: 99_999 },
    ];
    const v = vatReturn([inv1, inv2, cn1, ...ignored], expenses, { from: '2026-11-01', to: '2026-11-30' }, 'KES');
    expect(v.rates).toEqual([
      // 16%: 999.99 + 1,000.00 − 333.33 = 1,666.66 taxable; 160.00 + 160.00 output, 53.33 credited → 266.67.
      { name: 'VAT', rate_bps: 1600, taxable: 166_666, output_tax: 32_000, credited_tax: 5_333, net_tax: 26_667 },
      { name: 'VAT', rate_bps: 800, taxable: 25_000, output_tax: 2_000, credited_tax: 0, net_tax: 2_000 },
    ]);
    expect(v).toMatchObject({ invoice_count: 2, credit_note_count: 1, expense_count: 3, output_tax: 34_000, credited_tax: 5_333, net_output_tax: 28_667 });
    // Input 40.00 + 13.79 = 53.79; net payable 286.67 − 53.79 = 232.88.
    expect(v.input_tax).toBe(5_379);
    expect(v.net_payable).toBe(23_288);
    const csv = vatReturnTable(v);
    expect(csv.rows[0]).toEqual(['VAT', '16%', 1666.66, 320, 53.33, 266.67]);
    expect(csv.rows.at(-1)).toEqual(['net payable', '', '', '', '', 232.88]);
  });

  it('counts a counter sale (kind sale) like any invoice (issue 28 D3)', () => {
    // SAL-0001: 2 × 10.00 + 15% VAT = 3.00 on 20.00, paid at the counter; a void sale and a draft one are left out.
    const sale: VatDocument = {
      ...base,
      id: 's1',
      kind: 'sale',
      status: 'paid',
      lines: [line('a', 2, 1_000, ['b'])],
      fees: [{ ...VAT16, percentage_bps: 1500 }],
      fee_ids: [],
    };
    const v = vatReturn(
      [sale, { ...sale, id: 's2', status: 'void' }, { ...sale, id: 's3', status: 'draft' }],
      [],
      { from: '2026-11-01', to: '2026-11-30' },
      'KES',
    );
    expect(v.rates).toEqual([{ name: 'VAT', rate_bps: 1500, taxable: 2_000, output_tax: 300, credited_tax: 0, net_tax: 300 }]);
    expect(v).toMatchObject({ invoice_count: 1, net_output_tax: 300, net_payable: 300 });
  });

  it('merges one tax however its rate is spelled in its name (VAT, VAT 16%), and keeps 0% exempt and zero-rated apart (D11)', () => {
    const named16 = { ...VAT16, id: 'n16', name: 'VAT 16%' };
    const zero = { ...VAT16, id: 'z', name: 'VAT 0%', percentage_bps: 0 };
    const exempt = { ...VAT16, id: 'x', name: 'VAT exempt', percentage_bps: 0 };
    const docs: VatDocument[] = [
      { ...base, id: 'a', lines: [line('a', 1, 100_000, ['b'])], fees: [VAT16], fee_ids: [] },
      {
        ...base,
        id: 'b',
        lines: [line('a', 1, 200_000, ['n16']), line('z', 1, 5_000, ['z']), line('x', 1, 7_000, ['x'])],
        fees: [named16, zero, exempt],
        fee_ids: [],
      },
    ];
    const v = vatReturn(docs, [], { from: '2026-11-01', to: '2026-11-30' }, 'KES');
    expect(v.rates.map((r) => [r.name, r.rate_bps, r.taxable, r.output_tax])).toEqual([
      ['VAT', 1600, 300_000, 48_000],
      ['VAT', 0, 5_000, 0],
      ['VAT exempt', 0, 7_000, 0],
    ]);
  });

  it('keeps two taxes of one rate apart: Ghana’s NHIL 2.5% and GETFund 2.5% are two rows, as its return lists them (t17)', () => {
    const pct = (id: string, name: string, bps: number) => ({
      id,
      name,
      kind: 'tax' as const,
      calculation: 'percentage' as const,
      percentage_bps: bps,
      amount: 0,
      inclusive: false,
    });
    const fees = [pct('v', 'VAT 15%', 1500), pct('n', 'NHIL', 250), pct('g', 'GETFund', 250)];
    const gh = { ...base, currency: 'GHS' };
    // t17's invoice, worked by hand: 3 × ₵1,250.50 = ₵3,751.50; NHIL 2.5% = 93.7875 → 93.79; GETFund the same;
    // VAT 15% = 562.725 → 562.73 (half up). Total tax 750.31.
    const inv: VatDocument = { ...gh, id: 'g1', lines: [line('a', 3, 125_050, ['v', 'n', 'g'])], fees, fee_ids: [] };
    // A second invoice names the levy "nhil" (another spelling, the same tax): ₵100.00 → 2.50 under the first row.
    const inv2: VatDocument = { ...gh, id: 'g2', lines: [line('a', 1, 10_000, ['n2'])], fees: [pct('n2', 'nhil 2.5%', 250)], fee_ids: [] };
    const v = vatReturn([inv, inv2], [], { from: '2026-11-01', to: '2026-11-30' }, 'GHS');
    expect(v.rates).toEqual([
      { name: 'VAT', rate_bps: 1500, taxable: 375_150, output_tax: 56_273, credited_tax: 0, net_tax: 56_273 },
      { name: 'GETFund', rate_bps: 250, taxable: 375_150, output_tax: 9_379, credited_tax: 0, net_tax: 9_379 },
      { name: 'NHIL', rate_bps: 250, taxable: 385_150, output_tax: 9_629, credited_tax: 0, net_tax: 9_629 },
    ]);
    expect(v.output_tax).toBe(75_031 + 250);
    const csv = vatReturnTable(v);
    expect(csv.rows.slice(0, 3).map((r) => r.slice(0, 2))).toEqual([
      ['VAT', '15%'],
      ['GETFund', '2.5%'],
      ['NHIL', '2.5%'],
    ]);
  });
});
