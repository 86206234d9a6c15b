import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t17 G4: after a TEST MODE payment the owner's list said "Outstanding ₵4,501.81" beside "Balance ₵0", and the invoice
// page "Balance ₵0.00" above totals saying ₵4,501.81. TEST payments are no money: the balance stays whole everywhere.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a04';
const testPay = (id: string, amount: number) => ({
  id,
  amount,
  method: 'mobile_money',
  date: '2026-11-25',
  reference: 'TEST1',
  provider: 'mtn_momo',
  test: true,
});

const base = sentInvoiceBase(contact, 'UGX', now);

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  // Not a Kenyan business: no fiscal state to ask for.
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Uganda' }),
  );
  await db.contacts.put({ id: contact, name: 'Nakato Traders', created_at: now, updated_at: now } as RecordMap['contacts']);
  const invoice = (id: string, number: string, payments: unknown[], credited = 0) => ({
    ...base,
    id,
    number,
    lines: [{ id: 'l1', description: 'Sugar', quantity: 1, unit_price: 150_000, fee_ids: [] }],
    payments,
    subtotal: 150_000,
    total_due: 150_000,
    // Stored by real money only (issue 22): nothing paid, all owed.
    amount_paid: 0,
    credited_total: credited,
    balance: 150_000 - credited,
    status: 'sent',
    public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
  });
  await db.invoices.bulkPut([
    invoice('inv1', 'INV-0001', [testPay('3f2a9c01-b7aa-4bbb-8ccc-000000000101', 150_000)]),
    invoice('inv2', 'INV-0002', [testPay('3f2a9c01-b7aa-4bbb-8ccc-000000000102', 50_000)]),
    // Paid in full in TEST MODE, then USh20,000 credited (t20 U4).
    invoice('inv3', 'INV-0003', [testPay('3f2a9c01-b7aa-4bbb-8ccc-000000000103', 150_000)], 20_000),
  ] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: [`/invoices/${id}`] });
  renderWithQueries(<RouterProvider router={router} />);
}

describe("the owner's invoice after TEST MODE payments (t17 G4: one story, no money came in)", () => {
  it('paid in full in TEST MODE: the balance stays whole in the header and the totals, the TEST payment a line of its own', async () => {
    open('inv1');
    const balance = await screen.findByTestId('view-balance', undefined, { timeout: 10_000 });
    expect(balance.textContent).toBe('USh150,000');
    expect(screen.getByTestId('balance').textContent).toBe('USh150,000');
    expect(screen.getByTestId('test-paid').textContent).toBe('USh150,000');
    expect(screen.getByText('Paid in TEST MODE (no real money)')).toBeTruthy();
    expect(screen.queryByTestId('test-balance')).toBeNull();
    expect(screen.getByTestId('view-test-settled').textContent).toBe('Paid in TEST MODE — no real money');
    expect(screen.getByTestId('view-status').textContent).toBe('Sent');
    expect(screen.getByTestId('test-paid-tag').textContent).toBe('TEST payment');
    // Still owed, so the real cash can be recorded.
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeTruthy();
  }, 30_000);

  it('part paid in TEST MODE: the same, with the part it took', async () => {
    open('inv2');
    const balance = await screen.findByTestId('view-balance', undefined, { timeout: 10_000 });
    expect(balance.textContent).toBe('USh150,000');
    expect(screen.getByTestId('view-test-settled').textContent).toBe('Part paid in TEST MODE — no real money');
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('USh150,000');
    expect(screen.getByTestId('test-paid').textContent).toBe('USh50,000');
    await waitFor(() => expect(screen.getByTestId('test-paid-tag').textContent).toBe('TEST payment'));
  }, 30_000);

  it('paid in TEST MODE, then partly credited: a TEST refund due, so the figures add up (t20 U4)', async () => {
    open('inv3');
    await screen.findByTestId('view-balance', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('credited').textContent).toBe('-USh20,000');
    expect(screen.getByTestId('balance').textContent).toBe('USh130,000');
    expect(screen.getByTestId('test-paid').textContent).toBe('USh150,000');
    expect(screen.getByTestId('test-refund-due').textContent).toBe('USh20,000');
    expect(screen.getByText('Refund due (TEST)')).toBeTruthy();
    expect(screen.queryByTestId('refund-due')).toBeNull(); // no real money to give back
  }, 30_000);

  it('no TEST refund row while TEST payments took no more than the balance', async () => {
    open('inv2');
    await screen.findByTestId('view-balance', undefined, { timeout: 10_000 });
    expect(screen.queryByTestId('test-refund-due')).toBeNull();
  }, 30_000);
});
