import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, DESKTOP, getBrowser, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('issue14');

interface Invoice {
  id: string;
  number: string;
  public_id: string;
  total_due: number;
  balance: number;
}

/** A Lagos tailor with a client, a catalog item with kobo and a part-paid invoice, all through the API. */
async function seedTailor(tag: string): Promise<{ owner: Owner; contactId: string; invoice: Invoice }> {
  const owner = await seedOwner('i14', tag, { name: 'Ada', company: 'Ada Tailoring', country: 'Nigeria' });
  const token = owner.token;
  await apiJson(`/users/${owner.user.username}`, {
    method: 'PATCH',
    token,
    body: {
      user: {
        invoice_settings: {
          business: { address: '12 Market Road, Yaba, Lagos', phone: '0803 123 4567', tax_id: 'TIN 12345678-0001', registration_number: 'RC 1234567' },
        },
      },
    },
  });
  await apiJson('/catalogs', { token, body: { name: 'Agbada embroidery', unit_price: 1_250_050, unit: 'piece' } });
  const contact = await apiJson<{ id: string; phone: string }>('/contacts', {
    token,
    body: { name: 'Tola Bello', phone: '0805 987 6543', country: 'Nigeria' },
  });
  expect(contact.phone).toBe('+2348059876543');
  const lines = [
    { id: randomUUID(), description: 'Agbada embroidery', quantity: 2, unit_price: 1_250_050, fee_ids: [] },
    { id: randomUUID(), description: 'Buttons and lining', quantity: 1, unit_price: 531_372, fee_ids: [] },
  ];
  const inv = await apiJson<Invoice>('/invoices', {
    token,
    body: { contact_id: contact.id, issue_date: '2026-11-20', due_date: '2030-12-06', currency: 'NGN', lines, fees: [], fee_ids: [], status: 'sent' },
  });
  // 2 × 12,500.50 + 5,313.72 = 30,314.72; paid 10,000 → balance 20,314.72
  const paid = await apiJson<Invoice>(`/invoices/${inv.id}/payments`, { token, body: { amount: 1_000_000, method: 'cash', date: '2026-11-21' } });
  expect(paid.balance).toBe(2_031_472);
  return { owner, contactId: contact.id, invoice: paid };
}

/** '₦20,314.72' → 2031472 minor units. */
const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100);

