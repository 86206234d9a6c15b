import 'fake-indexeddb/auto';
import { ethiopianMonthName, ethiopianVatMonth, formatDate, presetPeriod } from '@duka/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { todayForBusiness } from '../../../data/today';
import { renderUi } from '../../../ui/testing';
import VatReturnPage from './VatReturnPage';

// Issue 23: counts in the right plural, no negative zero, the period in the app's date format.
// The Kenyan owner first: "today" is Nairobi's day, as on the page (from 21:00 UTC on a month's last day, UTC's day is
// still the month before and the documents fell outside "this month").
localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Wanjiru', username: 'w', email: 'w@example.com', company_name: 'Salon', country: 'Kenya' }));
const now = new Date().toISOString();
const today = todayForBusiness();
const VAT16 = { id: 'b', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
const doc = {
  status: 'sent',
  currency: 'KES',
  issue_date: today,
  contact_id: 'c',
  payments: [],
  discount: null,
  fees: [VAT16],
  fee_ids: [],
  created_at: now,
  updated_at: now,
};

beforeAll(async () => {
  await db.invoices.bulkPut([
    { ...doc, id: 'i1', kind: 'invoice', number: 'INV-0001', lines: [{ id: 'a', description: 'Braids', quantity: 1, unit_price: 250_000, fee_ids: ['b'] }] },
    {
      ...doc,
      id: 'c1',
      kind: 'credit_note',
      number: 'CN-0001',
      credited_invoice_id: 'i1',
      lines: [{ id: 'a', description: 'Braids', quantity: 1, unit_price: 100_000, fee_ids: ['b'] }],
    },
  ] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

describe('VAT return page', () => {
  it('says "1 invoice, 1 credit note, 0 expenses", shows no -KSh0.00 and names the period as the app writes dates', async () => {
    renderUi(
      <MemoryRouter>
        <VatReturnPage />
      </MemoryRouter>,
    );
    const counts = await screen.findByTestId('vat-counts', undefined, { timeout: 10_000 });
    await waitFor(() => expect(counts.textContent).toBe('1 invoice, 1 credit note, 0 expenses'), { timeout: 10_000 });
    expect(screen.getByTestId('vat-input').textContent).toBe('KSh0.00');
    // Amounts never wrap (at 360 px the minus of -KSh 228.97 went onto its own line, t15a F3).
    for (const id of ['vat-output', 'vat-input', 'vat-net']) expect(screen.getByTestId(id).style.whiteSpace).toBe('nowrap');
    expect(screen.getAllByText('-KSh160.00').length).toBeGreaterThan(0);
    const month = presetPeriod('this_month', today);
    expect(screen.getByTestId('vat-period-line').textContent).toBe(`${formatDate(month.from)} – ${formatDate(month.to)}`);
    // Dates are typed only for a custom period.
    expect(screen.queryByTestId('vat-from')).toBeNull();
    fireEvent.change(screen.getByTestId('vat-period'), { target: { value: 'custom' } });
    expect(await screen.findByTestId('vat-from')).toBeTruthy();
  }, 30_000);

  it('gives an Ethiopian business its Ethiopian accounting months for this and last month, named', async () => {
    const kenyan = localStorage.getItem('user')!;
    localStorage.setItem('user', JSON.stringify({ ...JSON.parse(kenyan), country: 'Ethiopia' }));
    try {
      renderUi(
        <MemoryRouter>
          <VatReturnPage />
        </MemoryRouter>,
      );
      const line = await screen.findByTestId('vat-period-line', undefined, { timeout: 10_000 });
      const month = ethiopianVatMonth(todayForBusiness());
      expect(line.textContent).toBe(`${formatDate(month.from)} – ${formatDate(month.to)} · Ethiopian month ${ethiopianMonthName(month, 'en')}`);
      fireEvent.change(screen.getByTestId('vat-period'), { target: { value: 'last_month' } });
      const before = ethiopianVatMonth(new Date(new Date(`${month.from}T12:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10));
      await waitFor(() => expect(screen.getByTestId('vat-period-line').textContent).toContain(`${formatDate(before.from)} – ${formatDate(before.to)}`));
      // A quarter is the calendar's.
      fireEvent.change(screen.getByTestId('vat-period'), { target: { value: 'this_quarter' } });
      const quarter = presetPeriod('this_quarter', todayForBusiness());
      await waitFor(() => expect(screen.getByTestId('vat-period-line').textContent).toBe(`${formatDate(quarter.from)} – ${formatDate(quarter.to)}`));
    } finally {
      localStorage.setItem('user', kenyan);
    }
  }, 30_000);

  it('takes the custom dates in the app’s date format, typed (or from the calendar button), and says when one cannot be read', async () => {
    renderUi(
      <MemoryRouter>
        <VatReturnPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('vat-counts', undefined, { timeout: 10_000 });
    fireEvent.change(screen.getByTestId('vat-period'), { target: { value: 'custom' } });
    const from = (await screen.findByRole('textbox', { name: 'From' })) as HTMLInputElement;
    const to = screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    // Shown as the app writes dates, never yyyy-mm-dd or the browser's own format.
    expect(from.value).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}$/);
    expect(screen.getAllByText(/^Type it like \d{1,2} [A-Z][a-z]{2} \d{2}$/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Choose From on a calendar' })).toBeTruthy();
    fireEvent.change(from, { target: { value: '1 Jan 26' } });
    fireEvent.blur(from);
    fireEvent.change(to, { target: { value: '31/12/2026' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('vat-period-line').textContent).toBe('1 Jan 26 – 31 Dec 26'));
    expect(to.value).toBe('31 Dec 26');
    // A date it cannot read: said in words, linked to the field; the period stays as it was.
    fireEvent.change(from, { target: { value: '31 Feb 26' } });
    fireEvent.blur(from);
    const error = await screen.findByText(/^Type a date like \d{1,2} [A-Z][a-z]{2} \d{2}, or choose it on the calendar$/);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByTestId('vat-period-line').textContent).toBe('1 Jan 26 – 31 Dec 26');
  }, 30_000);
});

describe('VAT return page: invoices in another currency (t19 N5)', () => {
  it('counts a USD invoice in the shillings return at its exchange rate, shows the dollars, and names one with no rate', async () => {
    const usd = { ...doc, currency: 'USD', kind: 'invoice', fee_ids: [] };
    const line = { id: 'a', description: 'Design', quantity: 1, unit_price: 10_000, fee_ids: ['b'] };
    // $100.00 + VAT 16% = $16.00 at 1 USD = KSh129.35 → KSh2,069.60; INV-0003 has no rate.
    await db.invoices.bulkPut([
      { ...usd, id: 'u1', number: 'INV-0002', exchange_rate: 129.35, lines: [line] },
      { ...usd, id: 'u2', number: 'INV-0003', exchange_rate: null, lines: [line] },
    ] as unknown as RecordMap['invoices'][]);
    renderUi(
      <MemoryRouter>
        <VatReturnPage />
      </MemoryRouter>,
    );
    const counts = await screen.findByTestId('vat-counts', undefined, { timeout: 10_000 });
    await waitFor(() => expect(counts.textContent).toBe('2 invoices, 1 credit note, 0 expenses'), { timeout: 10_000 });
    // KSh400.00 − KSh160.00 + KSh2,069.60.
    expect(screen.getByTestId('vat-output').textContent).toBe('KSh2,309.60');
    expect(screen.getByTestId('vat-foreign-USD').textContent).toBe('1 document in USD: VAT $16.00, counted above as KSh2,069.60 at its exchange rate.');
    const missing = screen.getByTestId('vat-no-rate-USD');
    expect(missing.textContent).toContain('1 document in USD has no exchange rate and is not counted');
    expect(screen.getByRole('link', { name: 'INV-0003' }).getAttribute('href')).toBe('/new-invoice?id=u2');
    await db.invoices.bulkDelete(['u1', 'u2']);
  }, 30_000);
});
