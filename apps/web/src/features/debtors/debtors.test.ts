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
    const l = reminderLinks(d, contact, 'Wanjiru Salon', 'https://duka.example', new Map([['i1', 'PUBLICID1234567890abcd']]), 'en');
    expect(l.text).toBe(
      'Hello Baraka Hotel, this is a friendly reminder from Wanjiru Salon that KSh5,000 is overdue on invoice INV-0001. You can view and pay here: https://duka.example/invoice/link/PUBLICID1234567890abcd Thank you!',
    );
    expect(l.whatsapp).toBe(`https://wa.me/254712345678?text=${encodeURIComponent(l.text)}`);
    expect(l.sms).toBe(`sms:+254712345678?body=${encodeURIComponent(l.text)}`);
    expect(l.email).toContain('mailto:pay%40baraka.example?subject=Payment%20reminder%20from%20Wanjiru%20Salon&body=');
    const none = reminderLinks(d, { ...contact, phone: '', email: '' } as Contact, 'W', 'https://x', new Map(), 'en');
    expect([none.sms, none.email]).toEqual([null, null]);
    expect(none.whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
  });

  it("writes the reminder in the client's language, else the owner's (issue 19)", () => {
    const [d] = debtorsOf([inv({})], '2026-11-01');
    const fr = { id: 'c1', name: 'Mme Ebogo', phone: '', email: 'e@x.example', language: 'fr' } as unknown as Contact;
    const l = reminderLinks(d, fr, 'Atelier Ngono', 'https://x', new Map([['i1', 'PUB']]), 'sw');
    expect(l.text.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Bonjour Mme Ebogo, petit rappel de Atelier Ngono : 5 000 KSh est en retard de paiement sur la facture INV-0001. Vous pouvez voir et payer ici : https://x/invoice/link/PUB Merci !',
    );
    expect(l.email).toContain(`subject=${encodeURIComponent('Rappel de paiement de Atelier Ngono')}`);
    const sw = reminderLinks(d, { ...fr, language: null } as unknown as Contact, 'Atelier Ngono', 'https://x', new Map(), 'sw');
    expect(sw.text).toMatch(/^Habari Mme Ebogo, hiki ni kikumbusho cha kirafiki kutoka Atelier Ngono/);
  });
});
