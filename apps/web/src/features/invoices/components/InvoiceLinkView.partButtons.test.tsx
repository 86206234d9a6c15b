import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, plainSpaces, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * Issue 23 (verify27 D1 nits): a naira invoice with kobo, part payments allowed, the hosted card checkout and
 * Flutterwave side by side. Both buttons write the amount as the invoice does (₦10,000.00, not ₦10,000 beside it), and
 * follow the amount field: emptied, neither names an old amount or the balance; both wait, and the field says why.
 */
const BALANCE = 3_601_788;
const page = publicPage(
  { public_id: 'pub51', number: 'INV-0001', currency: 'NGN', business: 'Tunde Tailoring', client: 'Chidi', line: 'Agbada', amount: BALANCE },
  {
    pay_provider: 'paystack',
    pay_checkout: true,
    part_payments: { allowed: true, min: 500_000 },
    rails: [{ id: 'flutterwave', name: 'Flutterwave', kind: 'checkout', test_mode: true, country: 'NG', networks: [] }],
  },
);

function quoteFor(url: string) {
  const asked = new URL(url, 'http://x').searchParams.get('amount');
  const amount = asked === null ? BALANCE : Number(asked);
  return {
    provider: 'paystack',
    public_id: 'pub51',
    number: 'INV-0001',
    currency: 'NGN',
    amount,
    fee: 0,
    total: amount,
    channels: ['card'],
    customer_pays_fee: false,
    test_mode: true,
  };
}

afterEach(resetPublicPage);

describe('the pay page buttons follow the part-payment field', () => {
  it.each([
    ['en', 'Pay ₦10,000.00', 'Pay ₦10,000.00 with Flutterwave', 'Pay now', 'Pay with Flutterwave'],
    ['fr', 'Payer 10 000,00 ₦', 'Payer 10 000,00 ₦ avec Flutterwave', 'Payer maintenant', 'Payer avec Flutterwave'],
  ])(
    '%s',
    async (language, card, flutterwave, cardEmpty, flutterwaveEmpty) => {
      answerJson((url) => (url.includes('/checkout') ? quoteFor(url) : { ...page, language }));
      renderUi(<InvoiceLinkView id="pub51" onPaid={() => undefined} customerLanguage />);
      const field = (await screen.findByTestId('pay-amount', {}, { timeout: 15_000 })) as HTMLInputElement;
      const cardButton = () => screen.getByTestId('paystack-pay-button');
      const railButton = () => screen.getByTestId('rail-flutterwave-open');
      await waitFor(() => expect(plainSpaces(cardButton().textContent)).toMatch(/36[ ,]017[.,]88/), { timeout: 15_000 });

      fireEvent.change(field, { target: { value: language === 'fr' ? '10 000' : '10,000' } });
      await waitFor(() => expect(plainSpaces(cardButton().textContent)).toBe(card), { timeout: 15_000 });
      expect(plainSpaces(railButton().textContent)).toContain(flutterwave);

      fireEvent.change(field, { target: { value: '' } });
      await waitFor(() => expect(plainSpaces(cardButton().textContent)).toBe(cardEmpty));
      expect((cardButton() as HTMLButtonElement).disabled).toBe(true);
      expect(plainSpaces(railButton().textContent)).toContain(flutterwaveEmpty);
      expect(railButton().textContent).not.toMatch(/000/);
      expect((railButton() as HTMLButtonElement).disabled).toBe(true);
    },
    45_000,
  );
});

describe('paid in full in TEST MODE (t16 F2)', () => {
  it('shows no amount box once no way to pay is left', async () => {
    const settled = { ...page, pay_provider: null, pay_checkout: false, rails: [], test_status: 'paid', test_balance: 0 };
    answerJson(() => settled);
    renderUi(<InvoiceLinkView id="pub51" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('public-test-balance', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('pay-amount')).toBeNull();
  }, 45_000);
});
