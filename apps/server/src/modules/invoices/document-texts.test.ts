import type { InvoiceRecord } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { invoiceEmailText, type Parties } from './service';

/**
 * Issue 23 item 16: the texts that carry a document (its e-mail here; WhatsApp and SMS on the device) show minor
 * units on every amount exactly when the document does: ₦33,505.00 beside ₦2,512.88, never ₦33,505.
 */
const vat = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 750, amount: 0, inclusive: false };
const record = (over: Partial<InvoiceRecord> = {}) =>
  ({
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'invoice',
    number: 'INV-0023',
    currency: 'NGN',
    issue_date: '2026-11-22',
    due_date: null,
    lines: [{ id: 'a', description: 'Gown', quantity: 1, unit_price: 3_350_500 }],
    fees: [],
    fee_ids: [],
    discount: null,
    payments: [],
    total_due: 3_350_500,
    amount_paid: 0,
    balance: 3_350_500,
    ...over,
  }) as unknown as InvoiceRecord;
const parties = {
  business: { name: 'Ada Tailoring', logoLocation: null },
  client: { name: 'Chidi Okafor' },
  language: 'en',
} as unknown as Parties;

describe('minor units in the texts of a document', () => {
  it('invoice e-mail (amounts as the app writes them, ₦; t21): a document with kobo shows them on every amount; a whole one stays whole', () => {
    const withTax = invoiceEmailText(record({ fees: [vat], fee_ids: ['vat'], total_due: 3_601_788, balance: 3_601_788 }), parties, 'https://x/l');
    expect(withTax).toContain('Total: ₦36,017.88');
    // Paid ₦2,512.88 on a ₦33,505 invoice: the total shows its kobo too.
    const paid = { id: 'p', amount: 251_288, method: 'cash' as const, date: '2026-11-23', reference: '' };
    const part = invoiceEmailText(record({ payments: [paid], amount_paid: 251_288, balance: 3_099_212 }), parties, 'https://x/l');
    expect(part).toContain('Total: ₦33,505.00');
    expect(part).toContain('₦30,992.12');
    expect(invoiceEmailText(record(), parties, 'https://x/l')).toContain('Total: ₦33,505\n');
  });
});
