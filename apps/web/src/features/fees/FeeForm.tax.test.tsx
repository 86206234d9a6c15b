import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, db, saveRecord } from '../../data/db';
import { renderUi } from '../../ui/testing';
import { FeeForm } from './components/FeeForm';

// t18 Z1: a fee such as delivery is a standard-rated supply: for a VAT-registered business a new fee starts with the
// invoice's VAT charged on it; the owner turns it off for a cost passed on untaxed.
const vat = {
  id: 'vat',
  name: 'VAT 15%',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 1500,
  amount: 0,
  inclusive: true,
  default_on: true,
};

async function addDelivery() {
  renderUi(<FeeForm fee={null} onClose={() => undefined} />);
  fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Delivery' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Fee' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount' }));
  fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '50' } });
  return screen.findByRole('switch', { name: /Charge the invoice’s VAT on this fee/ });
}

const saved = async () => {
  await waitFor(async () => expect(await db.fees.where('name').equals('Delivery').count()).toBe(1));
  return (await db.fees.where('name').equals('Delivery').first())!;
};

beforeEach(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'thabo', country: 'South Africa', invoice_settings: JSON.stringify({ currency: 'ZAR' }) }));
});
afterEach(cleanup);

describe('a new fee and the VAT (t18 Z1)', () => {
  it('starts subject to VAT when the business charges VAT, and is saved so', async () => {
    await saveRecord('fees', vat);
    const box = await addDelivery();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await saved()).toMatchObject({ kind: 'fee', amount: 5_000, subject_to_tax: true });
  });

  it('starts untaxed without a VAT on the Fees tab; turned off, it is saved untaxed', async () => {
    const box = await addDelivery();
    expect((box as HTMLInputElement).checked).toBe(false);
    cleanup();
    await saveRecord('fees', vat);
    const again = await addDelivery();
    await waitFor(() => expect((again as HTMLInputElement).checked).toBe(true));
    fireEvent.click(again);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await saved()).toMatchObject({ subject_to_tax: false });
  });
});
