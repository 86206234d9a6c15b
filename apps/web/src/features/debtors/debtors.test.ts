import { debtorsOf, type LedgerInvoice } from '@duka/core';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../data/db';
import { reminderLinks } from './DebtorsPage';

const inv = (o: Partial<LedgerInvoice>): LedgerInvoice => ({
  id: 'i1',
  kind: 'invoice',
  number: 'INV-0001',
  contact_id: 'c1',
  currency: 'KES',
  issue_date: '2026-10-01',
  due_date: '2026-10-15',
  total_due: 500_000,
  balance: 500_000,
  status: 'sent',
  payments: [],
  ...o,
});

describe('who owes me reminders', () => {
  it('makes WhatsApp, SMS and e-mail links with the amount, the invoice and its pay link', () => {
    const [d] = debtorsOf([inv({})], '2026-11-01');
    const contact = { id: 'c1', name: 'Baraka Hotel', phone: '+254 712 345 678', email: 'pay@baraka.example' } as unknown as Contact;
    const l = reminderLinks(d, contact, 'Wanjiru Salon', 'https://duka.example', new Map([['i1', 'PUBLICID1234567890abcd']]), 'Payment reminder from Wanjiru Salon');
    expect(l.text).toBe('Hello Baraka Hotel, this is a friendly reminder from Wanjiru Salon that KSh5,000 is overdue on invoice INV-0001. You can view and pay here: https://duka.example/invoice/link/PUBLICID1234567890abcd Thank you!');
    expect(l.whatsapp).toBe(`https://wa.me/254712345678?text=${encodeURIComponent(l.text)}`);
    expect(l.sms).toBe(`sms:+254712345678?body=${encodeURIComponent(l.text)}`);
    expect(l.email).toContain('mailto:pay%40baraka.example?subject=Payment%20reminder%20from%20Wanjiru%20Salon&body=');
    const none = reminderLinks(d, { ...contact, phone: '', email: '' } as Contact, 'W', 'https://x', new Map(), 's');
    expect([none.sms, none.email]).toEqual([null, null]);
    expect(none.whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
  });
});
