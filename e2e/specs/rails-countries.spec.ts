import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

const shot = shooter('rails-countries');

/**
 * Issue 25: the way each country pays, on the public invoice page at 360 px: pay page → prompt → approve → Paid.
 * Kenya's M-Pesa runs against the local Daraja of the e2e server (it accepts every prompt after 1.5 s); every other
 * rail has no provider settings there, so it runs in TEST MODE and is approved on Duka's test phone. Hosted
 * checkouts (Chapa, Flutterwave in Nigeria, Paystack's EFT and Ozow in South Africa) send the customer to the test phone page and back, as the real checkout does.
 */
interface Case {
  country: string;
  currency: string;
  /** One line: quantity × unit price in minor units. */
  line: { description: string; quantity: number; unit_price: number };
  rail: string;
  /** The rail's name on the page and the test phone. */
  name: string;
  phone?: string;
  /** A network or wallet to pick (its option value). */
  network?: string;
  /** daraja: the local Daraja; flutterwave: the local Flutterwave (both approve by themselves); else TEST MODE. */
  approve: 'daraja' | 'flutterwave' | 'test-phone' | 'checkout';
  /** What the test phone names when a wallet was picked (the wallet, not the rail: issue 25). */
  wallet?: string;
  /** How the payment is recorded, when not mobile money (Ozow, a bank transfer, as its real adapter records it). */
  method?: string;
}

const CASES: Case[] = [
  {
    country: 'Kenya',
    currency: 'KES',
    line: { description: 'Sukuma wiki, 20 bunches', quantity: 20, unit_price: 5_000 },
    rail: 'mpesa',
    name: 'M-Pesa',
    phone: '0712 345 678',
    approve: 'daraja',
  },
  {
    country: 'Kenya',
    currency: 'KES',
    line: { description: 'Maize flour, 10 packets', quantity: 10, unit_price: 20_000 },
    rail: 'airtel_money',
    name: 'Airtel Money',
    phone: '0733 123 456',
    approve: 'test-phone',
  },
  {
    country: 'Cameroon',
    currency: 'XAF',
    line: { description: 'Pagnes wax, 6 yards', quantity: 3, unit_price: 12_500 },
    rail: 'flutterwave',
    name: 'MTN MoMo / Orange Money',
    phone: '6 71 23 45 67',
    network: 'ORANGE',
    wallet: 'Orange Money',
    // Flutterwave franco against the e2e's local Flutterwave server (issue 25), which approves the charge by itself.
    approve: 'flutterwave',
  },
  {
    country: 'Ethiopia',
    currency: 'ETB',
    line: { description: 'Coffee beans, 5 kg', quantity: 5, unit_price: 90_000 },
    rail: 'chapa',
    name: 'Chapa',
    approve: 'checkout',
  },
  // Nigeria's Flutterwave checkout runs against the local Flutterwave server: flutterwave.spec.ts.
  {
    // Ozow, South Africa's instant EFT: a hosted page too.
    country: 'South Africa',
    currency: 'ZAR',
    line: { description: 'Rooibos tea, 12 boxes', quantity: 12, unit_price: 4_500 },
    rail: 'ozow',
    name: 'Ozow (pay by bank)',
    approve: 'checkout',
    method: 'bank_transfer',
  },
  {
    // Instant EFT / Capitec Pay through Paystack (the table for South Africa): a hosted page too.
    country: 'South Africa',
    currency: 'ZAR',
    line: { description: 'Biltong, 3 kg', quantity: 3, unit_price: 32_000 },
    rail: 'paystack_eft',
    name: 'Capitec Pay or instant EFT (Paystack)',
    approve: 'checkout',
    method: 'bank_transfer',
  },
  {
    country: 'Zimbabwe',
    currency: 'USD',
    line: { description: 'Solar lantern', quantity: 2, unit_price: 2_450 },
    rail: 'paynow',
    name: 'Paynow',
    phone: '077 123 4567',
    network: 'ecocash',
    approve: 'test-phone',
    wallet: 'EcoCash',
  },
];

interface Saved {
  status: string;
  balance: number;
  total_due: number;
  payments: Array<{ method: string; reference: string; provider: string; test?: boolean }>;
}

/**
 * The page says paid (it polls every second; a loaded machine may take longer): its status badge reads Paid, or for a
 * TEST MODE payment, which is no money (issue 22), the tag beside it reads "Paid (TEST)".
 */
const paid = (page: Page, test: boolean) =>
  test
    ? page
        .getByTestId('public-test-status')
        .filter({ hasText: /^Paid \(TEST\)$/ })
        .waitFor({ timeout: 20_000 })
    : page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });

/** A way's name as a pattern matching it literally ("Ozow (pay by bank)", "MTN MoMo / Orange Money"). */
const asPattern = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Approves the prompt on Duka's TEST MODE phone page. */
async function approveOnTestPhone(phone: Page, c: Case) {
  await phone.getByTestId('test-phone-banner').waitFor();
  await phone
    .getByTestId('test-phone-prompt')
    .getByText(new RegExp(`asks you to pay .+ with ${asPattern(c.wallet ?? c.name)} for invoice`))
    .waitFor();
  await shot(phone, `${c.rail}-test-phone`);
  await phone.getByTestId('test-phone-approve').click();
  await phone.getByTestId('test-phone-answered').waitFor();
}

