import { describe, expect, it } from 'vitest';
import { InvoiceCommandError } from './commands';
import { checkInvoiceData, checkInvoiceTotals } from './checks';
import {
  assertEditable,
  assertPaymentsAllowed,
  createFacts,
  fillInvoiceDefaults,
  finishCommand,
  INVOICE_EDITABLE_FIELDS,
  INVOICE_FIELDS,
  invoiceFieldDefaults,
  isOnlyVoid,
  keptFacts,
  mergePayments,
  newInvoiceCommand,
  paidAboveTotal,
  parseQuantityText,
  readQuantityText,
} from './write';

const now = new Date('2026-11-22T23:30:00Z');
const contact = '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const line = { id: '1f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'Cloth', quantity: 2, unit_price: 5_000 };
const pay = (id: string, amount: number, provider?: string) => ({
  id,
  amount,
  method: 'cash' as const,
  date: '2026-11-22',
  reference: '',
  ...(provider ? { provider } : {}),
});

describe("the invoice's rules in one home (issue 24)", () => {
  it('create: a new draft with the user defaults, issued today in the business zone', () => {
    const inv = newInvoiceCommand({
      id: 'i1',
      kind: 'invoice',
      number: 'INV-0001',
      public_id: 'p'.repeat(22),
      defaults: { currency: 'KES', due_days: 7, payment_instructions: 'Till 123' },
      today: '2026-11-23',
    });
    expect(inv).toMatchObject({
      issue_date: '2026-11-23',
      due_date: '2026-11-30',
      currency: 'KES',
      status: 'draft',
      payment_instructions: 'Till 123',
      total_due: 0,
    });
    for (const k of INVOICE_FIELDS.filter((f) => f !== 'notice')) expect(inv, k).toHaveProperty(k);
    expect(INVOICE_FIELDS).toEqual(expect.arrayContaining([...INVOICE_EDITABLE_FIELDS]));
    expect(invoiceFieldDefaults()).not.toHaveProperty('due_date');
  });

  it('fills what a write leaves out from the settings; a due date given (even null) is kept', () => {
    const settings = { currency: 'NGN', due_days: 14, payment_instructions: 'Bank', time_zone: 'Africa/Nairobi' };
    expect(fillInvoiceDefaults({}, settings, true, now)).toEqual({
      currency: 'NGN',
      issue_date: '2026-11-23',
      due_date: '2026-12-07',
      payment_instructions: 'Bank',
    });
    expect(fillInvoiceDefaults({ due_date: null, issue_date: '2026-01-01' }, settings, false, now)).toEqual({
      currency: 'NGN',
      issue_date: '2026-01-01',
      due_date: null,
    });
  });

  it('finish sets finished_at (and sent_at when sending) once; a create says which', () => {
    expect(finishCommand({ finished_at: null, sent_at: null, voided_at: null }, undefined, now).changes).toEqual({ finished_at: now.toISOString() });
    expect(finishCommand({ finished_at: 'x', sent_at: null, voided_at: null }, { send: true }, now).changes).toEqual({ sent_at: now.toISOString() });
    expect(finishCommand({ finished_at: null, sent_at: null, voided_at: 'v' }, undefined, now).changes).toEqual({});
    expect(createFacts('draft', now)).toEqual({});
    expect(createFacts('ready', now)).toEqual({ finished_at: now.toISOString() });
    expect(createFacts('sent', now)).toEqual({ finished_at: now.toISOString(), sent_at: now.toISOString() });
  });

  it('edit: no change of kind, nothing changes once void; facts never go back', () => {
    const existing = { kind: 'invoice', notes: 'a', voided_at: 'v', payments: [] };
    expect(() => assertEditable({ ...existing, kind: 'quote' }, existing)).toThrow('An invoice cannot change kind');
    expect(() => assertEditable({ ...existing, notes: 'b' }, existing)).toThrow('This invoice is void and cannot be changed');
    expect(keptFacts({ sent_at: null, notice: 'n' }, { sent_at: 's', notice: 'kept' })).toMatchObject({ sent_at: 's', notice: 'kept' });
    expect(keptFacts({ notice: null }, { notice: 'kept' }).notice).toBeNull();
    expect(isOnlyVoid({ kind: 'invoice', voided_at: 'v', payments: [] }, { kind: 'invoice', voided_at: null, payments: [] }, [], 0)).toBe(true);
    expect(isOnlyVoid({ kind: 'invoice', notes: 'x', voided_at: 'v' }, { kind: 'invoice', notes: '', voided_at: null }, [], 0)).toBe(false);
  });

  it('pay: payments merge by id, card payments stay, quotes take none, never above the balance', () => {
    expect(mergePayments([pay('a', 1, 'stripe')], [pay('a', 2), pay('b', 3)], [], [pay('c', 4)]).map((p) => [p.id, p.amount])).toEqual([
      ['a', 1],
      ['b', 3],
      ['c', 4],
    ]);
    expect(() => mergePayments([pay('a', 1, 'stripe')], [], ['a'], [])).toThrow('A card payment cannot be removed');
    // A device cannot pass its own payment off as a provider's (past the balance check, never removable) or a test one.
    const forged = mergePayments([], [{ ...pay('f', 5, 'stripe'), provider_ref: 'pi_x', test: true }], [], []);
    expect(forged).toEqual([expect.objectContaining({ id: 'f', amount: 5 })]);
    expect(forged[0]).not.toHaveProperty('provider');
    expect(forged[0]).not.toHaveProperty('provider_ref');
    expect(forged[0]).not.toHaveProperty('test');
    expect(mergePayments([], [], ['f'], []).length).toBe(0);
    // The provider's own record of a payment the device already echoes wins over the device's copy.
    expect(mergePayments([], [pay('c', 9)], [], [pay('c', 4, 'paystack')])).toEqual([pay('c', 4, 'paystack')]);
    expect(() => assertPaymentsAllowed('quote', [pay('a', 1)])).toThrow('A quote cannot take payments. Convert it to an invoice first.');
    const data = checkInvoiceData({ kind: 'invoice', contact_id: contact, issue_date: '2026-11-22', currency: 'NGN', lines: [line] });
    const facts = { sent_at: null, finished_at: null, voided_at: null, converted_invoice_id: null };
    expect(checkInvoiceTotals({ checked: data, payments: [pay('a', 10_000)], existing: null, facts, claimed: {} })).toMatchObject({
      status: 'paid',
      balance: 0,
    });
    expect(() => checkInvoiceTotals({ checked: data, payments: [pay('a', 10_001)], existing: null, facts, claimed: {} })).toThrow(/more than the balance due/);
    expect(() => checkInvoiceTotals({ checked: data, payments: [], existing: null, facts, claimed: { total_due: 1 } })).toThrow(InvoiceCommandError);
  });

  it('a paid invoice may be edited while its total stays at least what was paid', () => {
    expect(paidAboveTotal({ total_due: 100, amount_paid: 100 }, 'NGN')).toBeNull();
    expect(paidAboveTotal({ total_due: 100, amount_paid: 200 }, 'NGN')).toMatch(/^The new total .+ is less than the .+ already paid\./);
  });

  it('data refused with the fields to fix; a quantity as typed by core’s line rule', () => {
    try {
      checkInvoiceData({ kind: 'invoice', contact_id: contact, issue_date: '2026-11-22', due_date: '2026-11-01', currency: 'NGN' });
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'validation_failed', fields: { due_date: 'The due date cannot be before the issue date' } });
    }
    expect(parseQuantityText('1,000')).toBe(1000);
    expect(parseQuantityText('1.125')).toBe(1.125);
    expect(parseQuantityText('1.')).toBe(1);
    for (const bad of ['1.1255', '-1', '0', 'x', '', '2000000000']) expect(parseQuantityText(bad), bad).toBeNull();
  });

  it('a quantity typed in the screen’s language: a decimal comma in French, never a tenfold quantity (t17 N1)', () => {
    const read = (text: string, language: 'en' | 'fr' | 'sw') => {
      const r = readQuantityText(text, language);
      return r.ok ? r.quantity : r.problem.code;
    };
    expect(read('2,5', 'fr')).toBe(2.5);
    expect(read('1 000', 'fr')).toBe(1000);
    expect(read('1\u202f000,25', 'fr')).toBe(1000.25);
    expect(read('1.5', 'fr')).toBe(1.5);
    // Two readings (1.5 or 1,500): refused, not guessed.
    expect(read('1,500', 'fr')).toBe('invalid');
    expect(read('1.500', 'fr')).toBe('invalid');
    expect(read('2.5', 'en')).toBe(2.5);
    expect(read('1,000', 'en')).toBe(1000);
    expect(read('1,000.125', 'en')).toBe(1000.125);
    expect(read('1,5', 'en')).toBe('invalid');
    expect(read('1,5', 'sw')).toBe('invalid');
    expect(read('1.5', 'sw')).toBe(1.5);
    expect(read('1.1255', 'en')).toBe('quantity_decimals');
    expect(read('1,1255', 'fr')).toBe('quantity_decimals');
    expect(read('0', 'en')).toBe('more_than_zero');
    expect(read('-2', 'en')).toBe('more_than_zero');
    expect(read('2000000000', 'en')).toBe('too_large');
    for (const bad of ['', 'x', 'abc']) expect(read(bad, 'en'), bad).toBe('invalid');
  });
});
