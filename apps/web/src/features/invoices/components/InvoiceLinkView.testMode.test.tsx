import { formatMoney } from '@duka/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, plainSpaces, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import ThankYouPage from '../pages/ThankYouPage';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * Issue 25, TEST MODE beside real ways to pay: a TEST payment took part of a Ugandan invoice. The test provider's ways
 * (the MTN MoMo prompt, the card form) take at most what TEST payments left, and their buttons say so and say TEST
 * MODE; the real Airtel Money beside them names the real balance. After a TEST payment the thank-you page says TEST MODE.
 */
const BALANCE = 100_000;
const TEST_LEFT = 40_000;
const page = publicPage(
  { public_id: 'pubUG', number: 'INV-0107', currency: 'UGX', business: 'Nakato Crafts', client: 'Okello', line: 'Baskets', amount: BALANCE },
  {
    test_status: 'partially_paid',
    test_balance: TEST_LEFT,
    pay_provider: 'test-pay',
    pay_test_mode: true,
    rails: [
      { id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG', networks: [] },
      { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: false, country: 'UG', networks: [] },
    ],
  },
);
const TEST_TAG = { en: 'TEST MODE', fr: 'MODE TEST', sw: 'HALI YA MAJARIBIO' } as const;

afterEach(async () => {
  await resetPublicPage();
  window.history.replaceState(null, '', '/');
});

describe('TEST MODE beside real ways to pay (issue 25)', () => {
  it.each(['en', 'fr', 'sw'] as const)(
    '%s: each button names what its way will really ask; the test ones say TEST MODE',
    async (language) => {
      answerJson(() => ({ ...page, language }));
      renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
      const mtn = await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 });
      const money = (m: number) => plainSpaces(formatMoney(m, 'UGX', { language }));
      await waitFor(() => expect(plainSpaces(screen.getByTestId('rail-airtel_money-open').textContent)).toContain(money(BALANCE)), { timeout: 15_000 });
      // The TEST prompt: what TEST payments left, and the tag.
      expect(plainSpaces(mtn.textContent)).toContain(money(TEST_LEFT));
      expect(mtn.textContent).toContain(TEST_TAG[language]);
      // The real rail: the real balance, no tag.
      const airtel = screen.getByTestId('rail-airtel_money-open');
      expect(plainSpaces(airtel.textContent)).not.toContain(money(TEST_LEFT));
      expect(airtel.textContent).not.toContain(TEST_TAG[language]);
      // The card form is the test provider's: TEST MODE on its button, and what TEST payments left.
      const card = screen.getByTestId('public-pay-card');
      expect(card.textContent).toContain(TEST_TAG[language]);
      // It says it is the card, and its name is its visible text, the tag last (axe: the visible text is the name).
      expect(card.getAttribute('aria-label')).toBeNull();
      expect(plainSpaces(card.textContent)).toMatch(new RegExp(`(by card|par carte|kwa kadi) ${TEST_TAG[language]}$`));
      expect(plainSpaces(card.textContent)).toContain(money(TEST_LEFT));
      expect(plainSpaces(card.textContent)).not.toContain(money(BALANCE));
    },
    45_000,
  );

  it.each(['en', 'fr', 'sw'] as const)(
    '%s, with the amount box: every button takes what the box shows; a TEST way that cannot take it waits until the box asks what TEST left (t16)',
    async (language) => {
      const calls = answerJson((url, method) => {
        if (method === 'POST' && url.endsWith('/rails/mtn_momo'))
          return { reference: 'ref-ug-2', amount: TEST_LEFT, currency: 'UGX', redirect_url: null, test_phone_url: '/test-phone/ref-ug-2' };
        if (url.includes('/rails/mtn_momo/ref-ug-2'))
          return { status: 'pending', message: null, balance: TEST_LEFT, operator_id: null, amount: TEST_LEFT, currency: 'UGX' };
        return { ...page, language, part_payments: { allowed: true, min: 1_000 } };
      });
      renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
      const money = (m: number) => plainSpaces(formatMoney(m, 'UGX', { language }));
      await screen.findByTestId('pay-amount', {}, { timeout: 15_000 });
      const mtn = () => screen.getByTestId('rail-mtn_momo-open') as HTMLButtonElement;
      const airtel = () => screen.getByTestId('rail-airtel_money-open') as HTMLButtonElement;
      const card = () => screen.getByTestId('public-pay-card') as HTMLButtonElement;
      // The box shows the balance: every button names it; the TEST ones (MTN MoMo, the test card) cannot take it and wait.
      await waitFor(() => expect(plainSpaces(mtn().textContent)).toContain(money(BALANCE)), { timeout: 15_000 });
      expect(plainSpaces(card().textContent)).toContain(money(BALANCE));
      expect(plainSpaces(airtel().textContent)).toContain(money(BALANCE));
      expect(mtn().disabled).toBe(true);
      expect(card().disabled).toBe(true);
      expect(airtel().disabled).toBe(false);
      const hint = screen.getByTestId('public-test-left');
      expect(plainSpaces(hint.textContent)).toContain(money(TEST_LEFT));
      expect(hint.textContent).toContain(TEST_TAG[language]);
      // One tap puts what TEST left in the box: the box and every button agree again, and the TEST prompt takes exactly that.
      fireEvent.click(screen.getByTestId('public-test-left-use'));
      await waitFor(() => expect(mtn().disabled).toBe(false), { timeout: 15_000 });
      expect(plainSpaces((screen.getByTestId('pay-amount') as HTMLInputElement).value)).toMatch(/40[ ,.]?000/);
      for (const b of [mtn(), airtel(), card()]) expect(plainSpaces(b.textContent)).toContain(money(TEST_LEFT));
      expect(screen.queryByTestId('public-test-left')).toBeNull();
      fireEvent.click(mtn());
      fireEvent.change(await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 }), { target: { value: '0772 123 456' } });
      fireEvent.click(screen.getByTestId('rail-mtn_momo-send'));
      await screen.findByTestId('rail-mtn_momo-waiting', {}, { timeout: 15_000 });
      expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/rails/mtn_momo')).map((c) => c.body)).toEqual([
        expect.objectContaining({ amount: TEST_LEFT }),
      ]);
    },
    45_000,
  );

  it('a real card form has no TEST MODE tag and names the balance', async () => {
    answerJson(() => ({ ...page, pay_provider: 'stripe', pay_test_mode: undefined, language: 'en' }));
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    const card = await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 });
    expect(card.textContent).not.toContain('TEST MODE');
    expect(plainSpaces(card.textContent)).toContain(plainSpaces(formatMoney(BALANCE, 'UGX', { language: 'en' })));
  }, 45_000);

  it('the TEST prompt asks the server for what TEST left (no amount sent), and keeps its reference in the address', async () => {
    const calls = answerJson((url, method) =>
      method === 'POST' && url.endsWith('/rails/mtn_momo')
        ? { reference: 'ref-ug-1', amount: TEST_LEFT, currency: 'UGX', redirect_url: null, test_phone_url: '/test-phone/ref-ug-1' }
        : url.includes('/rails/mtn_momo/ref-ug-1')
          ? { status: 'pending', message: null, balance: TEST_LEFT, operator_id: null, amount: TEST_LEFT, currency: 'UGX' }
          : { ...page, language: 'en' },
    );
    window.history.replaceState(null, '', '/invoice/link/pubUG');
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 }));
    const phone = (await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 })) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '0772123456' } });
    fireEvent.submit(phone.closest('form')!);
    await screen.findByTestId('rail-mtn_momo-waiting', {}, { timeout: 15_000 });
    const started = calls.find((c) => c.method === 'POST' && c.url.endsWith('/rails/mtn_momo'));
    expect(started?.body).toEqual({ phone: '0772123456' });
    const q = new URLSearchParams(window.location.search);
    expect([q.get('rail'), q.get('reference')]).toEqual(['mtn_momo', 'ref-ug-1']);
  }, 45_000);
});

