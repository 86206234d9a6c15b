import { type InvoiceFeeInput, newPublicId } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { cardErrors, formatCardNumber, formatExpiry } from '../../../ui/TestCardFields';
import { paymentErrors } from '../components/PaymentModal';
import { applyEditor, type EditorState, editorTotals, parsePercentBps, parseQuantity, toEditorState, validateEditor } from './editor';
import { filterRows, buildRows, summarise } from './list';
import { asInvoice, withTotals } from './model';

const VAT: InvoiceFeeInput = { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false };
const INCL: InvoiceFeeInput = { id: 'incl', name: 'Levy', kind: 'tax', calculation: 'percentage', percentage_bps: 1000, amount: 0, inclusive: true };

function state(over: Partial<EditorState> = {}): EditorState {
  return {
    contact_id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01',
    issue_date: '2026-11-22',
    due_date: '2026-12-06',
    currency: 'NGN',
    lines: [
      { id: 'a', catalog_id: null, description: 'Rice 50kg', qty: '2', price: '45,000', fee_ids: [] },
      { id: 'b', catalog_id: null, description: 'Delivery', qty: '1.5', price: '1,000.50', fee_ids: [] },
    ],
    fees: [VAT, INCL],
    fee_ids: ['vat'],
    discountType: 'percentage',
    discountText: '',
    notes: '',
    terms: '',
    payment_instructions: '',
    ...over,
  };
}

describe('invoice editor totals', () => {
  it('adds lines (quantity up to 3 decimals) and an exclusive VAT with core maths', () => {
    const t = editorTotals(state());
    // 2 × 45,000.00 = 9,000,000 kobo; 1.5 × 1,000.50 = 1,500.75 → 150,075 kobo
    expect(t.lines.map((l) => l.amount)).toEqual([9_000_000, 150_075]);
    expect(t.subtotal).toBe(9_150_075);
    // 7.5% per line, rounded half away from zero per line: 675,000 + 11,255.625 → 11,256
    expect(t.tax_total).toBe(675_000 + 11_256);
    expect(t.total_due).toBe(9_150_075 + 686_256);
    expect(t.balance).toBe(t.total_due);
  });

  it('shows an inclusive fee without adding it to the total', () => {
    const t = editorTotals(state({ fee_ids: ['incl'] }));
    expect(t.total_due).toBe(t.subtotal);
    expect(t.fees[0]).toMatchObject({ fee_id: 'incl', inclusive: true });
    expect(t.inclusive_total).toBeGreaterThan(0);
  });

  it('takes a percentage or amount discount off before the tax', () => {
    const pct = editorTotals(state({ discountText: '10' }));
    expect(pct.discount_total).toBe(915_008);
    const amt = editorTotals(state({ discountType: 'amount', discountText: '1,000' }));
    expect(amt.discount_total).toBe(100_000);
    expect(amt.total_due).toBeLessThan(editorTotals(state()).total_due);
  });

  it('rounds a percentage discount once on the subtotal, as the customer checks it (t18 Z2)', () => {
    // 3 × R199.99 + 2.5 × R89.90 = R824.72: 10% is R82.47 (per line it came to R82.48).
    const s = state({
      currency: 'ZAR',
      fee_ids: [],
      discountText: '10',
      lines: [
        { id: 'a', catalog_id: null, description: 'Braai pack', qty: '3', price: '199.99', fee_ids: [] },
        { id: 'b', catalog_id: null, description: 'Boerewors', qty: '2.5', price: '89.90', fee_ids: [] },
      ],
    });
    expect(editorTotals(s).discount_total).toBe(8_247);
    expect(applyEditor(asInvoice({ id: 'i1' }), s).discount).toEqual({ type: 'percentage', value: 1000, round_on: 'total' });
  });

  it('counts a line still being typed as zero instead of failing', () => {
    const t = editorTotals(state({ lines: [{ id: 'x', catalog_id: null, description: '', qty: '1.', price: '', fee_ids: [] }] }));
    expect(t.total_due).toBe(0);
  });

  it('round-trips an invoice through the editor and keeps only the fees in use', () => {
    const s = state();
    const base = asInvoice({ id: 'i1', number: 'INV-0001', payments: [] });
    const inv = withTotals(applyEditor(base, s));
    expect(inv.fees.map((f) => f.id)).toEqual(['vat']);
    expect(inv.lines[1]).toMatchObject({ quantity: 1.5, unit_price: 100_050 });
    expect(inv.total_due).toBe(editorTotals(s).total_due);
    expect(inv.status).toBe('draft');
    const again = toEditorState(inv);
    expect(again.lines.map((l) => [l.qty, l.price])).toEqual([
      ['2', '45,000'],
      ['1.5', '1,000.50'],
    ]);
    expect(withTotals({ ...inv, sent_at: '2026-11-22T10:00:00Z' }).status).toBe('sent');
  });
});

