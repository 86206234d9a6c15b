import 'fake-indexeddb/auto';
import { formatMoney } from '@duka/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../data/db';
import { setCurrentUser } from '../../data/user';
import { renderWithQueries } from '../../ui/testing';
import ContactPage from '../clients/pages/ContactPage';
import SearchTab from '../search/pages/SearchTab';
import { REFUSED_AT, seedRefusedChange } from '../invoices/lib/refusedFixtures';
import DebtorsPage from './DebtorsPage';

// t19 N6 (h126's leftover): Who owes me, its statements and its reminder messages read the device's copy of an
// invoice whose change the server refused (owed FRw 590) while the server had it paid (FRw 1,181): the owner would
// remind a client who had paid. They now read the server's copy kept with the refused change, as the invoice page does.
const now = REFUSED_AT;
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a09';
const rwf = (n: number) => formatMoney(n, 'RWF');

beforeAll(async () => {
  setCurrentUser({ id: 'u', name: 'Aline', username: 'aline', email: 'a@example.com', company_name: 'Aline Foods', country: 'Rwanda' } as never);
  await db.contacts.put({
    id: contact,
    name: 'Uwase Shop',
    phone: '+250788123456',
    permalink: 'uwase-shop',
    created_at: now,
    updated_at: now,
  } as RecordMap['contacts']);
  await seedRefusedChange(contact);
});
afterEach(cleanup);

function open(url = '/debtors') {
  const router = createMemoryRouter(
    [
      { path: '/debtors', element: <DebtorsPage /> },
      { path: '/contacts/:permalink', element: <ContactPage /> },
      { path: '/tabs/search', element: <SearchTab /> },
    ],
    { initialEntries: [url] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

describe('Who owes me, statements, a client’s page and search with a refused invoice change (t19 N6)', () => {
  it("owes only what the server says: INV-B's FRw 700, and the reminder names INV-B alone", async () => {
    open();
    const debtor = await screen.findByTestId('debtor', undefined, { timeout: 20_000 });
    expect(within(debtor).getByTestId('debtor-balance').textContent).toBe(rwf(700));
    expect(within(debtor).queryByText('INV-A')).toBeNull();
    expect(within(debtor).getByText('INV-B')).toBeTruthy();
    expect(screen.getByTestId('debtors-total').textContent).toContain(rwf(700));
    const text = decodeURIComponent(within(debtor).getByTestId('remind-whatsapp').getAttribute('href')!.split('?text=')[1]!);
    expect(text).toContain(rwf(700));
    expect(text).toContain('INV-B');
    expect(text).not.toContain('INV-A');
  }, 60_000);

  it("the client's statement closes at FRw 700, with INV-A paid as on the server", async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Statement' }, { timeout: 20_000 }));
    const statement = await screen.findByTestId('statement');
    await waitFor(() => expect(within(statement).getByTestId('statement-closing').textContent).toBe(rwf(700)));
  }, 60_000);

  it("the client's page: owed FRw 700, INV-A listed paid", async () => {
    open('/contacts/uwase-shop');
    await waitFor(() => expect(screen.getByTestId('owed').textContent).toBe(rwf(700)), { timeout: 20_000 });
    const statuses = screen.getAllByTestId('client-invoice-status').map((b) => b.textContent);
    expect(statuses).toHaveLength(2);
    expect(statuses).toContain('Paid');
  }, 60_000);

  it('search finds INV-A as the server has it: paid, FRw 1,181', async () => {
    open('/tabs/search?q=INV-A');
    const group = await screen.findByTestId('search-group-invoices', undefined, { timeout: 20_000 });
    expect(group.textContent).toContain(rwf(1_181));
    expect(group.textContent).toContain('Paid');
    expect(group.textContent).not.toContain(rwf(590));
  }, 60_000);
});