describe('a waiting prompt survives a reload (issue 25)', () => {
  it.each([
    ['en', 'Paid USh15,000 with MTN MoMo', 'Still to pay: USh25,000.'],
    ['fr', 'payé avec MTN MoMo', 'Reste à payer'],
    ['sw', 'Umelipa', 'Kiasi kilichobaki'],
  ] as const)(
    '%s: the page opens on the waiting prompt (its own amount, not the balance), with its test phone, and turns to one paid line',
    async (language, paidWord, leftWord) => {
      window.history.replaceState(null, '', `/invoice/link/pubUG?lang=${language}&rail=mtn_momo&reference=ref-ug-2`);
      let provider: 'pending' | 'paid' = 'pending';
      const statusCalls: string[] = [];
      answerJson((url) => {
        if (url.includes('/rails/mtn_momo/ref-ug-2')) {
          statusCalls.push(url);
          return provider === 'pending'
            ? { status: 'pending', message: null, balance: TEST_LEFT, operator_id: null, amount: 15_000, currency: 'UGX' }
            : { status: 'paid', message: null, balance: TEST_LEFT - 15_000, operator_id: 'MOMO-TEST-77', amount: 15_000, currency: 'UGX' };
        }
        return { ...page, language };
      });
      renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
      const waiting = await screen.findByTestId('rail-mtn_momo-waiting', {}, { timeout: 15_000 });
      // Its test phone (TEST MODE) is the reference's, as the server's test_phone_url says.
      const testPhone = await screen.findByTestId('rail-mtn_momo-test-phone', {}, { timeout: 15_000 });
      expect(waiting.contains(testPhone)).toBe(true);
      expect(testPhone.getAttribute('href')).toBe(`/test-phone/ref-ug-2?lang=${language}`);
      // The prompt's part (the server's answer), never the amount box's default, the balance (t16 F1).
      expect(waiting.textContent).toMatch(/15,000|15 000|15\u202f000/);
      expect(waiting.textContent).not.toMatch(/40,000|40 000|40\u202f000/);
      await waitFor(() => expect(statusCalls.length).toBeGreaterThan(0), { timeout: 15_000 });
      expect(screen.queryByTestId('rail-receipt')).toBeNull();
      provider = 'paid';
      // One paid line (t16 F2): the receipt names this payment's amount and what is left.
      const receipt = await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
      expect(receipt.textContent).toContain('MOMO-TEST-77');
      expect(receipt.textContent).toContain(paidWord);
      expect(receipt.textContent).toContain(leftWord);
      expect(screen.queryByTestId('rail-mtn_momo-result')).toBeNull();
    },
    45_000,
  );
});

