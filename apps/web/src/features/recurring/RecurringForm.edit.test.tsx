import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type RecurringRecord } from '@duka/core';
import { todayForBusiness } from '../../data/today';
import { renderUi } from '../../ui/testing';
import { RecurringForm, type RecurringValues } from './RecurringForm';

// Issue 23 item 1: editing a repeat so that it makes an invoice today (or for past dates) says so and asks first.
beforeAll(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa' }));
});
afterEach(cleanup);

const schedule = (over: Partial<RecurringRecord> = {}): RecurringRecord => ({
  id: '11111111-1111-4111-8111-111111111111',
  invoice_id: '22222222-2222-4222-8222-222222222222',
  contact_id: '33333333-3333-4333-8333-333333333333',
  currency: 'NGN',
  total_due: 100_000,
  frequency: 'monthly',
  interval: 1,
  start_date: addDays(todayForBusiness(), 20),
  end_date: null,
  count: null,
  send_mode: 'send',
  time_zone: 'Africa/Lagos',
  status: 'active',
  generated: 0,
  next_date: addDays(todayForBusiness(), 20),
  last_invoice_id: null,
  last_error: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function open(initial: RecurringRecord, saved: RecurringValues[]) {
  return renderUi(
    <RecurringForm opened onClose={() => undefined} initial={initial} onSave={async (v) => void saved.push(v)} source={{ issue_date: '2026-01-05' }} />,
  );
}

describe('editing a repeat', () => {
  it('moved to start today: asks first, saves only once the owner says yes', async () => {
    const saved: RecurringValues[] = [];
    open(schedule(), saved);
    fireEvent.change(screen.getByLabelText('First invoice on'), { target: { value: todayForBusiness() } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByTestId('recurring-confirm-today');
    expect(ask.textContent).not.toBe('');
    expect(saved).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Change the date' }));
    await waitFor(() => expect(screen.queryByTestId('recurring-confirm-today')).toBeNull());
    expect(saved).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('recurring-confirm-today');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, make it now' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.start_date).toBe(todayForBusiness());
  });

  it('an edit that makes nothing now saves at once', async () => {
    const saved: RecurringValues[] = [];
    open(schedule(), saved);
    fireEvent.click(screen.getByRole('radio', { name: /Keep it as a draft/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByTestId('recurring-confirm-today')).toBeNull();
  });
});