describe('the way each country pays, at 360 px (issue 25)', () => {
  it.each(CASES)('$country: $name — prompt, approve, Paid', async (c) => {
    const owner = await seedOwner('railc', c.rail.slice(0, 4), { name: 'Owner', company: `${c.country} Traders`, country: c.country });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: `${c.country} Client` } });
    const inv = await apiJson<{ id: string; number: string; public_id: string; total_due: number }>('/invoices', {
      token,
      body: { contact_id: contact.id, currency: c.currency, status: 'sent', lines: [{ id: crypto.randomUUID(), ...c.line, fee_ids: [] }] },
    });
    expect(inv.total_due).toBe(c.line.quantity * c.line.unit_price);

    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { name: `Invoice ${inv.number}`, exact: true }).waitFor();
      // M-Pesa with Daraja set up has its own form (mpesa-*); every other rail is one RailPay (rail-{id}-*).
      const ids = c.approve === 'daraja' ? { open: 'rail-mpesa-open', phone: 'mpesa-phone', send: 'mpesa-send' } : undefined;
      const open = page.getByTestId(ids?.open ?? `rail-${c.rail}-open`);
      await open.waitFor();
      if (c.approve !== 'daraja') expect(await open.textContent()).toContain(c.name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      if (c.approve === 'checkout') {
        // A hosted checkout: the customer goes to it (in TEST MODE, Duka's test phone page), pays, and comes back.
        await open.click();
        await page.waitForURL(/\/test-phone\//);
        await approveOnTestPhone(page, c);
        await page.getByRole('link', { name: 'Back to the invoice', exact: true }).click();
        await page.waitForURL(new RegExp(`/invoice/link/${inv.public_id}\\?rail=${c.rail}&reference=`));
      } else {
        await open.click();
        await page.getByTestId(ids?.phone ?? `rail-${c.rail}-phone`).fill(c.phone ?? '');
        if (c.network) await page.getByTestId(`rail-${c.rail}-network`).selectOption(c.network);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await shot(page, `${c.rail}-form`);
        await page.getByTestId(ids?.send ?? `rail-${c.rail}-send`).click();
        await page.getByText('Check your phone', { exact: true }).waitFor();
        await shot(page, `${c.rail}-check-phone`);
        if (c.approve === 'test-phone') {
          // The TEST MODE phone, linked from the pay page, opens in another tab.
          const [phone] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`rail-${c.rail}-test-phone`).click()]);
          await approveOnTestPhone(phone, c);
          await phone.close();
        }
      }

      const real = c.approve === 'daraja' || c.approve === 'flutterwave';
      if (c.approve === 'daraja') {
        // The local Daraja accepts the prompt and calls the product back; the page moves on to the thank-you page.
        await page.waitForURL(/\/thank-you\?invoice=/, { timeout: 30_000 });
        await page.goto(`/invoice/link/${inv.public_id}`);
        await paid(page, false);
      } else {
        await paid(page, !real);
        const receipt = page.getByTestId('rail-receipt');
        await receipt.waitFor();
        const id = real ? 'FLW-MOCK-\\d+' : 'TEST[0-9A-F]{10}';
        // The wallet the customer picked (Orange Money, EcoCash), else the rail.
        expect(await receipt.textContent()).toMatch(new RegExp(`with ${asPattern(c.wallet ?? c.name)}\\. Transaction id: ${id}$`));
        // A TEST MODE payment is no money: the real balance stays, and the page says what the TEST payment left.
        if (!real) {
          await page
            .getByTestId('public-test-balance')
            .filter({ hasText: /^\D*0(\.00)?\D*$/ })
            .waitFor();
          expect(await page.getByTestId('public-balance').textContent()).not.toMatch(/^\D*0(\.00)?\D*$/);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, `${c.rail}-paid`);

      const saved = await apiJson<Saved>(`/invoices/${inv.id}`, { token });
      // The local Daraja's payment is money; a TEST MODE rail's is not (issue 22): that invoice is still owed.
      expect(saved.status).toBe(real ? 'paid' : 'sent');
      expect(saved.balance).toBe(real ? 0 : saved.total_due);
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0]).toMatchObject({
        method: c.method ?? 'mobile_money',
        provider: c.approve === 'daraja' ? 'mpesa' : real ? 'flutterwave' : 'test-rail',
      });
      if (c.approve !== 'daraja') {
        expect(saved.payments[0].test ?? false).toBe(!real);
        expect(await page.getByTestId('rail-receipt').textContent()).toContain(saved.payments[0].reference);
      } else expect(saved.payments[0].reference).not.toBe('');
    } finally {
      await context.close();
    }
  });
});
