import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * t17 K0: a KES balance with cents. M-Pesa and Airtel Money take whole shillings only. Without an amount box, the page
 * used to offer both buttons and answer "enter an amount without cents" after the phone number: a dead end. Now the
 * buttons wait and the page says what the customer can do; with a box, whole shillings — unless only cents are left.
 */
const rails = [
  { id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: true, country: 'KE', networks: [], max: 25_000_000, unit: 100 },
  { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: true, country: 'KE', networks: [], max: 25_000_000, unit: 100 },
];
const kes = (amount: number, extra: Record<string, unknown> = {}) =>
  publicPage({ public_id: 'pub60', number: 'SAL-0007', currency: 'KES', business: 'Mama Mboga', client: 'Wanjiru', line: 'Unga', amount }, { rails, ...extra });
const NO_BOX =
  'M-Pesa, Airtel Money: whole shillings only, and this balance has cents. Pay another way, or ask the business to round the invoice to whole shillings.';
const BOX = 'M-Pesa, Airtel Money: whole shillings only. Enter an amount without cents.';

async function open(page: unknown) {
  answerJson(() => page);
  renderUi(<InvoiceLinkView id="pub60" onPaid={() => undefined} customerLanguage />);
  await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 });
}
const railsDisabled = () => ['rail-mpesa-open', 'rail-airtel_money-open'].map((id) => (screen.getByTestId(id) as HTMLButtonElement).disabled);

afterEach(resetPublicPage);

describe('whole shillings on the pay page (t17 K0)', () => {
  it('no amount box: both buttons wait and the page says to pay another way or ask the business', async () => {
    await open(kes(24_360));
    await waitFor(() => expect(screen.getByTestId('public-whole-shillings').textContent).toBe(NO_BOX));
    expect(railsDisabled()).toEqual([true, true]);
  }, 45_000);

  it('with an amount box, whole shillings; when only cents are left, no box can help', async () => {
    await open(kes(111_746, { part_payments: { allowed: true, min: 100 } }));
    await waitFor(() => expect(screen.getByTestId('public-whole-shillings').textContent).toBe(BOX));
    resetPublicPage();
    await open(kes(46, { part_payments: { allowed: true, min: 100 } }));
    await waitFor(() => expect(screen.getByTestId('public-whole-shillings').textContent).toBe(NO_BOX));
    expect(railsDisabled()).toEqual([true, true]);
  }, 45_000);

  it('a whole-shilling balance is offered as before', async () => {
    await open(kes(24_300));
    expect(screen.queryByTestId('public-whole-shillings')).toBeNull();
    expect(railsDisabled()).toEqual([false, false]);
  }, 45_000);
});
