import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, plainSpaces, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

const invoice = publicPage(
  { public_id: 'pub19', number: 'INV-0019', currency: 'NGN', business: 'Ada Stores', client: 'Mme Ebogo', line: 'Robe', amount: 1_250_000 },
  { language: 'fr' },
);

const mockApi = (body: unknown) => answerJson(() => body);

afterEach(resetPublicPage);

describe('the public invoice page in the client language (issue 19)', () => {
  it('opens in the language the API gives, and the switch turns it to Swahili in place', async () => {
    const calls = mockApi(invoice);
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
    expect(plainSpaces(screen.getByTestId('public-balance').textContent)).toBe('12 500 ₦');
    expect(screen.getByRole('link', { name: /PDF/i }).getAttribute('href')).toMatch(/\/pdf\?lang=fr$/);

    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).toBe('true'), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('5 Mac 26')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ankara INV-0019');
    expect(screen.getByRole('group', { name: 'Lugha' })).toBeTruthy();
    expect(plainSpaces(screen.getByTestId('public-balance').textContent)).toBe('₦ 12,500');
    expect(screen.getByRole('link', { name: /PDF/i }).getAttribute('href')).toMatch(/\/pdf\?lang=sw$/);
    expect(document.documentElement.lang).toBe('sw');
    // The switch did not fetch the invoice again (no reload of data either).
    expect(calls.filter((c) => c.url.includes('/invoices/public/pub19'))).toHaveLength(1);
    // The choice is kept in the address (t14 D2): a reload, or the page drawn again after a payment, keeps it.
    expect(new URLSearchParams(window.location.search).get('lang')).toBe('sw');
    history.replaceState(null, '', '/');
  });

  it("a reload keeps the customer's choice (?lang=) over the business language (t14 D2)", async () => {
    history.replaceState(null, '', '/invoice/link/pub19?lang=en');
    try {
      mockApi(invoice);
      renderUi(<InvoiceLinkView id="pub19" onPaid={() => undefined} customerLanguage />);
      expect(await screen.findByRole('group', { name: 'Language' }, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice INV-0019');
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it("inside the owner's app the page stays in the owner's language, without a switch", async () => {
    mockApi(invoice);
    renderUi(<InvoiceLinkView id="pub19" onPaid={() => undefined} />);
    expect(await screen.findByText('5 Mar 26', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
    expect(screen.getByTestId('public-balance').textContent).toBe('₦12,500');
  });
});

describe('quantities on the public page (t23 X2)', () => {
  it("are written with the language's decimal mark, as on the PDF: 1,5 in French", async () => {
    mockApi({ ...invoice, lines: [{ description: 'Tissu', quantity: 1.5, unit_price: 1_000_000, amount: 1_500_000 }] });
    renderUi(<InvoiceLinkView id="pub19" onPaid={() => undefined} customerLanguage />);
    const cell = (await screen.findByText('Tissu', {}, { timeout: 15_000 })).closest('td');
    expect(cell?.nextElementSibling?.textContent).toBe('1,5');
  }, 20_000);
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
