import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, plainSpaces, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import ThankYouPage from '../pages/ThankYouPage';
import { InvoiceLinkView } from './InvoiceLinkView';

/** t18 E2: the customer gets proof of payment: each payment of the invoice links its receipt PDF. */
const PAYMENT = '0e6a3c1f-5b2d-4c8e-9f10-6a7b8c9d0e1f';
const page = publicPage(
  { public_id: 'pubR1', number: 'INV-0004', currency: 'UGX', business: 'Nakato Crafts', client: 'Sarah', line: 'Baskets', amount: 59_000 },
  {
    status: 'partially_paid',
    display_status: 'partially_paid',
    amount_paid: 20_000,
    balance: 39_000,
    payments: [{ amount: 20_000, method: 'mobile_money', date: '2026-11-27', id: PAYMENT, receipt: 'RCT-0E6A3C1F5B' }],
  },
);

afterEach(resetPublicPage);

describe('receipts on the public pages (t18 E2)', () => {
  it.each([
    ['en', 'Download receipt RCT-0E6A3C1F5B (USh20,000)'],
    ['fr', 'Télécharger le reçu RCT-0E6A3C1F5B (20 000 USh)'],
    ['sw', 'Pakua risiti RCT-0E6A3C1F5B (USh 20,000)'],
  ])(
    'a part-paid invoice reopened lists its receipt (%s)',
    async (language, text) => {
      answerJson(() => ({ ...page, language }));
      renderUi(<InvoiceLinkView id="pubR1" onPaid={() => undefined} customerLanguage />);
      const list = await screen.findByTestId('public-receipts', {}, { timeout: 15_000 });
      const link = list.querySelector('a')!;
      expect(plainSpaces(link.textContent)).toBe(text);
      expect(link.getAttribute('href')).toBe(`/api/invoices/public/pubR1/receipts/${PAYMENT}/pdf`);
    },
    45_000,
  );

  it('an unpaid invoice has none', async () => {
    answerJson(() => ({ ...page, status: 'sent', display_status: 'sent', amount_paid: 0, balance: 59_000, payments: [], language: 'en' }));
    renderUi(<InvoiceLinkView id="pubR1" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('public-balance', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('public-receipts')).toBeNull();
  }, 45_000);

  it('the thank-you page offers the receipt', async () => {
    const calls = answerJson(() => ({ ...page, language: 'en' }));
    window.history.replaceState(null, '', '/thank-you?invoice=pubR1');
    renderUi(<ThankYouPage />);
    const list = await screen.findByTestId('public-receipts', {}, { timeout: 15_000 });
    expect(list.querySelector('a')!.getAttribute('href')).toBe(`/api/invoices/public/pubR1/receipts/${PAYMENT}/pdf`);
    expect(calls[0].url).toContain('/invoices/public/pubR1');
    window.history.replaceState(null, '', '/');
  }, 45_000);
});
