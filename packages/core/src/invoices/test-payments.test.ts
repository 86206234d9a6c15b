import { describe, expect, it } from 'vitest';
import { receiptsOf } from '../receipts';
import { settledInTestMode, testModeBalance, testPaid, testPaymentStatus, testRefundDue } from './real-money';
import { checkInvoiceData, checkInvoiceTotals } from './checks';
import { recordPaymentCommand, type CommandInvoice } from './commands';
import { computeInvoiceTotals } from '../amounts/math';
import { invoiceTotalsAndStatus } from './record';
import { invoiceStatusOn, payableAmount, realMoneyFields, realStatus } from './status';

/**
 * Issue 22: a test-card payment (TEST MODE) is no money. The stored amount_paid, balance and status count real
 * payments only, so a test payment never blocks recording the real cash, never makes the invoice read Paid and
 * never closes the pay link; what it took is shown beside the status as a tag ("Paid (TEST)").
 */
const contact = '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const line = { id: '1f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'Cloth', quantity: 1, unit_price: 50_000 };
const cash = (id: string, amount: number) => ({ id, amount, method: 'cash' as const, date: '2026-11-22', reference: '' });
const card = (id: string, amount: number) => ({ ...cash(id, amount), method: 'card' as const, provider: 'test', provider_ref: `pi_${id}`, test: true });
const sent = { sent_at: '2026-11-20T08:00:00Z', finished_at: '2026-11-20T08:00:00Z', voided_at: null, converted_invoice_id: null };

