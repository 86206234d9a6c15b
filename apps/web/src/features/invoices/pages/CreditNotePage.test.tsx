import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, pagePaths } from '../../../paths';
import { renderWithQueries } from '../../../ui/testing';
import CreditNotePage from './CreditNotePage';
import { fiscalInvoice, seedFiscalShop } from './fiscalFixtures';

// T25-2: the credit-note page always wrote cents ("KSh8,000.00") while every other screen of a whole-shilling
// invoice writes "KSh8,000". It follows the invoice's rule now (issue 23): minor units only when an amount has them.
const contact = '5b0d7c1e-8a41-4c1e-9f55-2f1f0b6c1a25';
const line = (id: string, description: string, quantity: number, unit_price: number) => ({ id, description, quantity, unit_price, fee_ids: [] });
const invoice = (id: string, lines: ReturnType<typeof line>[]) => {
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unit_price, 0);
  return fiscalInvoice(contact, id, `INV-${id}`, { lines, subtotal: total, total_due: total, balance: total });
};

beforeAll(async () => {
  await seedFiscalShop(
    contact,
    [
      invoice('whole', [line('l1', 'Cement', 1, 800_000)]),
      invoice('cents', [line('l1', 'Cement', 1, 800_000), line('l2', 'Nails', 1, 1_250)]),
      invoice('half', [line('l1', 'Sugar', 1, 1_500)]),
    ],
    {},
    true,
  );
});
afterEach(cleanup);

async function open(id: string) {
  const router = createMemoryRouter([{ path: PAGE_PATTERNS.creditNote, element: <CreditNotePage /> }], { initialEntries: [pagePaths.creditNote(id)] });
  renderWithQueries(<RouterProvider router={router} />);
  return screen.findByTestId('credit-remaining', undefined, { timeout: 10_000 });
}
const total = () => screen.getByTestId('credit-total').textContent;

describe('money on the credit-note page (T25-2)', () => {
  it('a whole-shilling invoice: KSh8,000, no cents, as on its other screens', async () => {
    expect((await open('whole')).textContent).toBe('Still creditable on this invoice: KSh8,000');
    expect(screen.getByText('KSh8,000 each')).toBeTruthy();
    expect(total()).toBe('KSh0');
    fireEvent.click(screen.getByTestId('credit-all'));
    await waitFor(() => expect(total()).toBe('KSh8,000'));
  }, 30_000);

  it('an invoice with cents: every amount shows them', async () => {
    expect((await open('cents')).textContent).toBe('Still creditable on this invoice: KSh8,012.50');
    expect(screen.getByText('KSh8,000.00 each')).toBeTruthy();
    expect(screen.getByText('KSh12.50 each')).toBeTruthy();
    expect(total()).toBe('KSh0.00');
    fireEvent.click(screen.getByTestId('credit-all'));
    await waitFor(() => expect(total()).toBe('KSh8,012.50'));
  }, 30_000);

  it('a credit with cents on a whole-shilling invoice: the page shows them on every amount', async () => {
    expect((await open('half')).textContent).toBe('Still creditable on this invoice: KSh15');
    fireEvent.change(screen.getByTestId('credit-qty-0'), { target: { value: '0.5' } });
    await waitFor(() => expect(total()).toBe('KSh7.50'));
    expect(screen.getByTestId('credit-remaining').textContent).toBe('Still creditable on this invoice: KSh15.00');
    expect(screen.getByText('KSh15.00 each')).toBeTruthy();
  }, 30_000);
});
