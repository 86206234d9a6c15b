import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

// Issue 23 (item 11 nit): a quote's public page speaks of a quote in the document's language — "Prepared for", not
// "Bill to" / « Facturé à », a status chip of a quote (« Envoyé », not the invoice's « Envoyée ») that follows the answer.
const quote = (over: Record<string, unknown> = {}) => ({
  public_id: 'pubq1',
  kind: 'quote',
  number: 'QUO-0001',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'XAF',
  business: { name: 'Aline Boutique', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Jean Mbarga', email: null, phone: null, address: null },
  lines: [{ description: 'Pagne', quantity: 1, unit_price: 150_000, amount: 150_000 }],
  fees: [],
  subtotal: 150_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 150_000,
  amount_paid: 0,
  balance: 150_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: null,
  declined_at: null,
  decline_reason: null,
  ...over,
});

function mockApi(body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const answer = init?.method === 'POST' && url.endsWith('/accept') ? { status: 'accepted', invoice_public_id: 'pubinv' } : body;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
});

describe('the public page of a quote', () => {
  it('English: Prepared for, Sent, and Accepted as soon as the customer accepts', async () => {
    mockApi(quote({ language: 'en' }));
    renderUi(<InvoiceLinkView id="pubq1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe('Quote QUO-0001');
    expect(screen.getByText('Prepared for')).toBeTruthy();
    expect(screen.queryByText('Bill to')).toBeNull();
    expect(screen.getByTestId('public-status').textContent).toBe('Sent');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(screen.getByTestId('public-status').textContent).toBe('Accepted'));
  });

  it('French: Préparé pour and a chip of a quote (Envoyé, Refusé once declined), never Facturé à', async () => {
    mockApi(quote({ language: 'fr' }));
    renderUi(<InvoiceLinkView id="pubq1" onPaid={() => undefined} customerLanguage />);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe('Devis QUO-0001');
    expect(screen.getByText('Préparé pour')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Facturé à');
    expect(screen.getByTestId('public-status').textContent).toBe('Envoyé');
    cleanup();
    mockApi(quote({ language: 'fr', declined_at: '2026-11-26T08:00:00.000Z', decline_reason: 'Trop cher' }));
    renderUi(<InvoiceLinkView id="pubq1" onPaid={() => undefined} customerLanguage />);
    await waitFor(() => expect(screen.getByTestId('public-status').textContent).toBe('Refusé'), { timeout: 15_000 });
  });

  it('Swahili: Imeandaliwa kwa; an invoice still says Bill to', async () => {
    mockApi(quote({ language: 'sw', status: 'converted', display_status: 'converted' }));
    renderUi(<InvoiceLinkView id="pubq1" onPaid={() => undefined} customerLanguage />);
    expect(await screen.findByText('Imeandaliwa kwa', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('public-status').textContent).toBe('Imekubaliwa');
    cleanup();
    await setLanguage('en');
    mockApi(quote({ language: 'en', kind: 'invoice', number: 'INV-0001' }));
    renderUi(<InvoiceLinkView id="pubq1" onPaid={() => undefined} customerLanguage />);
    expect(await screen.findByText('Bill to', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});
