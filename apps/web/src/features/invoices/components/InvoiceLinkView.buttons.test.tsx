import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { plainSpaces, publicPage, resetPublicPage, servePublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * Issue 23: the card button and the M-Pesa / mobile-money buttons all start with the amount ("Pay KSh4,000"); each
 * says which way it is ("… by card", "… with M-Pesa"), on the screen as in its name (t16: the card button said only
 * "Pay KSh4,000"; SPEC's 'Pay {balance}' is the card form's own button).
 */
const invoice = publicPage(
  { public_id: 'pub23', number: 'INV-0023', currency: 'KES', business: 'Salon Wanjiku', client: 'Amina', line: 'Braids', amount: 400_000 },
  {
    pay_provider: 'test',
    rails: [
      { id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: false, country: 'KE', networks: [] },
      { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: false, country: 'KE', networks: [] },
    ],
  },
);

afterEach(resetPublicPage);

describe('the pay buttons of the public page have names that differ', () => {
  it.each([
    ['en', 'Pay KSh4,000', 'Pay KSh4,000 by card', 'Pay KSh4,000 with M-Pesa'],
    ['fr', 'Payer 4 000 KSh', 'Payer 4 000 KSh par carte', null],
    ['sw', 'Lipa KSh 4,000', 'Lipa KSh 4,000 kwa kadi', null],
  ])(
    '%s',
    async (language, amount, cardName, mpesaName) => {
      // The invoice, and Daraja set up for M-Pesa (its own button, not the TEST MODE rail).
      servePublicPage({ ...invoice, language }, true);
      renderUi(<InvoiceLinkView id="pub23" onPaid={() => undefined} customerLanguage />);
      const card = await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 });
      expect(card.getAttribute('aria-label')).toBeNull();
      expect(plainSpaces(card.textContent)).toBe(cardName);
      // M-Pesa's button is drawn with the page; its form (Daraja's, or the TEST MODE rail's) loads when tapped.
      await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 });
      await screen.findByTestId('rail-airtel_money-open', {}, { timeout: 15_000 });
      const names = screen.getAllByRole('button').map((b) => plainSpaces(b.getAttribute('aria-label') ?? b.textContent));
      const payButtons = names.filter((n) => n.startsWith(amount));
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
      servePublicPage(naira);
      renderUi(<InvoiceLinkView id="pub23" onPaid={() => undefined} customerLanguage />);
      const button = await screen.findByTestId('rail-flutterwave-open', {}, { timeout: 15_000 });
      expect(plainSpaces(button.textContent)).toContain(name);
      expect(button.textContent).not.toMatch(/Continue|Continuer|Endelea/);
    },
    45_000,
  );
});
