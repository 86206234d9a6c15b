import { setDisplayLanguage } from '@duka/core';
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { setLanguage } from '../i18n';

/** What GET /invoices/public/:public_id answers for a sent, unpaid invoice of one line (tests of the customer's page). */
export function publicPage(
  page: { public_id: string; number: string; currency: string; business: string; client: string; line: string; amount: number },
  extra: Record<string, unknown> = {},
) {
  const { amount } = page;
  return {
    public_id: page.public_id,
    kind: 'invoice',
    number: page.number,
    status: 'sent',
    display_status: 'sent',
    issue_date: '2026-03-05',
    due_date: '2026-08-20',
    currency: page.currency,
    business: { name: page.business, logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
    client: { name: page.client, email: null, phone: null, address: null },
    lines: [{ description: page.line, quantity: 1, unit_price: amount, amount }],
    fees: [],
    subtotal: amount,
    discount_total: 0,
    tax_total: 0,
    total_due: amount,
    amount_paid: 0,
    balance: amount,
    notes: '',
    terms: '',
    payment_instructions: '',
    payments: [],
    pay_provider: null,
    ...extra,
  };
}

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

/** Stands in for the server: every fetch is answered 200 with `answer(url, method)` as JSON. Returns the calls made. */
export function answerJson(answer: (url: string, method: string) => unknown): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify(answer(String(url), method)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** Serves the public page, and whether M-Pesa (Daraja) is set up when the page asks (GET …/mpesa). */
export function servePublicPage(page: unknown, mpesa = false): SentCall[] {
  return answerJson((url) => (url.endsWith('/mpesa') ? { available: mpesa } : page));
}

/** After each test: unmount, drop the stand-in server, and go back to English. */
export async function resetPublicPage(): Promise<void> {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  setDisplayLanguage('en');
}

/** The text with French and Swahili no-break spaces made plain ("4 000 KSh"). */
export const plainSpaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
