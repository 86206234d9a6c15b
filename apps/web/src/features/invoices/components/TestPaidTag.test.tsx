import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { plainSpaces, publicPage, resetPublicPage, servePublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { buildRows, summarise } from '../lib/list';
import { InvoiceLinkView } from './InvoiceLinkView';
import { InvoiceList } from './InvoiceList';

/**
 * Issue 22: a test-card payment (TEST MODE) is no money. The status badge and the balance count real payments only;
 * a "Paid (TEST)" tag beside the status says a test payment was made. On the customer's page (where a reminder's
 * Pay link leads) the invoice is still payable, never "fully paid".
 */
const testCard = { amount: 400_000, method: 'card' as const, date: '2026-03-06', test: true };
const page = publicPage(
  { public_id: 'pub22', number: 'INV-0022', currency: 'KES', business: 'Salon Wanjiku', client: 'Amina', line: 'Braids', amount: 400_000 },
  { due_date: '2099-08-20', payments: [testCard], test_status: 'paid', pay_provider: 'test-pay', rails: [] },
);

afterEach(resetPublicPage);

describe('test payments beside the status, never as it (issue 22)', () => {
  it.each([
    ['en', 'Sent', 'Paid (TEST)', 'Pay KSh4,000 by card'],
    ['fr', 'Envoyée', 'Payée (TEST)', 'Payer 4 000 KSh par carte'],
    ['sw', 'Imetumwa', 'Imelipwa (TEST)', 'Lipa KSh 4,000 kwa kadi'],
  ])(
    "the customer's page (%s): still owed and payable, tagged as paid by a test card",
    async (language, status, tag, pay) => {
      servePublicPage({ ...page, language });
      renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
      const card = await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 });
      expect(plainSpaces(card.textContent)).toBe(pay);
      expect(screen.getByTestId('public-status').textContent).toBe(status);
      expect(screen.getByTestId('public-test-status').textContent).toBe(tag);
      expect(plainSpaces(screen.getByTestId('public-balance').textContent)).toMatch(/4,000|4 000/);
      expect(screen.queryByText(/fully paid|entièrement payée|imelipwa yote/)).toBeNull();
    },
    45_000,
  );

  it('a really paid invoice has no tag', async () => {
    const paid = { ...page, status: 'paid', display_status: 'paid', amount_paid: 400_000, balance: 0, test_status: null, pay_provider: null, language: 'en' };
    servePublicPage(paid);
    renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
    await screen.findByText('This invoice is fully paid. Thank you!', {}, { timeout: 15_000 });
    expect(screen.getByTestId('public-status').textContent).toBe('Paid');
    expect(screen.queryByTestId('public-test-status')).toBeNull();
  });

  it("the owner's list: the badge reads by real money, the tag says TEST payment, the balance is what is really owed", () => {
    const base = {
      kind: 'invoice',
      contact_id: 'c1',
      issue_date: '2026-11-01',
      due_date: '2026-11-10',
      currency: 'KES',
      sent_at: '2026-11-01T00:00:00Z',
      lines: [],
      fees: [],
      fee_ids: [],
      total_due: 400_000,
    };
    const rows = buildRows(
      [
        // Written since test payments stopped counting: stored sent, nothing paid.
        { ...base, id: 'a', number: 'INV-0001', status: 'sent', amount_paid: 0, balance: 400_000, payments: [{ ...testCard, id: 't1', reference: '' }] },
        // Stored while they still counted: read the same way.
        { ...base, id: 'b', number: 'INV-0002', status: 'paid', amount_paid: 400_000, balance: 0, payments: [{ ...testCard, id: 't2', reference: '' }] },
        // Really paid: no tag.
        {
          ...base,
          id: 'c',
          number: 'INV-0003',
          status: 'paid',
          amount_paid: 400_000,
          balance: 0,
          payments: [{ ...testCard, id: 'r', method: 'cash', test: undefined, reference: '' }],
        },
      ],
      new Map([['c1', 'Amina']]),
      '2026-11-22',
    );
    renderUi(
      <MemoryRouter>
        <InvoiceList rows={rows} resetKey="all" />
      </MemoryRouter>,
    );
    const row = (number: string) => within(screen.getAllByTestId('invoice-row').find((r) => r.getAttribute('data-number') === number)!);
    for (const number of ['INV-0001', 'INV-0002']) {
      expect(row(number).getByTestId('invoice-status').textContent).toBe('Overdue');
      expect(row(number).getByTestId('test-paid-tag').textContent).toBe('TEST payment');
      expect(row(number).getByTestId('invoice-balance').getAttribute('data-balance')).toBe('400000');
    }
    expect(row('INV-0003').getByTestId('invoice-status').textContent).toBe('Paid');
    expect(row('INV-0003').queryByTestId('test-paid-tag')).toBeNull();
  });
});

/**
 * Issue 25: the pay page and the owner's list say what TEST MODE payments left (core testModeBalance), as the owner's
 * invoice view, the TEST receipt and the PDF do; the real balance stays shown (and counted) beside it.
 */
