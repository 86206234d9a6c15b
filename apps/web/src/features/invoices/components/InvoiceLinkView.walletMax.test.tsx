import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * t20 K2: "Pay KSh500,000.00 with M-Pesa" was offered though M-Pesa takes at most KSh250,000 a payment (the rails'
 * `max`, core's walletMax), and T1: a TSh amount with cents was offered to Tanzania's wallets (`unit`: whole shillings).
 */
const kenya = [
  { id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: false, country: 'KE', networks: [], max: 25_000_000, unit: 100 },
  { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: false, country: 'KE', networks: [], max: 25_000_000, unit: 100 },
];
const kes = (amount: number, extra: Record<string, unknown> = {}) =>
  publicPage(
    { public_id: 'pub61', number: 'INV-0002', currency: 'KES', business: 'Kamau Hardware', client: 'Otieno', line: 'Cement', amount },
    { rails: kenya, ...extra },
  );

async function open(page: unknown, firstTestId: string) {
  answerJson(() => page);
  renderUi(<InvoiceLinkView id="pub61" onPaid={() => undefined} customerLanguage />);
  await screen.findByTestId(firstTestId, {}, { timeout: 15_000 });
}

afterEach(resetPublicPage);

describe("mobile money within the wallet's per-payment limit on the pay page (t20 K2, T1)", () => {
  it('KSh500,000 without part payments: no M-Pesa or Airtel button, the page says what they take and what to do', async () => {
    await open(kes(50_000_000), 'public-wallet-max');
    expect(screen.getByTestId('public-wallet-max').textContent).toBe(
      'M-Pesa, Airtel Money: at most KSh250,000 a payment, less than this balance. Pay another way, or ask the business to allow part payments.',
    );
    expect(screen.queryByTestId('rail-mpesa-open')).toBeNull();
    expect(screen.queryByTestId('rail-airtel_money-open')).toBeNull();
  }, 45_000);

  it('with part payments: a tap sets KSh250,000 and the M-Pesa button comes back for it', async () => {
    await open(kes(50_000_000, { part_payments: { allowed: true, min: 100 } }), 'public-wallet-max');
    expect(screen.queryByTestId('rail-mpesa-open')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay KSh250,000 now' }));
    const mpesa = await screen.findByTestId('rail-mpesa-open');
    await waitFor(() => expect(mpesa.textContent).toMatch(/KSh250,000/));
    expect((mpesa as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('public-wallet-max')).toBeNull();
  }, 45_000);

  it('within the limit the wallets are offered as before', async () => {
    await open(kes(25_000_000), 'rail-mpesa-open');
    expect(screen.queryByTestId('public-wallet-max')).toBeNull();
  }, 45_000);

  it('Tanzania: TSh 9,204.59 is not offered to the wallets (whole shillings), and the page says so', async () => {
    const tz = [{ id: 'flutterwave', name: 'M-Pesa / Airtel Money / Mixx by Yas', kind: 'phone', test_mode: false, country: 'TZ', networks: [], unit: 100 }];
    answerJson(() =>
      publicPage(
        { public_id: 'pub61', number: 'INV-0003', currency: 'TZS', business: 'Duka la Neema', client: 'Juma', line: 'Sukari', amount: 920_459 },
        { rails: tz },
      ),
    );
    renderUi(<InvoiceLinkView id="pub61" onPaid={() => undefined} customerLanguage />);
    await waitFor(
      () => expect(screen.getByTestId('public-whole-shillings').textContent).toMatch(/^M-Pesa \/ Airtel Money \/ Mixx by Yas: whole shillings only/),
      {
        timeout: 15_000,
      },
    );
    expect((screen.getByTestId('rail-flutterwave-open') as HTMLButtonElement).disabled).toBe(true);
  }, 45_000);
});
