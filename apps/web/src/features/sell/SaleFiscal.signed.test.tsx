import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type RecordMap } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { renderWithQueries } from '../../ui/testing';
import type { Invoice } from '../invoices/lib/model';
import SaleFiscal from './SaleFiscal';

// t21 section 13: an offline Kenyan sale's receipt kept "Awaiting its TEST MODE signature" after it was signed. The
// receipt asks again while it waits and, once signed, says to print the signed copy. The server's answers are given
// here as the fiscal view test does (useFiscal.test.tsx).
const state = vi.hoisted(() => ({ answer: null as unknown }));
vi.mock('../../data/sync/hooks', () => ({ useSyncState: () => ({ online: true }) }));
vi.mock('../../data/api', async (original) => {
  const actual = await original<typeof import('../../data/api')>();
  return { ...actual, api: async () => state.answer };
});

const ID = crypto.randomUUID();
const kenyan = { id: 'u1', name: 'Wanjiku', username: 'w', email: 'w@example.com', company_name: 'Wanjiku Hardware', country: 'Kenya' } as User;
const sale = {
  id: ID,
  kind: 'sale',
  number: 'SAL-0002',
  finished_at: '2026-11-26T08:00:00.000Z',
  sent_at: '2026-11-26T08:00:00.000Z',
  voided_at: null,
  version: 2,
};
const waiting = {
  state: 'provisional',
  test: true,
  control_unit_id: null,
  fiscal_number: null,
  receipt_label: null,
  internal_data: null,
  signature: null,
  fiscal_datetime: null,
  qr_text: null,
  error: null,
  attempts: 0,
};
const signed = {
  ...waiting,
  state: 'fiscalised',
  control_unit_id: 'DUKATESTABCD1234',
  fiscal_number: '3',
  receipt_label: '3/3 TS',
  internal_data: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  signature: 'ABCDEFGHIJKLMNOP',
  fiscal_datetime: '2026-11-26T08:01:05.000Z',
  qr_text: '26112026#110105#DUKATESTABCD1234#3/3 TS#ABCDEFGHIJKLMNOPQRSTUVWXYZ#ABCDEFGHIJKLMNOP',
  attempts: 1,
};

beforeEach(async () => {
  setCurrentUser(kenyan);
  await db.invoices.put(sale as unknown as RecordMap['invoices']);
});
afterEach(() => {
  cleanup();
  setCurrentUser(null);
});

describe('the receipt of a sale signed while it is open', () => {
  it('shows the signed copy and says to print it', async () => {
    state.answer = waiting;
    renderWithQueries(<SaleFiscal invoice={sale as unknown as Invoice} qrSize={112} onTicketLines={() => undefined} />);
    await screen.findByText('Awaiting its TEST MODE signature');
    expect(screen.queryByTestId('receipt-signed-now')).toBeNull();
    state.answer = signed;
    // useFiscal asks again every 5 s while the sale waits.
    await waitFor(() => expect(screen.getByTestId('receipt-signed-now').textContent).toBe('Signed in TEST MODE now: print this copy for the customer.'), {
      timeout: 8_000,
    });
    expect(screen.queryByText('Awaiting its TEST MODE signature')).toBeNull();
    expect(screen.getByTestId('receipt-fiscal-qr')).toBeTruthy();
  }, 15_000);
});
