import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { RefundsDue } from './RefundsDue';

const state = vi.hoisted(() => ({ online: true, calls: [] as string[] }));
vi.mock('../../../data/sync/hooks', () => ({ useSyncState: () => ({ online: state.online }) }));
vi.mock('../../../data/api', async (original) => {
  const actual = await original<typeof import('../../../data/api')>();
  return {
    ...actual,
    api: async (key: string) => {
      state.calls.push(key);
      if (key.startsWith('POST')) return { refunds: [] };
      return {
        refunds: [
          {
            id: 'pi_1',
            amount: 5_000_000,
            currency: 'NGN',
            method: 'card',
            reference: 'pi_1',
            provider: 'stripe',
            reason: 'voided',
            received_at: '2026-11-23T23:30:00.000Z',
          },
        ],
      };
    },
  };
});

const INVOICE = '0b7c5a8e-2f43-4d3b-9a57-1d1d2a3e4f50';
const show = (d: ReturnType<typeof createDb>) => renderWithQueries(<RefundsDue invoiceId={INVOICE} onServer d={d} />);

afterEach(() => {
  cleanup();
  state.online = true;
  state.calls = [];
});

describe('refunds due on the owner’s invoice view', () => {
  it('shows the notice with amount, method and reference, and still shows it offline from the device', async () => {
    const d = createDb(`refunds-${crypto.randomUUID()}`);
    show(d);
    await screen.findByText('This payment arrived after the invoice was voided — refund it to the customer');
    expect(screen.getByTestId('refund-details').textContent).toMatch(/₦50,000 · Card · reference pi_1 · 23 Nov 26/);
    await waitFor(async () => expect(await d.meta.get(`refunds-due:${INVOICE}`)).toBeTruthy());
    cleanup();

    // Offline, a new visit asks nothing and shows what the device kept; marking needs the server.
    state.online = false;
    state.calls = [];
    show(d);
    await screen.findByText('This payment arrived after the invoice was voided — refund it to the customer');
    expect(state.calls).toEqual([]);
    expect((screen.getByRole('button', { name: 'I have refunded it' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('“I have refunded it” removes it, from the device too', async () => {
    const d = createDb(`refunds-${crypto.randomUUID()}`);
    show(d);
    fireEvent.click(await screen.findByRole('button', { name: 'I have refunded it' }));
    await waitFor(() => expect(screen.queryByTestId('refunds-due')).toBeNull());
    expect(state.calls).toContain('POST /invoices/:id/refunds-due/:intent_id/refunded');
    expect(await d.meta.get(`refunds-due:${INVOICE}`)).toBeUndefined();
  });

  it('shows nothing when no payment is waiting for a refund', async () => {
    const d = createDb(`refunds-${crypto.randomUUID()}`);
    state.online = false;
    show(d);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('refunds-due')).toBeNull();
  });
});