describe('test payments never count as money (issue 22)', () => {
  it('the totals keep a test payment apart: nothing paid, the whole balance owed, the invoice still sent', () => {
    const t = computeInvoiceTotals({ lines: [line], payments: [card('t1', 50_000)] });
    expect(t).toMatchObject({ total_due: 50_000, amount_paid: 0, test_paid: 50_000, balance: 50_000, credit: 0 });
    expect(invoiceTotalsAndStatus({ kind: 'invoice', lines: [line], payments: [card('t1', 50_000)], ...sent }).status).toBe('sent');
    const mixed = invoiceTotalsAndStatus({ kind: 'invoice', lines: [line], payments: [cash('r1', 20_000), card('t1', 30_000)], ...sent });
    expect(mixed).toMatchObject({ status: 'partially_paid', amount_paid: 20_000, balance: 30_000 });
  });

  it('recording the real cash after a test card paid the whole invoice is accepted; more than the real balance is not', () => {
    const data = checkInvoiceData({ kind: 'invoice', contact_id: contact, issue_date: '2026-11-20', currency: 'KES', lines: [line] });
    const test = card('t1', 50_000);
    const existing = { payments: [test], amount_paid: 0 };
    expect(checkInvoiceTotals({ checked: data, payments: [test, cash('r1', 50_000)], existing, facts: sent, claimed: {} })).toMatchObject({
      status: 'paid',
      amount_paid: 50_000,
      balance: 0,
    });
    expect(() => checkInvoiceTotals({ checked: data, payments: [test, cash('r1', 50_001)], existing, facts: sent, claimed: {} })).toThrow(
      /more than the balance due \(KES ?500\)/,
    );
    // The device's own command follows the same rule.
    const inv: CommandInvoice = {
      id: 'i1',
      kind: 'invoice',
      number: 'INV-0001',
      contact_id: contact,
      issue_date: '2026-11-20',
      due_date: null,
      currency: 'KES',
      lines: [line],
      fees: [],
      fee_ids: [],
      discount: null,
      notes: '',
      terms: '',
      payment_instructions: '',
      public_id: 'p'.repeat(22),
      status: 'sent',
      ...sent,
      quote_id: null,
      payments: [test],
    };
    expect(recordPaymentCommand(inv, cash('r1', 50_000), new Date('2026-11-22T10:00:00Z')).changes.payments).toHaveLength(2);
  });

  it('the tag beside the status says what the test payments took, never when real money settled it', () => {
    const rec = (payments: Array<{ amount: number; test?: boolean }>, extra: Record<string, unknown> = {}) => ({
      kind: 'invoice',
      status: 'sent',
      total_due: 50_000,
      payments,
      ...extra,
    });
    expect(testPaymentStatus(rec([]))).toBeNull();
    expect(testPaymentStatus(rec([{ amount: 50_000, test: true }]))).toBe('paid');
    expect(testPaymentStatus(rec([{ amount: 20_000, test: true }]))).toBe('partially_paid');
    expect(testPaymentStatus(rec([{ amount: 20_000 }, { amount: 30_000, test: true }], { status: 'partially_paid' }))).toBe('paid');
    expect(testPaymentStatus(rec([{ amount: 10_000 }, { amount: 30_000, test: true }], { credited_total: 10_000 }))).toBe('paid');
    expect(testPaymentStatus(rec([{ amount: 50_000 }, { amount: 5_000, test: true }], { status: 'paid' }))).toBeNull();
    expect(testPaymentStatus(rec([{ amount: 50_000, test: true }], { status: 'void' }))).toBeNull();
    expect(testPaymentStatus(rec([{ amount: 50_000, test: true }], { kind: 'quote' }))).toBeNull();
    expect(testPaid(rec([{ amount: 20_000 }, { amount: 30_000, test: true }]))).toBe(30_000);
  });

  it('a record stored while test payments still counted reads by real money: its badge, overdue and pay link', () => {
    const old = { kind: 'invoice', status: 'paid', total_due: 50_000, balance: 0, due_date: '2026-11-21', payments: [card('t1', 50_000)] };
    expect(realStatus(old)).toBe('sent');
    expect(invoiceStatusOn(old, '2026-11-22')).toBe('overdue');
    expect(payableAmount({ ...old, kind: 'invoice', status: 'paid' })).toBe(50_000);
    const part = { ...old, payments: [cash('r1', 20_000), card('t1', 30_000)] };
    expect(realStatus(part)).toBe('partially_paid');
    expect(invoiceStatusOn(part, '2026-11-20')).toBe('partially_paid');
    expect(payableAmount({ ...part, kind: 'invoice', status: 'paid' })).toBe(30_000);
    // Without test payments the stored figures are used as they are.
    expect(invoiceStatusOn({ ...old, payments: [cash('r1', 50_000)] }, '2026-11-22')).toBe('paid');
    expect(payableAmount({ kind: 'invoice', status: 'sent', balance: 700 })).toBe(700);
  });

  it('what an old record should store by real money (the server rewrites old rows at start-up); a new record is unchanged', () => {
    const old = { kind: 'invoice', status: 'paid', total_due: 50_000, amount_paid: 50_000, balance: 0, payments: [card('t1', 50_000)] };
    expect(realMoneyFields(old)).toEqual({ status: 'sent', amount_paid: 0, balance: 50_000 });
    const part = { ...old, payments: [cash('r1', 20_000), card('t1', 30_000)] };
    expect(realMoneyFields(part)).toEqual({ status: 'partially_paid', amount_paid: 20_000, balance: 30_000 });
    const credited = { ...old, credited_total: 30_000, payments: [cash('r1', 20_000), card('t1', 30_000)] };
    expect(realMoneyFields(credited)).toEqual({ status: 'paid', amount_paid: 20_000, balance: 0 });
    // Written since: the stored figures are already these.
    const now = { ...part, status: 'partially_paid', amount_paid: 20_000, balance: 30_000 };
    expect(realMoneyFields(now)).toEqual({ status: 'partially_paid', amount_paid: 20_000, balance: 30_000 });
    expect(realMoneyFields({ ...old, payments: [cash('r1', 50_000)] })).toEqual({ status: 'paid', amount_paid: 50_000, balance: 0 });
    expect(realMoneyFields({ ...old, status: 'void' }).status).toBe('void');
  });

  it('a real receipt never counts a test payment; a test receipt shows what its own payment would have left', () => {
    const receipts = receiptsOf({ id: 'i1', number: 'INV-0001', currency: 'KES', total_due: 50_000, payments: [card('t1', 50_000), cash('r1', 20_000)] }, []);
    expect(receipts.map((r) => [r.test, r.paid_to_date, r.balance_left])).toEqual([
      [true, 50_000, 0],
      [false, 20_000, 30_000],
    ]);
  });

  it('a TEST MODE journey that covers the balance is settled in TEST MODE: the receipt, the invoice and the pay page agree (issue 25)', () => {
    type Pay = Omit<ReturnType<typeof cash>, 'method'> & { method: 'cash' | 'card'; provider?: string; provider_ref?: string; test?: boolean };
    const inv = (payments: Pay[]) => {
      const t = invoiceTotalsAndStatus({ kind: 'invoice', lines: [line], payments, ...sent });
      return { kind: 'invoice', status: t.status, total_due: t.total_due, balance: t.balance, credited_total: 0, payments };
    };
    const part = inv([card('t1', 20_000)]);
    expect([testModeBalance(part), settledInTestMode(part), part.balance]).toEqual([30_000, false, 50_000]);
    const full = inv([card('t1', 20_000), card('t2', 30_000)]);
    // Reports keep the real balance (no money came in); the TEST journey has nothing left and is settled.
    expect([full.status, full.balance, testModeBalance(full), settledInTestMode(full)]).toEqual(['sent', 50_000, 0, true]);
    const receipts = receiptsOf({ id: 'i1', number: 'INV-0001', currency: 'UGX', total_due: 50_000, payments: full.payments }, []);
    expect(receipts.map((r) => r.balance_left)).toEqual([30_000, 0]);
    expect(receipts.at(-1)?.balance_left).toBe(testModeBalance(full));
    // Real money settling it: no TEST settlement, the ordinary Paid.
    const real = inv([cash('r1', 50_000), card('t1', 10_000)]);
    expect([real.status, settledInTestMode(real), testModeBalance(real)]).toEqual(['paid', false, 0]);
    // Real cash and a test payment sharing it: settled in TEST MODE, with the real part still counted as money.
    const mixed = inv([cash('r1', 20_000), card('t1', 30_000)]);
    expect([mixed.status, mixed.balance, testModeBalance(mixed), settledInTestMode(mixed)]).toEqual(['partially_paid', 30_000, 0, true]);
    expect(testModeBalance(inv([]))).toBe(50_000);
  });
});

