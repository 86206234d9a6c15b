import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentUser } from '../../../data/user';
import { renderUi } from '../../../ui/testing';
import InvoiceSettingsPage from './InvoiceSettingsPage';

// Issue 23: a Kenyan shilling business was shown Paystack's naira checkout and its ₦ fees.
afterEach(cleanup);

function open(country: string, currency: string, iso: string) {
  setCurrentUser({
    id: 'u',
    name: 'Njeri',
    username: 'njeri',
    email: 'n@example.com',
    company_name: 'Salon',
    country,
    invoice_settings: JSON.stringify({ currency, country: { name: country, flag: '', iso_code: iso, currency } }),
  } as never);
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <InvoiceSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('invoice settings: the naira checkout block', () => {
  it('is not shown to a Kenyan shilling business', async () => {
    open('Kenya', 'KES', 'KE');
    await screen.findByRole('button', { name: 'Save invoice settings' }, { timeout: 20_000 });
    expect(screen.queryByText('Online payments (Paystack)')).toBeNull();
    expect(screen.queryByText(/Paystack charges/)).toBeNull();
  }, 60_000);

  it('is shown to a Nigerian naira business', async () => {
    open('Nigeria', 'NGN', 'NG');
    expect(await screen.findByText('Online payments (Paystack)', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Paystack charges/)).toBeTruthy();
  }, 60_000);
});
