import 'fake-indexeddb/auto';
import { businessToday, formatDate } from '@duka/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import CashUpPage from './CashUpPage';
import SellPage from './SellPage';

// t21 P4: the end-of-day cash-up, reached from the Sell screen. Lagos decides the business's day.
const today = businessToday(new Date(), 'Africa/Lagos');
const pay = (amount: number, method: string, extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  amount,
  method,
  date: today,
  reference: '',
  ...extra,
});
const sale = (total: number, payments: unknown[], extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  kind: 'sale',
  status: 'paid',
  number: 'SAL-0001',
  issue_date: today,
  currency: 'NGN',
  total_due: total,
  payments,
  ...extra,
});

beforeAll(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ada', country: 'Nigeria', invoice_settings: JSON.stringify({ currency: 'NGN' }) }));
});
afterEach(cleanup);

describe('End of day (t21 P4)', () => {
  it('says so on a day without sales, with the way back to selling', async () => {
    renderRoutes([{ path: '/sell/cash-up', element: <CashUpPage /> }], '/sell/cash-up');
    expect(await screen.findByText(`No sales, payments or refunds on ${formatDate(today, 'en')}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to selling' }).getAttribute('href')).toBe('/sell');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('opens from Sell and shows the day’s sales, money by method, refunds and the cash expected', async () => {
    await saveRecord('invoices', sale(100_000, [pay(100_000, 'cash'), pay(-50_000, 'cash', { refund: true })]) as never);
    await saveRecord('invoices', sale(50_000, [pay(50_000, 'mobile_money')]) as never);
    await saveRecord('invoices', sale(30_000, [pay(30_000, 'card', { test: true })]) as never);
    await saveRecord('invoices', sale(20_000, [], { status: 'void' }) as never);
    renderRoutes(
      [
        { path: '/sell', element: <SellPage /> },
        { path: '/sell/cash-up', element: <CashUpPage /> },
      ],
      '/sell',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'End of day' }));
    const sheet = await screen.findByTestId('cash-up');
    expect(within(sheet).getByTestId('cash-up-sales').textContent).toMatch(/Sales made3 sales₦1,800\.00/);
    expect(within(sheet).getByTestId('cash-up-in-cash').textContent).toMatch(/Cash1 payment₦1,000\.00/);
    expect(within(sheet).getByTestId('cash-up-in-mobile_money').textContent).toMatch(/Mobile money1 payment₦500\.00/);
    // A TEST MODE card payment moved no money.
    expect(within(sheet).queryByTestId('cash-up-in-card')).toBeNull();
    expect(within(sheet).getByTestId('cash-up-received').textContent).toMatch(/₦1,500\.00$/);
    expect(within(sheet).getByTestId('cash-up-out-cash').textContent).toMatch(/1 refund\D?₦500\.00/);
    expect(within(sheet).getByTestId('cash-up-net').textContent).toMatch(/₦1,000\.00$/);
    expect(within(sheet).getByTestId('cash-up-cash').textContent).toMatch(/Cash expected in the drawer.*₦500\.00/);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('h155: keeps the opening float and the count (a reload shows them), counts the float in the cash expected, says what is short', async () => {
    const page = () => renderRoutes([{ path: '/sell/cash-up', element: <CashUpPage /> }], '/sell/cash-up');
    page();
    const form = await screen.findByRole('region', { name: 'Till in NGN' });
    // A negative float is refused with a sentence; nothing is kept.
    const float = within(form).getByLabelText(/Opening float/);
    fireEvent.input(float, { target: { value: '-200' } });
    fireEvent.change(float, { target: { value: '-200' } });
    fireEvent.blur(float);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the till' }));
    // The field says what is wrong and refuses the form's submission (MoneyInput, t24 F3).
    expect(await within(form).findByText('Enter an amount above 0')).toBeTruthy();
    expect(float.getAttribute('aria-invalid')).toBe('true');
    expect(within(await screen.findByTestId('cash-up')).getByTestId('cash-up-float').textContent).toMatch(/Opening float₦0\.00$/);

    fireEvent.input(float, { target: { value: '2,000' } });
    fireEvent.change(float, { target: { value: '2,000' } });
    const counted = within(form).getByLabelText(/Cash counted/);
    fireEvent.input(counted, { target: { value: '2,450' } });
    fireEvent.change(counted, { target: { value: '2,450' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the till' }));
    expect(await within(form).findByText('Saved on this device; it goes to your other devices when online.')).toBeTruthy();

    // The day's cash: ₦1,000 received, ₦500 refunded, on top of a ₦2,000 float; ₦2,450 counted is ₦50 short.
    cleanup();
    page();
    const sheet = await screen.findByTestId('cash-up');
    await within(sheet).findByText('Short');
    expect(within(sheet).getByTestId('cash-up-float').textContent).toMatch(/Opening float₦2,000\.00$/);
    expect(within(sheet).getByTestId('cash-up-cash').textContent).toMatch(/Cash expected in the drawer.*₦2,500\.00$/);
    expect(within(sheet).getByTestId('cash-up-counted').textContent).toMatch(/Cash counted₦2,450\.00$/);
    expect(within(sheet).getByTestId('cash-up-difference').textContent).toMatch(/Short-₦50\.00$/);
    expect((within(screen.getByRole('region', { name: 'Till in NGN' })).getByLabelText(/Opening float/) as HTMLInputElement).value).toBe('2,000');
  });
});
