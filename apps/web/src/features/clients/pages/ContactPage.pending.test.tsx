import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../../data/db';
import { renderRoutes } from '../../../ui/testing';
import ContactPage from './ContactPage';

const contactId = crypto.randomUUID();
const expense = { currency: 'KES', category: 'Other', contact_id: contactId, payment_method: 'cash' as const, description: '', receipt: null };

beforeAll(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'juma', country: 'Kenya', invoice_settings: JSON.stringify({ currency: 'KES' }) }));
  await saveRecord('contacts', { id: contactId, name: 'Naivas', permalink: 'naivas' });
  await saveRecord('expenses', { ...expense, id: crypto.randomUUID(), amount: 77_000, date: '2026-11-02', vendor: 'Paid', amount_pending: null });
  await saveRecord('expenses', { ...expense, id: crypto.randomUUID(), amount: 0, date: '2026-11-03', vendor: 'Photo', amount_pending: 'to_read' });
  await saveRecord('expenses', { ...expense, id: crypto.randomUUID(), amount: 0, date: '2026-11-04', vendor: 'Blurred', amount_pending: 'unreadable' });
});
afterEach(() => cleanup());

describe('client page: an expense whose amount is still to be read (issue 29)', () => {
  it('shows "to be read" or "not read", never 0', async () => {
    renderRoutes(
      [
        {
          path: '/contacts/:permalink',
          element: (
            <QueryClientProvider client={new QueryClient()}>
              <ContactPage />
            </QueryClientProvider>
          ),
        },
      ],
      '/contacts/naivas',
    );
    // The expenses strings load with the page: wait for the words, not the first render's keys.
    await screen.findByText('Amount to be read from the photo');
    await screen.findByText('Amount not read: type it');
    expect(screen.getAllByTestId('expense-pending')).toHaveLength(2);
    expect(await screen.findByText(/KSh770/)).toBeTruthy();
    expect(screen.queryByText(/KSh0(\.00)?$/)).toBeNull();
  });
});
