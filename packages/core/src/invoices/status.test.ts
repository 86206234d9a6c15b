import { describe, expect, it } from 'vitest';
import { formatInvoiceMoney, formatBps } from '../amounts/format';
import { formatInvoiceNumber, nextFreeNumber, nextInvoiceNumber, parseInvoiceNumber, parseRenumberNotice, renumberNotice } from './numbering';
import { invoiceDefaults } from './settings';
import { deriveStatus, displayStatus, invoiceStatusOn, payableAmount, realStatus, refundDueOf } from './status';

const base = { kind: 'invoice' as const, total_due: 1000, amount_paid: 0 };

describe('credited beyond what is unpaid (issue 26 F2)', () => {
  const sent = { ...base, sent_at: '2026-11-22T10:00:00Z' };
  const pay = (amount: number, test = false) => ({ id: String(amount), amount, method: 'cash', date: '2026-11-22', ...(test ? { test: true } : {}) });
  it('a never-paid invoice credited whole is credited, not paid, with nothing to refund', () => {
    expect(deriveStatus({ ...sent, credited: 1000 })).toBe('credited');
    expect(refundDueOf({ total_due: 1000, credited_total: 1000, payments: [] })).toBe(0);
  });
  it('a part-paid invoice credited whole is credited and owes the client what was paid', () => {
    expect(deriveStatus({ ...sent, amount_paid: 400, credited: 1000 })).toBe('credited');
    expect(refundDueOf({ total_due: 1000, credited_total: 1000, payments: [pay(400)] })).toBe(400);
  });
  it('paid and credited in part: paid, refund of what was paid beyond the part not credited', () => {
    // 1000, 800 paid, 500 credited: 500 remained owed, 300 goes back.
    expect(deriveStatus({ ...sent, amount_paid: 800, credited: 500 })).toBe('paid');
    expect(refundDueOf({ total_due: 1000, credited_total: 500, payments: [pay(800)] })).toBe(300);
    // 1000, 300 paid, 500 credited: 200 still owed, nothing to refund.
    expect(deriveStatus({ ...sent, amount_paid: 300, credited: 500 })).toBe('partially_paid');
    expect(refundDueOf({ total_due: 1000, credited_total: 500, payments: [pay(300)] })).toBe(0);
  });
  it('test payments are never refunded money, and a record read by real money says credited too', () => {
    expect(refundDueOf({ total_due: 1000, credited_total: 1000, payments: [pay(400, true)] })).toBe(0);
    expect(realStatus({ status: 'paid', total_due: 1000, credited_total: 1000, payments: [pay(400, true)] })).toBe('credited');
    // A row stored 'paid' before 'credited' existed reads as credited; a paid row with a part credited stays paid.
    expect(realStatus({ status: 'paid', total_due: 1000, credited_total: 1000, payments: [pay(400)] })).toBe('credited');
    expect(realStatus({ status: 'paid', total_due: 1000, credited_total: 500, payments: [pay(500)] })).toBe('paid');
    expect(invoiceStatusOn({ kind: 'invoice', status: 'credited', total_due: 1000, balance: 0, credited_total: 1000, payments: [] }, '2027-01-01')).toBe(
      'credited',
    );
  });
});

