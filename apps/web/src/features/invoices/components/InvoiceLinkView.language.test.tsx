import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

const invoice = {
  public_id: 'pub19',
  kind: 'invoice',
  number: 'INV-0019',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-03-05',
  due_date: '2026-08-20',
  currency: 'NGN',
  business: { name: 'Ada Stores', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Mme Ebogo', email: null, phone: null, address: null },
  lines: [{ description: 'Robe', quantity: 1, unit_price: 1_250_000, amount: 1_250_000 }],
  fees: [],
  subtotal: 1_250_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 1_250_000,
  amount_paid: 0,
  balance: 1_250_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: null,
  language: 'fr',
};

function mockApi(body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the public invoice page in the client language (issue 19)', () => {
  it('opens in the language the API gives, and the switch turns it to Swahili in place', async () => {
    const urls = mockApi(invoice);
    renderUi(<InvoiceLinkView id="pub19" onPaid={() => undefined} customerLanguage />);
    // Opens in French: the page's words come from the French strings, the switch is named in French.
    const group = await screen.findByRole('group', { name: 'Langue' }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Facture INV-0019');
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => b.textContent)).toEqual(['English', 'Français', 'Kiswahili']);
    expect(buttons.map((b) => b.getAttribute('lang'))).toEqual(['en', 'fr', 'sw']);
    expect(screen.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByText('5 mars 26')).toBeTruthy();
    expect(nbsp(screen.getByTestId('public-balance').textContent)).toBe('12 500 ₦');
    expect(screen.getByRole('link', { name: /PDF/i }).getAttribute('href')).toMatch(/\/pdf\?lang=fr$/);

    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).toBe('true'), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('5 Mac 26')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ankara INV-0019');
    expect(screen.getByRole('group', { name: 'Lugha' })).toBeTruthy();
    expect(nbsp(screen.getByTestId('public-balance').textContent)).toBe('₦ 12,500');
    expect(screen.getByRole('link', { name: /PDF/i }).getAttribute('href')).toMatch(/\/pdf\?lang=sw$/);
    expect(document.documentElement.lang).toBe('sw');
    // The switch did not fetch the invoice again (no reload of data either).
    expect(urls.filter((u) => u.includes('/invoices/public/pub19'))).toHaveLength(1);
  });

  it("inside the owner's app the page stays in the owner's language, without a switch", async () => {
    mockApi(invoice);
    renderUi(<InvoiceLinkView id="pub19" onPaid={() => undefined} />);
    expect(await screen.findByText('5 Mar 26', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
    expect(screen.getByTestId('public-balance').textContent).toBe('₦12,500');
  });
});

describe('the public page of a credit note (issue 26 D8)', () => {
  for (const [language, heading] of [
    ['en', 'Credit note CN-0001'],
    ['fr', 'Avoir CN-0001'],
    ['sw', 'Hati ya mkopo CN-0001'],
  ] as const)
    it(`is headed as a credit note in ${language}`, async () => {
      mockApi({ ...invoice, kind: 'credit_note', number: 'CN-0001', public_id: 'pubcn', balance: 0, language });
      renderUi(<InvoiceLinkView id="pubcn" onPaid={() => undefined} customerLanguage />);
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading), { timeout: 15_000 });
    }, 20_000);
});
