import { describe, expect, it } from 'vitest';
import { asInvoice } from './model';
import { whatsappMessage } from './share';

/** Issue 23 item 16: the WhatsApp text shows minor units on every amount exactly when the invoice does. */
const inv = (payments: Array<{ id: string; amount: number; method: 'cash'; date: string; reference: string }>) => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return asInvoice({
    id: 'i1',
    kind: 'invoice',
    number: 'INV-0023',
    issue_date: '2026-11-22',
    currency: 'NGN',
    lines: [{ id: 'a', description: 'Gown', quantity: 1, unit_price: 3_350_500, catalog_id: null, fee_ids: [] }],
    payments,
    total_due: 3_350_500,
    amount_paid: paid,
    balance: 3_350_500 - paid,
    status: paid ? 'partially_paid' : 'sent',
  });
};
const parts = { client: 'Chidi', company: 'Ada Tailoring', link: 'https://x/l' };

describe('WhatsApp text of an invoice', () => {
  it('kobo anywhere on the invoice: every amount shows them (en, fr)', () => {
    const part = inv([{ id: 'p', amount: 251_288, method: 'cash', date: '2026-11-23', reference: '' }]);
    expect(whatsappMessage(part, parts).vars).toMatchObject({ total: '₦33,505.00', paid: '₦2,512.88', balance: '₦30,992.12' });
    expect(whatsappMessage(part, parts, 'fr').vars.total.replace(/\s/g, ' ')).toBe('33 505,00 ₦');
  });
  it('whole amounts stay whole', () => {
    expect(whatsappMessage(inv([]), parts).vars.total).toBe('₦33,505');
  });
});
