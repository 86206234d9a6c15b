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
