import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, db } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import WelcomePage from '../accounts/pages/WelcomePage';

// A new account starts with its country's VAT on; most small shops are not registered and may not charge it.
const synced = { version: 1, created_at: '2026-11-29T10:00:00.000Z', updated_at: '2026-11-29T10:00:00.000Z' };
const tax = (id: string, name: string, bps: number) => ({
  id,
  name,
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: bps,
  amount: 0,
  inclusive: true,
  default_on: true,
  subject_to_tax: false,
  ...synced,
});

const welcome = () => renderRoutes([{ path: '/welcome/', element: <WelcomePage /> }], '/welcome/');

describe('the welcome page asks whether the business is registered for VAT', () => {
  beforeEach(async () => {
    await clearLocalData();
    localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Ama Owusu', username: 'ama', company_name: 'Ama Provisions', country: 'Ghana' }));
  });
  afterEach(cleanup);

  it('No: every tax on by default is turned off for new invoices (queued for upload), and says where to turn it on', async () => {
    await db.fees.bulkPut([tax('vat', 'VAT 15%', 1500), tax('nhil', 'NHIL 2.5%', 250), { ...tax('levy', 'Old levy 1%', 100), default_on: false }]);
    welcome();
    expect(await screen.findByText('Is Ama Provisions registered for VAT?')).toBeTruthy();
    expect(screen.getByText('Only a business registered for VAT may charge it. New invoices start with VAT 15%, NHIL 2.5% on.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No, not registered' }));
    expect(await screen.findByText('Taxes are off for new invoices. Turn them on in Taxes and fees once you register for VAT.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Taxes and fees' }).getAttribute('href')).toBe('/tabs/fee');
    const fees = await db.fees.toArray();
    expect(Object.fromEntries(fees.map((f) => [f.id, f.default_on]))).toEqual({ vat: false, nhil: false, levy: false });
    const queued = await db.queue.toArray();
    expect(queued.map((m) => [m.collection, m.id, m.data]).sort()).toEqual([
      ['fees', 'nhil', { default_on: false }],
      ['fees', 'vat', { default_on: false }],
    ]);
  });

  it('Yes: the taxes stay on, and the owner is pointed to where the tax number goes, by its name in Ghana (TIN)', async () => {
    await db.fees.put(tax('vat', 'VAT 15%', 1500));
    welcome();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, registered' }));
    expect(await screen.findByText('VAT 15% stays on for new invoices. Add your TIN in your account settings: it is printed on your invoices.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/settings/account');
    expect((await db.fees.get('vat'))?.default_on).toBe(true);
    expect(await db.queue.count()).toBe(0);
  });

  it('asks nothing where no tax is on by default (a country without a standard VAT here, or already off)', async () => {
    await db.fees.put({ ...tax('vat', 'VAT 15%', 1500), default_on: false });
    welcome();
    await screen.findByText('Add your first client');
    await waitFor(async () => expect(await db.fees.count()).toBe(1));
    expect(screen.queryByText(/registered for VAT/)).toBeNull();
  });
});