describe('issue 14: what the customer sees is what they pay', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows kobo wherever an amount has them, and every sum adds up (${size})`, async () => {
      const { owner, invoice } = await seedTailor(size.slice(0, 1));
      const { context, page } = await signedInDevice(viewport, owner);
      try {
        // Catalog: ₦12,500.50, not ₦12,501.
        await page.goto('/catalog');
        await page.getByText('₦12,500.50', { exact: false }).first().waitFor({ timeout: 30_000 });
        expect(await page.getByText('₦12,501').count()).toBe(0);

        // The owner's invoice view: the balance with its kobo; WhatsApp quotes the balance due to +234….
        await page.goto(`/invoices/${invoice.id}`);
        await page
          .getByTestId('view-balance')
          .filter({ hasText: /^₦20,314\.72$/ })
          .waitFor({ timeout: 30_000 });
        await page
          .getByTestId('total-due')
          .filter({ hasText: /^₦30,314\.72$/ })
          .waitFor();
        const wa = page.getByRole('link', { name: 'WhatsApp', exact: true });
        await expect.poll(async () => (await wa.getAttribute('href')) ?? '', { timeout: 30_000 }).toContain('https://wa.me/2348059876543?text=');
        const text = decodeURIComponent(((await wa.getAttribute('href')) ?? '').split('?text=')[1] ?? '');
        expect(text).toContain('The balance due is ₦20,314.72');
        expect(text).toContain('paying ₦10,000');
        expect(text).not.toContain('₦30,314');
        await shot(page, `${size}-view`);

        // The client's public page: lines, totals and the Pay button agree to the kobo.
        const client = await (await getBrowser()).newContext({ viewport });
        try {
          const cp = await client.newPage();
          await cp.goto(`${baseUrl()}/invoice/link/${invoice.public_id}`);
          await cp.getByRole('heading', { name: `Invoice ${invoice.number}` }).waitFor();
          // The lines arrive after the heading on a slow load: wait for them before reading.
          const lineAmounts = cp.locator('table tbody tr td:last-child');
          // Issue 23 item 16: one amount with kobo makes every amount show them (₦25,001.00 beside ₦5,313.72).
          await expect.poll(() => lineAmounts.allTextContents(), { timeout: 30_000 }).toEqual(['₦25,001.00', '₦5,313.72']);
          const cells = await lineAmounts.allTextContents();
          await cp.getByText('₦12,500.50').waitFor();
          const totals = cp.getByLabel('Total', { exact: true });
          const rows = await totals.locator('> div').evaluateAll((els) => els.map((e) => Array.from(e.querySelectorAll('p'), (p) => p.textContent ?? '')));
          const value = (label: string) => {
            const row = rows.find((r) => r[0] === label);
            if (!row) throw new Error(`No '${label}' row in ${JSON.stringify(rows)}`);
            return minor(row[1]);
          };
          expect(value('Subtotal')).toBe(cells.map(minor).reduce((a, b) => a + b, 0));
          expect(value('Total due')).toBe(3_031_472);
          expect(value('Total due') - value('Paid')).toBe(value('Balance'));
          expect(value('Paid')).toBe(1_000_000);
          await cp
            .getByTestId('public-balance')
            .filter({ hasText: /^₦20,314\.72$/ })
            .waitFor();
          // The business as on its PDF: Nigeria's names for its numbers (TIN, RC), typed in front of them here, printed once.
          const business = cp.getByTestId('public-business');
          for (const s of ['12 Market Road, Yaba, Lagos', '0803 123 4567', 'TIN 12345678-0001', 'RC 1234567'])
            await business.getByText(s, { exact: false }).waitFor();
          await shot(cp, `${size}-public`);
          // Naira invoices pay on the (test) Paystack-style checkout: the button and the card charge say the balance with its kobo.
          // The checkout is the test provider's: its button says so (issue 25).
          await cp.getByRole('button', { name: 'Pay ₦20,314.72 TEST MODE', exact: true }).click();
          await cp.waitForURL('**/pay/checkout/*');
          await cp.getByText('TEST MODE', { exact: false }).waitFor();
          await shot(cp, `${size}-pay`);
          await cp.getByLabel('Card number').fill('4242 4242 4242 4242');
          await cp.getByLabel('Expiry (MM/YY)').fill('12/30');
          await cp.getByLabel('CVC').fill('123');
          await cp.getByLabel('Name on card').fill('Tola Bello');
          await cp.getByRole('button', { name: 'Pay ₦20,314.72', exact: true }).click();
          await cp.waitForURL('**/thank-you?invoice=*');
        } finally {
          await client.close();
        }
        // The card was charged exactly the balance: a test payment (stamped TEST, no money: the paid amount stays ₦10,000).
        type Paid = Invoice & { amount_paid: number; payments: Array<{ amount: number; test?: boolean }> };
        await expect
          .poll(async () => (await apiJson<Paid>(`/invoices/${invoice.id}`, { token: owner.token })).payments.filter((p) => p.test).map((p) => p.amount), {
            timeout: 30_000,
          })
          .toEqual([2_031_472]);
        expect((await apiJson<Paid>(`/invoices/${invoice.id}`, { token: owner.token })).amount_paid).toBe(1_000_000);
      } finally {
        await context.close();
      }
    });
  }
});

describe('issue 14: phone numbers WhatsApp accepts', () => {
  it('takes local forms on the device, keeps E.164, shows national form and refuses what is not a number (360 px)', async () => {
    const owner = await seedOwner('i14', 'ph', { name: 'Ada', company: 'Ada Tailoring', country: 'Nigeria' });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByRole('button', { name: 'Add client' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Tola Bello');
      // Not a number: a clear message, nothing saved.
      await dialog.getByLabel('Phone').fill('call the shop');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('This is not a phone number. Type it like 0', { exact: false }).waitFor();
      await dialog.getByLabel('Phone').fill('0805987');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('This is not a valid Nigeria phone number', { exact: false }).waitFor();
      await shot(page, 'phone-refused');
      // The local form people type.
      await dialog.getByLabel('Phone').fill('0805-987 6543');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/contacts\//);
      await page.getByText('0805 987 6543').waitFor();
      await shot(page, 'phone-client');

      // A Kenyan client of the same shop: read with the client's country.
      await page.goto('/tabs/home');
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await dialog.getByLabel('Name').fill('Wanjiru Salon');
      await dialog.getByLabel('Country').fill('Kenya');
      await page.getByRole('option', { name: 'Kenya' }).click();
      await dialog.getByLabel('Phone').fill('0722 000 111');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/contacts\//);
      await page.getByText('0722 000 111', { exact: true }).waitFor(); // as Kenyans write it (t19 Z1)

      // On the server, in E.164 (after sync).
      await expect
        .poll(
          async () =>
            (await apiJson<{ records: Array<{ name: string; phone: string }> }>('/contacts', { token: owner.token })).records
              .map((c) => `${c.name}=${c.phone}`)
              .sort(),
          { timeout: 30_000 },
        )
        .toEqual(['Tola Bello=+2348059876543', 'Wanjiru Salon=+254722000111']);

      // The WhatsApp link of an invoice to the Kenyan client goes to wa.me/254…
      const wanjiru = (await apiJson<{ records: Array<{ id: string; name: string }> }>('/contacts', { token: owner.token })).records.find(
        (c) => c.name === 'Wanjiru Salon',
      );
      const inv = await apiJson<Invoice>('/invoices', {
        token: owner.token,
        body: {
          contact_id: wanjiru?.id,
          issue_date: '2026-11-20',
          currency: 'NGN',
          lines: [{ id: randomUUID(), description: 'Braids', quantity: 1, unit_price: 500_000, fee_ids: [] }],
          fees: [],
          fee_ids: [],
        },
      });
      await page.goto(`/invoices/${inv.id}`);
      const wa = page.getByRole('link', { name: 'WhatsApp', exact: true });
      await expect.poll(async () => (await wa.getAttribute('href')) ?? '', { timeout: 30_000 }).toMatch(/^https:\/\/wa\.me\/254722000111\?text=/);
    } finally {
      await context.close();
    }
  });
});

describe('issue 14: the business on its documents', () => {
  it('business details from settings, editing a part-paid invoice within what was paid, archiving a client with invoices (360 px)', async () => {
    const { owner, invoice } = await seedTailor('b');
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      // Settings: the business details the seed saved, shown in national form; a bad phone is refused.
      await page.goto('/settings/account');
      await expect.poll(() => page.getByLabel('Business phone').inputValue(), { timeout: 30_000 }).toBe('0803 123 4567');
      expect(await page.getByLabel('Tax ID').inputValue()).toBe('TIN 12345678-0001');
      await page.getByLabel('Registration number').fill('RC 7654321');
      await page.getByLabel('Business phone').fill('0803');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('This is not a phone number', { exact: false }).first().waitFor();
      await page.getByLabel('Business phone').fill('0803-123-4567');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Account updated!').first().waitFor();
      await shot(page, 'phone-settings');
      const me = await apiJson<{ user: { invoice_settings: string } }>('/state', { token: owner.token });
      expect(JSON.parse(me.user.invoice_settings).business).toMatchObject({ phone: '+2348031234567', registration_number: 'RC 7654321' });

      // The part-paid invoice (₦10,000 paid of ₦30,314.72) can be edited while the total stays ≥ ₦10,000.
      await page.goto(`/invoices/${invoice.id}`);
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.getByTestId('paid-edit-note').waitFor({ timeout: 30_000 });
      await page.getByLabel('Unit price 1', { exact: true }).fill('1,000');
      await page.getByLabel('Unit price 2', { exact: true }).fill('1,000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('total-error').filter({ hasText: 'The total must be at least the ₦10,000 already paid.' }).waitFor();
      await shot(page, 'phone-edit-refused');
      await page.getByLabel('Unit price 2', { exact: true }).fill('8,000.25');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`**/invoices/${invoice.id}`);
      // 2 × 1,000 + 8,000.25 = 10,000.25; paid 10,000 → balance 0.25
      await page
        .getByTestId('view-balance')
        .filter({ hasText: /^₦0\.25$/ })
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(
          async () => {
            const r = await apiJson<{ total_due: number; balance: number; history_count: number }>(`/invoices/${invoice.id}`, { token: owner.token });
            return [r.total_due, r.balance, r.history_count];
          },
          { timeout: 30_000 },
        )
        .toEqual([1_000_025, 25, 1]);

      // The client has invoices: Archive instead of Delete; hidden from the list, back with Unarchive.
      await page.goto('/tabs/home');
      await page.getByRole('button', { name: /Tola Bello/ }).click();
      await page.getByRole('button', { name: 'Archive' }).click();
      await page.getByTestId('archived-notice').waitFor();
      await shot(page, 'phone-archived');
      await page.goto('/tabs/home');
      await page.getByTestId('toggle-archived').filter({ hasText: 'Archived clients (1)' }).waitFor();
      expect(await page.getByRole('button', { name: /Tola Bello/ }).count()).toBe(0);
      // Still on its invoice.
      await page.goto(`/invoices/${invoice.id}`);
      await page.getByText('Tola Bello').first().waitFor();
      // Not offered when making a new invoice.
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page.getByRole('dialog').getByText('No customers yet', { exact: false }).waitFor();
      expect(await page.getByRole('dialog').getByText('Tola Bello').count()).toBe(0);
      await page.keyboard.press('Escape');
      // Unarchive from the archived list; synced to the server.
      await page.goto('/tabs/home');
      await page.getByTestId('toggle-archived').click();
      await page.getByRole('button', { name: /Tola Bello/ }).click();
      await page.getByRole('button', { name: 'Unarchive' }).click();
      await page.getByTestId('archived-notice').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await apiJson<{ records: Array<{ archived: boolean }> }>('/contacts', { token: owner.token })).records.map((c) => c.archived), {
          timeout: 30_000,
        })
        .toEqual([false]);
    } finally {
      await context.close();
    }
  });
});
