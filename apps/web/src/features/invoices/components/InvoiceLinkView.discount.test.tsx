import { cleanup, screen } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

// t18 Z2: the customer checks a percentage discount by hand; the page names the rate beside the amount.
const invoice = (over: Record<string, unknown> = {}) => ({
  public_id: 'pubinv1',
  kind: 'invoice',
  number: 'INV-0001',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'ZAR',
  business: { name: 'Braai Joburg', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Thabo', email: null, phone: null, address: null },
  lines: [{ description: 'Braai pack', quantity: 1, unit_price: 82_472, amount: 82_472 }],
  fees: [],
  subtotal: 82_472,
  discount_total: 8_247,
  discount_bps: 1000,
  tax_total: 0,
  fee_total: 0,
  total_due: 74_225,
  amount_paid: 0,
  credited_total: 0,
  balance: 74_225,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
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

describe('the public page of a discounted invoice', () => {
  it('says "Discount (10%)" for a percentage, in the client’s language, and only "Discount" for an amount', async () => {
    mockApi(invoice({ language: 'en' }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect(await screen.findByText('Discount (10%)', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('-R82.47')).toBeTruthy();
    cleanup();
    mockApi(invoice({ language: 'fr' }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect(await screen.findByText(/^Remise \(10\s%\)$/, undefined, { timeout: 15_000 })).toBeTruthy();
    cleanup();
    mockApi(invoice({ language: 'en', discount_bps: null }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect(await screen.findByText('Discount', { exact: true }, { timeout: 15_000 })).toBeTruthy();
  });
});

// t22 T3: a South African VAT vendor's number is its VAT registration number, as on its TAX INVOICE PDF.
describe('the public page of a tax invoice', () => {
  it('labels the business number "VAT reg. no." when the business issues tax invoices, else "Tax ID"', async () => {
    const business = { name: 'Braai Joburg', logo_url: null, email: null, address: null, phone: null, tax_id: '4123456789', registration_number: null };
    mockApi(invoice({ language: 'en', business: { ...business, tax_invoice: true } }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-business', undefined, { timeout: 15_000 })).textContent).toBe('VAT reg. no.: 4123456789');
    // Titled as its PDF is.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Tax invoice /);
    cleanup();
    mockApi(invoice({ language: 'en', business }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-business', undefined, { timeout: 15_000 })).textContent).toBe('Tax ID: 4123456789');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Invoice /);
  });

  it("uses the names the business's country gives its numbers (as its PDF does): NIU and RCCM in Cameroon", async () => {
    const business = {
      name: 'Ngono',
      logo_url: null,
      email: null,
      address: null,
      phone: null,
      tax_id: 'M012345678901A',
      registration_number: 'RC/DLA/2020/B/1234',
    };
    mockApi(invoice({ language: 'fr', business: { ...business, tax_id_label: 'NIU', registration_label: 'RCCM' } }));
    renderUi(<InvoiceLinkView id="pubinv1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByTestId('public-business', undefined, { timeout: 15_000 })).textContent).toBe(
      'NIU\u00a0: M012345678901A\nRCCM\u00a0: RC/DLA/2020/B/1234',
    );
  });
});
