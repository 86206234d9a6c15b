import { cleanup, screen } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

// t17 A7: the server serves nothing of a draft through its link (409, fields.invoice 'not_sent'); the page says the
// invoice is not sent yet, in the page's language, instead of the server's English or "not valid".
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

function draftAnswer() {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ error: { code: 'conflict', message: 'English from the server', fields: { invoice: 'not_sent' } } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

describe("a draft's link", () => {
  it('says the invoice has not been sent yet', async () => {
    draftAnswer();
    renderUi(<InvoiceLinkView id="pubdraft" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'This invoice has not been sent yet. Ask the business to send it to you.',
    );
  });

  it('in French too', async () => {
    await setLanguage('fr');
    draftAnswer();
    renderUi(<InvoiceLinkView id="pubdraft" onPaid={() => undefined} />);
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'Cette facture n’a pas encore été envoyée. Demandez à l’entreprise de vous l’envoyer.',
    );
  });
});