describe('the thank-you page after a TEST payment (issue 25)', () => {
  it.each(['en', 'fr', 'sw'] as const)('%s: says TEST MODE after a TEST payment, nothing after a real one', async (language) => {
    window.history.replaceState(null, '', `/thank-you?invoice=pubUG&lang=${language}&test=1`);
    const { setLanguage } = await import('../../../i18n');
    await setLanguage(language);
    const { unmount } = renderUi(<ThankYouPage />);
    expect((await screen.findByTestId('thank-you-test', {}, { timeout: 15_000 })).textContent).toBe(TEST_TAG[language]);
    unmount();
    window.history.replaceState(null, '', `/thank-you?invoice=pubUG&lang=${language}`);
    renderUi(<ThankYouPage />);
    await screen.findByRole('status');
    expect(screen.queryByTestId('thank-you-test')).toBeNull();
  });
});

describe('the thank-you page after a TEST part payment (t20 H1)', () => {
  it.each([
    ['en', 'The invoice shows it as partly paid in TEST MODE: USh40,000 is left to pay.', 'The invoice shows it as paid in TEST MODE.'],
    ['fr', 'il reste 40 000 USh à payer.', 'La facture l’affiche comme payé en MODE TEST.'],
    ['sw', 'zimebaki USh 40,000 kulipwa.', 'Ankara inayaonyesha kama yaliyolipwa kwa majaribio.'],
  ] as const)(
    '%s: says partly paid and what is left, or paid once nothing is',
    async (language, part, full) => {
      const { setLanguage } = await import('../../../i18n');
      await setLanguage(language);
      let left = TEST_LEFT;
      answerJson(() => ({ ...page, language, test_balance: left }));
      window.history.replaceState(null, '', `/thank-you?invoice=pubUG&lang=${language}&test=1`);
      const { unmount } = renderUi(<ThankYouPage />);
      await waitFor(() => expect(plainSpaces(screen.getByTestId('thank-you-body').textContent)).toContain(plainSpaces(part)), { timeout: 15_000 });
      unmount();
      left = 0;
      renderUi(<ThankYouPage />);
      await waitFor(() => expect(plainSpaces(screen.getByTestId('thank-you-body').textContent)).toContain(full), { timeout: 15_000 });
    },
    45_000,
  );
});