describe('status', () => {
  it('is draft until sent', () => expect(deriveStatus(base)).toBe('draft'));
  it('is sent once sent', () => expect(deriveStatus({ ...base, sent_at: '2026-11-22T10:00:00Z' })).toBe('sent'));
  it('is ready once finished and until it is sent', () => {
    expect(deriveStatus({ ...base, finished_at: '2026-11-22T10:00:00Z' })).toBe('ready');
    expect(deriveStatus({ ...base, finished_at: '2026-11-22T10:00:00Z', sent_at: '2026-11-23T10:00:00Z' })).toBe('sent');
    expect(deriveStatus({ ...base, kind: 'quote', finished_at: '2026-11-22T10:00:00Z' })).toBe('ready');
  });
  it('a payment on a ready invoice makes it part-paid', () => expect(deriveStatus({ ...base, finished_at: 'x', amount_paid: 10 })).toBe('partially_paid'));
  it('a ready invoice is never overdue: the client never got it', () => {
    expect(displayStatus({ kind: 'invoice', status: 'ready', due_date: '2020-01-01', balance: 1 }, '2026-11-22')).toBe('ready');
  });
  it('is partially paid with a payment below the total', () => expect(deriveStatus({ ...base, amount_paid: 400 })).toBe('partially_paid'));
  it('is paid when payments cover the total', () => expect(deriveStatus({ ...base, amount_paid: 1000 })).toBe('paid'));
  it('is void when voided, whatever was paid', () => expect(deriveStatus({ ...base, amount_paid: 1000, voided_at: 'x' })).toBe('void'));
  it('a quote is converted once it became an invoice', () => expect(deriveStatus({ ...base, kind: 'quote', converted_invoice_id: 'x' })).toBe('converted'));
  it('is overdue past the due date with a balance', () => {
    expect(displayStatus({ kind: 'invoice', status: 'sent', due_date: '2026-11-21', balance: 1 }, '2026-11-22')).toBe('overdue');
  });
  it('is not overdue on the due date itself', () => {
    expect(displayStatus({ kind: 'invoice', status: 'sent', due_date: '2026-11-22', balance: 1 }, '2026-11-22')).toBe('sent');
  });
  it('a draft or void invoice is never overdue', () => {
    expect(displayStatus({ kind: 'invoice', status: 'draft', due_date: '2020-01-01', balance: 1 }, '2026-11-22')).toBe('draft');
    expect(displayStatus({ kind: 'invoice', status: 'void', due_date: '2020-01-01', balance: 1 }, '2026-11-22')).toBe('void');
  });
  it('one function for partial records too (search, client page): overdue as in the list', () => {
    expect(invoiceStatusOn({ status: 'sent', due_date: '2026-11-01', balance: 5 }, '2026-11-22')).toBe('overdue');
    expect(invoiceStatusOn({ kind: 'quote', status: 'sent', due_date: '2026-11-01', balance: 5 }, '2026-11-22')).toBe('sent');
    expect(invoiceStatusOn({}, '2026-11-22')).toBe('draft');
  });
  it('nothing is payable on a void invoice or a quote', () => {
    expect(payableAmount({ kind: 'invoice', status: 'void', balance: 500 })).toBe(0);
    expect(payableAmount({ kind: 'quote', status: 'sent', balance: 500 })).toBe(0);
    expect(payableAmount({ kind: 'invoice', status: 'sent', balance: 500 })).toBe(500);
    // A counter sale left owed, its pay link sent (issue 28); a credit note is never paid.
    expect(payableAmount({ kind: 'sale', status: 'sent', balance: 500 })).toBe(500);
    expect(payableAmount({ kind: 'credit_note', status: 'sent', balance: 500 })).toBe(0);
  });
});

describe('numbering', () => {
  it('pads the counter', () => expect(formatInvoiceNumber('INV-', 1)).toBe('INV-0001'));
  it('keeps counters wider than the padding', () => expect(formatInvoiceNumber('INV-', 12345)).toBe('INV-12345'));
  it('parses only its own series', () => {
    expect(parseInvoiceNumber('INV-', 'INV-0042')).toBe(42);
    expect(parseInvoiceNumber('INV-', 'QUO-0042')).toBeNull();
  });
  it('takes the next number after the highest', () => expect(nextInvoiceNumber('INV-', ['INV-0002', 'INV-0010', 'QUO-0099'])).toBe('INV-0011'));
  it('starts a series at 1', () => expect(nextInvoiceNumber('QUO-', [])).toBe('QUO-0001'));
  it('finds the next free number for a clash', () => expect(nextFreeNumber('INV-0003', ['INV-0001', 'INV-0003'])).toBe('INV-0004'));
  it('the next free number skips past later numbers too', () => expect(nextFreeNumber('INV-0003', ['INV-0003', 'INV-0007'])).toBe('INV-0008'));
  it('writes the notice', () => expect(renumberNotice('INV-0003', 'INV-0004')).toBe('Renumbered from INV-0003 to INV-0004: another device used that number'));
  it('reads the notice back, for the screens that say it in the owner language (t20 H3)', () => {
    expect(parseRenumberNotice(renumberNotice('INV-0004', 'INV-0005'))).toEqual({ from: 'INV-0004', to: 'INV-0005' });
    expect(parseRenumberNotice(renumberNotice('QT 7', 'QT 7-2'))).toEqual({ from: 'QT 7', to: 'QT 7-2' });
    expect(parseRenumberNotice('Something else')).toBeNull();
    expect(parseRenumberNotice(null)).toBeNull();
  });
});

describe('format and settings', () => {
  it('shows money with the currency code and 2 decimals', () => {
    expect(formatInvoiceMoney(161250, 'NGN')).toBe('NGN 1,612.50');
    expect(formatInvoiceMoney(-5, 'USD')).toBe('-USD 0.05');
  });
  it('labels basis points', () => expect(formatBps(750)).toBe('7.5%'));
  it('reads defaults from a settings string', () => {
    expect(invoiceDefaults('{"currency":"KES","invoice_prefix":"A-","due_days":7}')).toMatchObject({
      currency: 'KES',
      invoice_prefix: 'A-',
      quote_prefix: 'QUO-',
      due_days: 7,
    });
  });
  it('falls back on malformed settings', () => expect(invoiceDefaults('{oops')).toMatchObject({ currency: 'NGN', invoice_prefix: 'INV-', due_days: 14 }));
});

describe('public ids', () => {
  it('are 22 base64url characters and differ each time', async () => {
    const { newPublicId } = await import('./numbering');
    // 1,000: past several refills of the random pool (256 links each), every one different.
    const ids = new Set(Array.from({ length: 1000 }, () => newPublicId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