describe('what TEST MODE payments left (issue 25)', () => {
  it.each([
    ['en', 'Paid in TEST MODE (no real money)', 'Balance after TEST MODE', '-KSh3,000', 'KSh1,000'],
    ['fr', 'Payé en MODE TEST (aucun argent réel)', 'Solde après le MODE TEST', '-3 000 KSh', '1 000 KSh'],
    ['sw', 'Imelipwa kwa HALI YA MAJARIBIO (hakuna pesa halisi)', 'Salio baada ya HALI YA MAJARIBIO', '-KSh 3,000', 'KSh 1,000'],
  ])(
    'the pay page (%s) shows the real balance, what TEST payments took and what they left',
    async (language, paidLabel, leftLabel, took, left) => {
      const part = { ...testCard, amount: 300_000 };
      servePublicPage({ ...page, language, payments: [part], test_status: 'partially_paid', test_balance: 100_000 });
      renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
      const shown = await screen.findByTestId('public-test-balance', {}, { timeout: 15_000 });
      expect(plainSpaces(shown.textContent)).toBe(left);
      expect(plainSpaces(screen.getByTestId('public-balance').textContent)).toMatch(/4,000|4 000/);
      expect(screen.getByText(leftLabel)).toBeTruthy();
      expect(plainSpaces(screen.getByText(paidLabel).nextElementSibling?.textContent).replace('−', '-')).toBe(took);
    },
    45_000,
  );

  it('every way to pay is TEST MODE: the buttons ask what TEST payments left, as the server takes; a real way asks the balance', async () => {
    const part = { ...testCard, amount: 300_000 };
    const partPaid = { ...page, language: 'en', payments: [part], test_status: 'partially_paid', test_balance: 100_000 };
    servePublicPage({ ...partPaid, pay_test_only: true });
    const view = renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
    expect(plainSpaces((await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 })).textContent)).toBe('Pay KSh1,000 by card');
    view.unmount();
    resetPublicPage();
    servePublicPage({ ...partPaid, pay_provider: 'stripe' });
    renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
    expect(plainSpaces((await screen.findByTestId('public-pay-card', {}, { timeout: 15_000 })).textContent)).toBe('Pay KSh4,000 by card');
  });

  it('settled in TEST MODE: the page says nothing is left after TEST MODE; without a TEST payment there is no such line', async () => {
    servePublicPage({ ...page, language: 'en', test_balance: 0 });
    const view = renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
    expect(plainSpaces((await screen.findByTestId('public-test-balance', {}, { timeout: 15_000 })).textContent)).toBe('KSh0');
    view.unmount();
    resetPublicPage();
    servePublicPage({ ...page, language: 'en', payments: [], test_status: null, test_balance: 400_000 });
    renderUi(<InvoiceLinkView id="pub22" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('public-balance', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('public-test-balance')).toBeNull();
  });

  it("the owner's list: a TEST payment leaves the balance whole, as the Outstanding figure and the invoice say (t17 G4)", () => {
    const base = {
      kind: 'invoice',
      contact_id: 'c1',
      issue_date: '2026-11-01',
      due_date: '2099-11-10',
      currency: 'KES',
      sent_at: '2026-11-01T00:00:00Z',
      lines: [],
      fees: [],
      fee_ids: [],
      total_due: 400_000,
      status: 'sent',
      amount_paid: 0,
      balance: 400_000,
    };
    const rows = buildRows(
      [
        { ...base, id: 'a', number: 'INV-0001', payments: [{ ...testCard, id: 't1', reference: '' }] },
        { ...base, id: 'b', number: 'INV-0002', payments: [{ ...testCard, amount: 150_000, id: 't2', reference: '' }] },
        { ...base, id: 'c', number: 'INV-0003', payments: [] },
      ],
      new Map([['c1', 'Amina']]),
      '2026-11-22',
    );
    expect(rows.map((r) => [r.invoice.number, r.balance])).toEqual([
      ['INV-0003', 400_000],
      ['INV-0002', 400_000],
      ['INV-0001', 400_000],
    ]);
    expect(summarise(rows, '2026-11-22').outstanding).toBe(1_200_000);
    renderUi(
      <MemoryRouter>
        <InvoiceList rows={rows} resetKey="all" />
      </MemoryRouter>,
    );
    const row = (number: string) => within(screen.getAllByTestId('invoice-row').find((r) => r.getAttribute('data-number') === number)!);
    for (const number of ['INV-0001', 'INV-0002', 'INV-0003'])
      expect(plainSpaces(row(number).getByTestId('invoice-balance').textContent)).toBe('Balance KSh4,000');
    // Beside "Sent", the tag says a TEST payment was made, not that the invoice is paid.
    expect(row('INV-0001').getByTestId('invoice-status').textContent).toBe('Sent');
    expect(row('INV-0001').getByTestId('test-paid-tag').textContent).toBe('TEST payment');
    expect(row('INV-0003').queryByTestId('test-paid-tag')).toBeNull();
  });
});