describe('invoice editor validation', () => {
  it('accepts a complete invoice', () => {
    expect(validateEditor(state())).toEqual({});
  });

  it('lets a part-paid invoice change while its total covers what was paid (issue 14)', () => {
    // 2 × 45,000 + 1.5 × 1,000.50 = 91,500.75 + VAT 7.5% on the invoice
    const paid = (amount: number) => [{ id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a09', amount, method: 'cash' as const, date: '2026-11-23', reference: '' }];
    const total = editorTotals(state()).total_due;
    expect(validateEditor(state(), paid(total))).toEqual({});
    expect(validateEditor(state(), paid(total + 1))).toEqual({ total: 'totalBelowPaid' });
    expect(validateEditor(state({ lines: [state().lines[0]] }), paid(5_000_000))).toEqual({});
    expect(validateEditor(state({ lines: [state().lines[1]] }), paid(5_000_000))).toEqual({ total: 'totalBelowPaid' });
  });

  it('needs a client and at least one line', () => {
    expect(validateEditor(state({ contact_id: null, lines: [] }))).toEqual({ contact: 'clientRequired', lines: 'linesRequired' });
  });

  it('flags each bad line field', () => {
    const e = validateEditor(state({ lines: [{ id: 'z', catalog_id: null, description: ' ', qty: '1.2345', price: 'abc', fee_ids: [] }] }));
    expect(e).toEqual({ 'line.z.description': 'descriptionRequired', 'line.z.qty': 'quantityInvalid', 'line.z.price': 'priceInvalid' });
    expect(validateEditor(state({ lines: [{ id: 'z', catalog_id: null, description: 'x', qty: '0', price: '1', fee_ids: [] }] }))).toHaveProperty('line.z.qty');
  });

  it('refuses a line or a total over what an invoice can hold, and broken text, as the server does', () => {
    const line = (id: string, qty: string, price: string, description = 'Cement') => ({ id, catalog_id: null, description, qty, price, fee_ids: [] });
    // 200,000 × 1,500,000.00 = 3×10^13 minor units.
    expect(validateEditor(state({ lines: [line('z', '200000', '1,500,000')] }))).toEqual({ 'line.z.price': 'amountTooLarge' });
    expect(validateEditor(state({ lines: [line('a', '1', '60,000,000,000'), line('b', '1', '60,000,000,000')] }))).toEqual({ lines: 'totalTooLarge' });
    expect(validateEditor(state({ lines: [line('z', '1', '100', 'half \ud83d')] }))).toEqual({ 'line.z.description': 'textInvalid' });
  });

  it('refuses a discount above the subtotal or over 100%', () => {
    expect(validateEditor(state({ discountType: 'amount', discountText: '1,000,000' }))).toHaveProperty('discount', 'discountInvalid');
    expect(validateEditor(state({ discountText: '120' }))).toHaveProperty('discount', 'percentInvalid');
    expect(validateEditor(state({ discountText: '12.5' }))).toEqual({});
  });

  it('refuses a due date before the issue date', () => {
    expect(validateEditor(state({ due_date: '2026-11-01' }))).toHaveProperty('due_date');
  });

  it('parses quantities with at most 3 decimals and percentages as basis points', () => {
    expect(parseQuantity('1.125')).toBe(1.125);
    expect(parseQuantity('1,000')).toBe(1000);
    expect(parseQuantity('1.1255')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parsePercentBps('7.5')).toBe(750);
    expect(parsePercentBps('100.01')).toBeNull();
  });
});

describe('public link ids', () => {
  it('makes 128-bit base64url ids the server accepts (22 characters), all different', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newPublicId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('payments and the test card form', () => {
  it('allows a partial payment but not more than the balance', () => {
    expect(paymentErrors(500, 1000, '2026-11-22')).toEqual({});
    expect(paymentErrors(1001, 1000, '2026-11-22')).toEqual({ amount: 'amountTooHigh' });
    expect(paymentErrors(0, 1000, '2026-11-22')).toEqual({ amount: 'amountRequired' });
  });

  it('refuses a payment dated before the invoice was issued, by core’s rule (the server answers 422 the same)', () => {
    expect(paymentErrors(500, 1000, '2026-11-19', '2026-11-20')).toEqual({ date: 'paymentBeforeIssue' });
    expect(paymentErrors(500, 1000, '2026-11-20', '2026-11-20')).toEqual({});
    expect(paymentErrors(500, 1000, '2026-11-21', '2026-11-20')).toEqual({});
    expect(paymentErrors(500, 1000, '', '2026-11-20')).toEqual({ date: 'paymentDateRequired' });
    // t19: never after the business's today.
    expect(paymentErrors(500, 1000, '2031-01-15', '2026-11-20', '2026-11-27')).toEqual({ date: 'paymentInFuture' });
    expect(paymentErrors(500, 1000, '2026-11-27', '2026-11-20', '2026-11-27')).toEqual({});
  });

  it('formats and checks card fields', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    const now = new Date('2026-11-22T00:00:00Z');
    expect(cardErrors({ card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Ada' }, now)).toEqual({});
    expect(cardErrors({ card_number: '4242', exp: '10/26', cvc: '1', name: '' }, now)).toEqual({
      card_number: 'card_number_invalid',
      exp: 'exp_past',
      cvc: 'cvc_invalid',
      name: 'name_missing',
    });
    // The server's rule (core, issue 24): the check digit, and a 4-digit year.
    expect(cardErrors({ card_number: '4242 4242 4242 4241', exp: '12/2030', cvc: '123', name: 'Ada' }, now)).toEqual({ card_number: 'card_number_invalid' });
  });
});

describe('the invoice list', () => {
  const mk = (n: number, over: Record<string, unknown> = {}) => ({
    id: `id${n}`,
    kind: 'invoice',
    number: `INV-${String(n).padStart(4, '0')}`,
    contact_id: n % 2 ? 'c1' : 'c2',
    issue_date: '2026-11-01',
    due_date: '2026-11-10',
    currency: 'NGN',
    status: 'sent',
    sent_at: '2026-11-01T00:00:00Z',
    total_due: n * 1000,
    amount_paid: 0,
    balance: n * 1000,
    payments: [],
    ...over,
  });
  const names = new Map([
    ['c1', 'Ade Stores'],
    ['c2', 'Bola Foods'],
  ]);

  it('filters by search, status, client and total, and sums what is owed', () => {
    const rows = buildRows(
      [
        mk(1),
        mk(2),
        mk(3, { due_date: '2026-12-30' }),
        mk(4, { status: 'paid', amount_paid: 4000, balance: 0, payments: [{ id: 'p', amount: 4000, date: '2026-11-05', method: 'cash', reference: '' }] }),
        mk(5, { kind: 'quote' }),
      ],
      names,
      '2026-11-22',
    );
    expect(filterRows(rows, { kind: 'invoice', query: 'bola' }).map((r) => r.invoice.number)).toEqual(['INV-0004', 'INV-0002']);
    expect(filterRows(rows, { kind: 'invoice', statuses: ['overdue'] })).toHaveLength(2);
    expect(filterRows(rows, { kind: 'invoice', contactId: 'c1', min: 2000 })).toHaveLength(1);
    expect(summarise(rows, '2026-11-22')).toEqual({ outstanding: 6000, overdue: 3000, paidThisMonth: 4000, currency: 'NGN' });
  });

  it('a test payment (TEST MODE) is neither paid this month nor takes anything off what is owed (issue 22)', () => {
    const testPaid = { id: 'p', amount: 4000, date: '2026-11-05', method: 'card' as const, reference: '', test: true };
    const rows = buildRows([mk(4, { status: 'paid', due_date: '2026-11-10', amount_paid: 4000, balance: 0, payments: [testPaid] })], names, '2026-11-22');
    expect(summarise(rows, '2026-11-22')).toEqual({ outstanding: 4000, overdue: 4000, paidThisMonth: 0, currency: 'NGN' });
  });

  it('counter sales (kind sale) are listed with the invoices and paid this month counts them (issue 28 D3)', () => {
    const cash = { id: 'p', amount: 2300, date: '2026-11-20', method: 'cash' as const, reference: '' };
    const sale = (n: number, over: Record<string, unknown> = {}) =>
      mk(n, { kind: 'sale', number: `SAL-000${n}`, currency: 'GHS', due_date: '2026-11-20', issue_date: '2026-11-20', ...over });
    const rows = buildRows(
      [
        sale(1, { status: 'paid', total_due: 2300, amount_paid: 2300, balance: 0, payments: [cash] }),
        sale(2, { status: 'paid', total_due: 4600, amount_paid: 4600, balance: 0, payments: [{ ...cash, id: 'q', amount: 4600 }] }),
        // Left owed on a pay link: still owed (and past its due date, the day of the sale).
        sale(3, { status: 'sent', total_due: 1725, balance: 1725 }),
        mk(4, { kind: 'quote', currency: 'GHS' }),
      ],
      names,
      '2026-11-22',
    );
    expect(filterRows(rows, { kind: 'invoice' }).map((r) => r.invoice.number)).toEqual(['SAL-0003', 'SAL-0002', 'SAL-0001']);
    // Due the day it was made (core's status: past due with a balance is overdue).
    expect(summarise(rows, '2026-11-22')).toEqual({ outstanding: 1725, overdue: 1725, paidThisMonth: 6900, currency: 'GHS' });
  });

  it('finds the right rows among 5,000 invoices (timing is measured in bench/invoices-web.bench.mjs)', () => {
    const rows = buildRows(
      Array.from({ length: 5000 }, (_, i) => mk(i + 1)),
      names,
      '2026-11-22',
    );
    expect(rows[0].invoice.number).toBe('INV-5000');
    expect(filterRows(rows, { kind: 'invoice', query: 'inv-004' }).map((r) => r.invoice.number)).toEqual(
      Array.from({ length: 10 }, (_, i) => `INV-00${49 - i}`),
    );
    expect(filterRows(rows, { kind: 'invoice', query: 'ADE' })).toHaveLength(2500);
  });
});

describe('the invoice editor never throws on what is typed (issue 28 D2)', () => {
  it.each([
    ['1.23456', '45,000'],
    ['2000000000', '45,000'],
    ['1', '99999999999999999999'],
    ['1000000000', '99,999,999,999'],
    ['abc', '1e5'],
  ])('quantity %s, price %s: a field error, totals still worked out', (qty, price) => {
    const s = state({
      lines: [{ id: 'a', catalog_id: null, description: 'Rice', qty, price, fee_ids: [] }],
      discountText: '999999999999999999999',
      discountType: 'amount',
    });
    expect(() => editorTotals(s)).not.toThrow();
    const errors = validateEditor(s);
    expect(errors['line.a.qty'] ?? errors['line.a.price'] ?? errors.lines).toBeTruthy();
  });
});

describe('the exchange rate of an invoice in another currency (t19 N5)', () => {
  it('is asked for when the currency is not the business’s, read with a dot or a comma, and saved on the invoice', () => {
    expect(validateEditor(state({ currency: 'USD' }), [], 'NGN')).toEqual({ rate: 'rateRequired' });
    expect(validateEditor(state({ currency: 'USD', rateText: '1,530.25' }), [], 'NGN')).toEqual({ rate: 'rateInvalid' });
    expect(validateEditor(state({ currency: 'USD', rateText: '0' }), [], 'NGN')).toEqual({ rate: 'rateInvalid' });
    expect(validateEditor(state({ currency: 'USD', rateText: '1530,25' }), [], 'NGN')).toEqual({});
    // The business's own currency, or a quote (no home given), asks for none.
    expect(validateEditor(state({ currency: 'NGN' }), [], 'NGN')).toEqual({});
    expect(validateEditor(state({ currency: 'USD' }))).toEqual({});
    const base = asInvoice({ id: 'x', kind: 'invoice', number: 'INV-1', public_id: newPublicId(), status: 'draft', payments: [] } as never);
    expect(applyEditor(base, state({ currency: 'USD', rateText: '1530.25' })).exchange_rate).toBe(1530.25);
    expect(toEditorState({ ...applyEditor(base, state({ currency: 'USD', rateText: '1530.25' })) } as never).rateText).toBe('1530.25');
    expect(applyEditor(base, state({ currency: 'NGN', rateText: '' })).exchange_rate).toBeNull();
  });
});
