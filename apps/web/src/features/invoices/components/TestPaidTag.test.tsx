import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { plainSpaces, publicPage, resetPublicPage, servePublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { buildRows } from '../lib/list';
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
    ['en', 'Sent', 'Paid (TEST)', 'Pay KSh4,000'],
    ['fr', 'Envoyée', 'Payée (TEST)', 'Payer 4 000 KSh'],
    ['sw', 'Imetumwa', 'Imelipwa (TEST)', 'Lipa KSh 4,000'],
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

  it("the owner's list: the badge reads by real money, the tag says Paid (TEST), the balance is what is really owed", () => {
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
      expect(row(number).getByTestId('test-paid-tag').textContent).toBe('Paid (TEST)');
      expect(row(number).getByTestId('invoice-balance').getAttribute('data-balance')).toBe('400000');
    }
    expect(row('INV-0003').getByTestId('invoice-status').textContent).toBe('Paid');
    expect(row('INV-0003').queryByTestId('test-paid-tag')).toBeNull();
  });
});
