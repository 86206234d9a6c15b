import { cleanup, screen } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

// Issue 26: after a credit note the public page says what was credited, as the PDF and the owner's view do, and its
// figures add up: total − credited − paid = balance.
const invoice = (over: Record<string, unknown> = {}) => ({
  public_id: 'pubinv1',
  kind: 'invoice',
  number: 'INV-0001',
  status: 'partially_paid',
  display_status: 'partially_paid',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'KES',
  business: { name: 'Duka Hardware', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Otieno Builders', email: null, phone: null, address: null },
  lines: [{ description: 'Cement', quantity: 3, unit_price: 100_000, amount: 300_000 }],
  fees: [],
  subtotal: 300_000,
  discount_total: 0,
  tax_total: 0,
  fee_total: 0,
  total_due: 300_000,
  amount_paid: 130_000,
  credited_total: 50_000,
  balance: 120_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [{ amount: 130_000, method: 'cash', date: '2026-11-25' }],
  pay_provider: null,
  ...over,
});

function mockApi(body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

describe('the public page of a credited invoice', () => {
  it('shows Credited between the total and what was paid, in the client’s language; none without a credit note', async () => {
    mockApi(invoice({ language: 'en' }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    const credited = await screen.findByTestId('public-credited', undefined, { timeout: 15_000 });
    expect(credited.textContent).toBe('-KSh500');
    expect(credited.previousElementSibling?.textContent).toBe('Credited');
    expect(screen.getByTestId('public-total').textContent).toBe('KSh3,000');
    expect(screen.getByTestId('public-balance').textContent).toBe('KSh1,200'); // 3,000 − 500 − 1,300
    cleanup();
    mockApi(invoice({ language: 'sw' }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-credited', undefined, { timeout: 15_000 })).previousElementSibling?.textContent).toBe('Imepunguzwa');
    cleanup();
    mockApi(invoice({ language: 'en', credited_total: 0, balance: 170_000 }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('public-balance', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('public-credited')).toBeNull();
  });

  it('credited beyond what was unpaid: never "fully paid, thank you", and the refund due to the client (issue 26 F2)', async () => {
    // 3,000, 1,300 paid, credited whole: nothing owed, 1,300 to refund.
    mockApi(invoice({ language: 'en', status: 'credited', display_status: 'credited', credited_total: 300_000, balance: 0 }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    const note = await screen.findByTestId('public-nothing-owed', undefined, { timeout: 15_000 });
    expect(note.textContent).toContain('This invoice was credited in full: nothing is owed.');
    expect(note.textContent).not.toContain('fully paid');
    expect(screen.getByTestId('public-refund-due').textContent).toBe('A refund of KSh1,300 is due to you.');
    expect(screen.getByTestId('public-status').textContent).toBe('Credited');
    cleanup();
    // Never paid, credited whole: credited, nothing to refund.
    mockApi(invoice({ language: 'fr', status: 'credited', display_status: 'credited', credited_total: 300_000, balance: 0, amount_paid: 0, payments: [] }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-nothing-owed', undefined, { timeout: 15_000 })).textContent).toContain('entièrement annulée par avoir');
    expect(screen.queryByTestId('public-refund-due')).toBeNull();
    cleanup();
    // Paid in full with no credit note: the thank-you stays.
    mockApi(
      invoice({
        language: 'en',
        status: 'paid',
        display_status: 'paid',
        credited_total: 0,
        balance: 0,
        amount_paid: 300_000,
        payments: [{ amount: 300_000, method: 'cash', date: '2026-11-25' }],
      }),
    );
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-nothing-owed', undefined, { timeout: 15_000 })).textContent).toBe('This invoice is fully paid. Thank you!');
    expect(screen.queryByTestId('public-refund-due')).toBeNull();
  });
});