describe('the Paystack button in TEST MODE (issue 25)', () => {
  // A Nigerian invoice on a fresh install: the hosted checkout is the test provider's, so no money moves.
  const ng = publicPage(
    { public_id: 'pubNG', number: 'INV-0031', currency: 'NGN', business: 'Adaeze Fabrics', client: 'Chinedu', line: 'Agbada', amount: 2_500_000 },
    { pay_provider: 'paystack', pay_checkout: true, pay_test_mode: true, rails: [] },
  );
  const quote = {
    provider: 'paystack',
    public_id: 'pubNG',
    number: 'INV-0031',
    currency: 'NGN',
    amount: 2_500_000,
    fee: 0,
    total: 2_500_000,
    channels: ['card'],
    customer_pays_fee: false,
    test_mode: true,
  };
  const serve = (page: unknown) => answerJson((url) => (url.includes('/checkout') ? quote : page));

  it.each(['en', 'fr', 'sw'] as const)(
    '%s: the button says TEST MODE after the amount, in its name too',
    async (language) => {
      serve({ ...ng, language });
      renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
      const button = await screen.findByTestId('paystack-pay-button', {}, { timeout: 15_000 });
      const money = plainSpaces(formatMoney(2_500_000, 'NGN', { language }));
      await waitFor(() => expect(plainSpaces(button.textContent)).toContain(money), { timeout: 15_000 });
      expect(plainSpaces(button.textContent)).toMatch(new RegExp(`${money.replace(/[.$]/g, '\\$&')}\\s+${TEST_TAG[language]}$`));
      // No brackets and no aria-label of its own: what axe and a screen reader read is the visible text.
      expect(button.getAttribute('aria-label')).toBeNull();
    },
    45_000,
  );

  it('a real Paystack checkout has no tag', async () => {
    serve({ ...ng, pay_test_mode: undefined, language: 'en' });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    const button = await screen.findByTestId('paystack-pay-button', {}, { timeout: 15_000 });
    await waitFor(() => expect(button.textContent).toContain('₦25,000'), { timeout: 15_000 });
    expect(button.textContent).not.toContain('TEST MODE');
  }, 45_000);
});

describe('a real M-Pesa prompt (Daraja) survives a reload too (issue 25)', () => {
  const ke = publicPage(
    { public_id: 'pubKE', number: 'INV-0044', currency: 'KES', business: 'Wanjiru Salon', client: 'Baraka', line: 'Braids', amount: 400_000 },
    {
      rails: [
        { id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: false, country: 'KE', networks: [], daraja: true },
        { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: true, country: 'KE', networks: [] },
      ],
    },
  );

  it('the prompt started is kept in the address; reloaded, the page waits on it (other ways held), polls it and goes on when paid', async () => {
    let status = 'pending';
    const calls = answerJson((url, method) =>
      method === 'POST' && url.endsWith('/mpesa')
        ? { checkout_request_id: 'ws_CO_KE_1', merchant_request_id: 'm1' }
        : url.includes('/mpesa/ws_CO_KE_1')
          ? { status, message: null }
          : { ...ke, language: 'en' },
    );
    window.history.replaceState(null, '', '/invoice/link/pubKE');
    const first = renderUi(<InvoiceLinkView id="pubKE" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('mpesa-phone', {}, { timeout: 15_000 }), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByTestId('mpesa-send'));
    await screen.findByTestId('mpesa-waiting', {}, { timeout: 15_000 });
    const q = new URLSearchParams(window.location.search);
    expect([q.get('rail'), q.get('reference')]).toEqual(['mpesa', 'ws_CO_KE_1']);
    first.unmount();

    // The reload: nothing tapped, the page opens on the waiting prompt and asks its status, never starts another.
    const paid: string[] = [];
    renderUi(<InvoiceLinkView id="pubKE" onPaid={(to) => paid.push(to)} customerLanguage />);
    await screen.findByTestId('mpesa-waiting', {}, { timeout: 15_000 });
    // Meanwhile no second prompt by another way: Airtel Money is held until M-Pesa's answer.
    await waitFor(() => expect((screen.getByTestId('rail-airtel_money-open') as HTMLButtonElement).disabled).toBe(true));
    status = 'paid';
    await waitFor(() => expect(paid).toHaveLength(1), { timeout: 15_000 });
    expect(paid[0]).toContain('/thank-you?invoice=pubKE');
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/mpesa'))).toHaveLength(1);
  }, 45_000);
});
