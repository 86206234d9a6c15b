import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import type { ConfirmFn } from './cardForm';
import TestCardForm from './TestCardForm';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

/** Issue 23 item 15: "Your card was declined." is said in the customer's language on the pay modal. */
describe('TestCardForm: a declined card', () => {
  for (const [language, expected] of [
    ['sw', 'Kadi yako imekataliwa.'],
    ['fr', 'Votre carte a été refusée.'],
    ['en', 'Your card was declined.'],
  ] as const) {
    it(`says it in ${language}`, async () => {
      vi.stubGlobal(
        'fetch',
        async () =>
          new Response(JSON.stringify({ error: { code: 'card_declined', message: 'Your card was declined.' } }), {
            status: 402,
            headers: { 'content-type': 'application/json' },
          }),
      );
      await setLanguage(language);
      setDisplayLanguage(language);
      let confirm: ConfirmFn | null = null;
      renderUi(<TestCardForm clientSecret="pi_test_x_secret" returnUrl="/thank-you" onReady={(fn) => (confirm = fn)} />);
      const fields = screen.getAllByRole('textbox');
      // Card number, expiry, CVC, name: in that order.
      fireEvent.change(fields[0], { target: { value: '4000 0000 0000 0002' } });
      fireEvent.change(fields[1], { target: { value: '12/30' } });
      fireEvent.change(fields[2], { target: { value: '123' } });
      fireEvent.change(fields[3], { target: { value: 'Amina Yusuf' } });
      await waitFor(() => expect(confirm).not.toBeNull());
      const res = await confirm!();
      expect(res).toEqual({ ok: false, message: expected });
    });
  }
});

/** Issue 24: the card's problems are core's codes (the server's rule), said in the customer's language. */
describe('TestCardForm: what to fix', () => {
  for (const [language, number, expiry, cvc, name] of [
    [
      'fr',
      'Le numéro de carte est incorrect.',
      'La date d’expiration de la carte est passée.',
      'Le code de sécurité est incomplet (3 ou 4 chiffres).',
      'Saisissez le nom figurant sur la carte.',
    ],
    ['sw', 'Namba ya kadi si sahihi.', 'Muda wa kadi umekwisha.', 'Namba ya usalama haijakamilika (tarakimu 3 au 4).', 'Andika jina lililo kwenye kadi.'],
    [
      'en',
      'Your card number is incorrect.',
      "Your card's expiration date is in the past.",
      "Your card's security code is incomplete (3 or 4 digits).",
      'Enter the name on the card.',
    ],
  ] as const) {
    it(`says it in ${language}, and sends nothing`, async () => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      await setLanguage(language);
      setDisplayLanguage(language);
      let confirm: ConfirmFn | null = null;
      renderUi(<TestCardForm clientSecret="pi_test_x_secret" returnUrl="/thank-you" onReady={(fn) => (confirm = fn)} />);
      const fields = screen.getAllByRole('textbox');
      // A wrong check digit, an expiry in the past, a short CVC, no name.
      fireEvent.change(fields[0], { target: { value: '4242 4242 4242 4241' } });
      fireEvent.change(fields[1], { target: { value: '01/20' } });
      fireEvent.change(fields[2], { target: { value: '12' } });
      await waitFor(() => expect(confirm).not.toBeNull());
      expect(await confirm!()).toEqual({ ok: false, message: null });
      for (const text of [number, expiry, cvc, name]) expect(await screen.findByText(text)).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    });
  }
});