describe('testRefundDue (t20 U4)', () => {
  const test = (amount: number) => ({ amount, test: true });
  it('is what TEST payments took beyond what is owed once credit notes and real money count', () => {
    // Kampala: USh89,297 paid in TEST MODE, USh4,484 credited.
    expect(testRefundDue({ total_due: 89_297, credited_total: 4_484, payments: [test(89_297)] })).toBe(4_484);
    // Nairobi: KSh3,733.00 in TEST MODE, KSh1,234.34 credited.
    expect(testRefundDue({ total_due: 373_300, credited_total: 123_434, payments: [test(373_300)] })).toBe(123_434);
    // Real money first: KSh1,000 real + KSh2,733 TEST, KSh1,234.34 credited → the TEST part gives back 1,234.34.
    expect(testRefundDue({ total_due: 373_300, credited_total: 123_434, payments: [{ amount: 100_000 }, test(273_300)] })).toBe(123_434);
    // Real money alone over what is owed: a real refund (refundDueOf), none in TEST.
    expect(testRefundDue({ total_due: 373_300, credited_total: 123_434, payments: [{ amount: 373_300 }, test(1_000)] })).toBe(1_000);
    expect(testRefundDue({ total_due: 89_297, credited_total: 0, payments: [test(89_297)] })).toBe(0);
    expect(testRefundDue({ total_due: 89_297, credited_total: 4_484, payments: [test(50_000)] })).toBe(0);
    expect(testRefundDue({ total_due: 89_297, credited_total: 4_484, payments: [] })).toBe(0);
    expect(testRefundDue({ kind: 'invoice', status: 'void', total_due: 89_297, credited_total: 4_484, payments: [test(89_297)] })).toBe(0);
  });
});
