import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { ChangePlanModal } from './ChangePlanModal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function open(onChanged = vi.fn()) {
  renderUi(
    <>
      <Notifications />
      <ChangePlanModal opened onClose={() => {}} current="ng-1-month" onChanged={onChanged} />
    </>,
  );
  return onChanged;
}

async function choose(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
}

describe('Change Plan modal (SPEC modal 5)', () => {
  it('a plan is required (SPEC §5)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes Change My Plan' }));
    expect(await screen.findByText('Choose a plan')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the price per month, the struck pre-sale price and the total text', async () => {
    open();
    await choose('12 Months');
    expect(screen.getByTestId('plan-price').textContent).toBe('₦2,125');
    expect(screen.getByTestId('plan-presale').textContent).toBe('₦2,550');
    expect(screen.getByTestId('plan-charge').textContent).toBe('You will be charged ₦25,500 for 12 months subscription.');
    await choose('6 Months');
    expect(screen.getByTestId('plan-charge').textContent).toBe('You will be charged ₦15,500 for 6 months subscription.');
    expect(screen.queryByTestId('plan-presale')).toBeNull();
  });

  it('says when and how much the new plan charges (issue 23 item 12), keeping SPEC’s sentence', async () => {
    renderUi(<ChangePlanModal opened onClose={() => {}} current="ng-1-month" periodEnd="2027-03-05T12:00:00.000Z" onChanged={vi.fn()} />);
    await choose('12 Months');
    expect(screen.getByTestId('plan-charge').textContent).toBe('You will be charged ₦25,500 for 12 months subscription.');
    expect(screen.getByTestId('plan-charge-when').textContent).toBe(
      'Your current plan stays until 5 Mar 27. On 5 Mar 27, ₦25,500 is charged for the new plan, then again every 12 months until you cancel.',
    );
  });

  it("sends {subscription:{plan}}, toasts 'Plan successfully changed'; failure toasts SPEC §8's text", async () => {
    const sub = {
      plan: '6 Months',
      intent: 'ng-6-months',
      status: 'active',
      provider: 'test',
      current_period_end: null,
      months: 1,
      amount: 1550000,
      currency: 'NGN',
      credit: 250,
      paid: true,
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(sub), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('token', 't');
    const onChanged = open();
    await choose('6 Months');
    fireEvent.click(screen.getByRole('button', { name: 'Yes Change My Plan' }));
    expect(await screen.findByText('Plan successfully changed')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith(sub);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscriptions/change-plan');
    expect(JSON.parse(String(init.body))).toEqual({ subscription: { plan: 'ng-6-months' } });

    fetch.mockImplementation(async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 }));
    await choose('12 Months');
    fireEvent.click(screen.getByRole('button', { name: 'Yes Change My Plan' }));
    await waitFor(() => expect(screen.getByText('Subscription with code not found or already inactive')).toBeTruthy());
  });
});
