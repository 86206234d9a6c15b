import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { addMonthsClamped, formatDate, localDate, type RecurringRecord } from '@duka/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';

// Issue 23: the panel showed the server's next_date from before its catch-up job ran, a date in the past.
const tz = 'Africa/Nairobi';
const today = localDate(new Date(), tz);
const start = addMonthsClamped(today, -2);
const schedule: RecurringRecord = {
  id: '11111111-1111-4111-8111-111111111111',
  invoice_id: '22222222-2222-4222-8222-222222222222',
  contact_id: '33333333-3333-4333-8333-333333333333',
  currency: 'KES',
  total_due: 1_500_000,
  frequency: 'monthly',
  interval: 1,
  start_date: start,
  end_date: null,
  count: null,
  send_mode: 'draft',
  time_zone: tz,
  status: 'active',
  generated: 0,
  // What the server says until its job catches up: the month after the invoice, now in the past.
  next_date: addMonthsClamped(start, 1),
  last_invoice_id: null,
  last_error: null,
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: '2026-09-01T00:00:00.000Z',
};

vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), listForInvoice: async () => [schedule] }));

beforeAll(() => {
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Njeri', username: 'njeri', email: 'n@example.com', company_name: 'Salon', country: 'Kenya' }));
});
afterEach(cleanup);

describe('the repeat panel of an invoice', () => {
  it('names the next invoice after today, never a past date', async () => {
    const { RecurringPanel } = await import('./RecurringPanel');
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <RecurringPanel invoiceId={schedule.invoice_id} onServer issueDate={start} />
      </QueryClientProvider>,
    );
    const next = await screen.findByTestId('recurring-next', {}, { timeout: 20_000 });
    // The job will make the two monthly invoices up to today; the next one is the month after.
    const expected = addMonthsClamped(start, 3);
    expect(expected > today).toBe(true);
    expect(next.textContent).toContain(`Next invoice ${formatDate(expected)}`);
    expect(next.textContent).not.toContain(formatDate(schedule.next_date!));
  }, 60_000);
});
