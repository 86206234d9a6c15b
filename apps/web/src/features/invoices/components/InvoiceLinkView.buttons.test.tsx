import { cleanup, screen } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * Issue 23: the card button and the M-Pesa / mobile-money buttons all start with the amount ("Pay KSh4,000"); a
 * screen reader tells them apart by name ("… by card", "… with M-Pesa"), while the card button keeps SPEC's
 * visible 'Pay {balance}'.
 */
const invoice = {
  public_id: 'pub23',
  kind: 'invoice',
  number: 'INV-0023',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-03-05',
  due_date: '2026-08-20',
  currency: 'KES',
  business: { name: 'Salon Wanjiku', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Amina', email: null, phone: null, address: null },
  lines: [{ description: 'Braids', quantity: 1, unit_price: 400_000, amount: 400_000 }],
  fees: [],
  subtotal: 400_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 400_000,
  amount_paid: 0,
  balance: 400_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: 'test',
  rails: [
    { id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: false, country: 'KE', networks: [] },
    { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: false, country: 'KE', networks: [] },
  ],
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the pay buttons of the public page have names that differ', () => {
  it.each([
    ['en', 'Pay KSh4,000', 'Pay KSh4,000 by card', 'Pay KSh4,000 with M-Pesa'],
    ['fr', 'Payer 4 000 KSh', 'Payer 4 000 KSh par carte', null],
    ['sw', 'Lipa KSh 4,000', 'Lipa KSh 4,000 kwa kadi', null],
  ])(
    '%s',
    async (language, visible, cardName, mpesaName) => {
      // The invoice, and Daraja set up for M-Pesa (its own button, not the TEST MODE rail).
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      vi.stubGlobal('fetch', async (url: string) => (String(url).endsWith('/mpesa') ? json({ available: true }) : json({ ...invoice, language })));
      renderUi(<InvoiceLinkView id="pub23" onPaid={() => undefined} customerLanguage />);
      const card = await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 });
      expect(nbsp(card.getAttribute('aria-label'))).toBe(cardName);
      expect(nbsp(card.textContent)).toBe(visible);
      // M-Pesa's button is drawn with the page; its form (Daraja's, or the TEST MODE rail's) loads when tapped.
      await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 });
      await screen.findByTestId('rail-airtel_money-open', {}, { timeout: 15_000 });
      const names = screen.getAllByRole('button').map((b) => nbsp(b.getAttribute('aria-label') ?? b.textContent));
      const payButtons = names.filter((n) => n.startsWith(visible));
      expect(payButtons).toHaveLength(3);
      expect(new Set(payButtons).size).toBe(3);
      if (mpesaName) expect(payButtons).toEqual([cardName, mpesaName, 'Pay KSh4,000 with Airtel Money']);
    },
    45_000,
  );
});

describe('a hosted-checkout rail (Flutterwave) names the amount like every other rail (issue 23, D1)', () => {
  it.each([
    ['en', 'Pay ₦4,000 with Flutterwave'],
    ['fr', 'Payer 4 000 ₦ avec Flutterwave'],
    ['sw', 'Lipa ₦ 4,000 kwa Flutterwave'],
  ])(
    '%s',
    async (language, name) => {
      const naira = {
        ...invoice,
        currency: 'NGN',
        language,
        rails: [{ id: 'flutterwave', name: 'Flutterwave', kind: 'checkout', test_mode: true, country: 'NG', networks: [] }],
      };
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      vi.stubGlobal('fetch', async (url: string) => (String(url).endsWith('/mpesa') ? json({ available: false }) : json(naira)));
      renderUi(<InvoiceLinkView id="pub23" onPaid={() => undefined} customerLanguage />);
      const button = await screen.findByTestId('rail-flutterwave-open', {}, { timeout: 15_000 });
      expect(nbsp(button.textContent)).toContain(name);
      expect(button.textContent).not.toMatch(/Continue|Continuer|Endelea/);
    },
    45_000,
  );
});
