import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * t20 U3: the same invoice edited on two devices. The laptop's editor opened it at Qty 25; the phone then saved Qty 20.
 * - Online, the laptop's save is merged with the phone's: its new price with the phone's Qty 20 (the owner is told);
 *   the same value changed on both is asked, both shown, before anything is overwritten.
 * - Saved offline (nothing to merge with), the server keeps what the later save replaced: the invoice page says so, as
 *   the other screens do, shows the replaced line and puts it back on request.
 */

const shot = shooter('invoice-conflict');
const solar = (id: string, quantity: number, unit_price: number) => [{ id, description: 'Solar panels', quantity, unit_price, fee_ids: [] }];
type Inv = { id: string; lines: { quantity: number; unit_price: number }[]; conflict: boolean };

async function openedThenChangedElsewhere(tag: string, offline = false) {
  const owner = await seedOwner('ivc', tag, { name: 'Okello', company: 'Okello Solar', country: 'Uganda' });
  const token = owner.token;
  const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Nakato Traders', phone: '' } });
  const lineId = crypto.randomUUID();
  const inv = await apiJson<Inv>('/invoices', { token, body: { contact_id: client.id, currency: 'UGX', lines: solar(lineId, 25, 12_345_678) } });
  await apiJson(`/invoices/${inv.id}/send`, { method: 'POST', token });
  const { context, page } = await signedInDevice(DESKTOP, owner, { aiBannerDismissed: true });
  // The laptop opens the editor: Qty 25.
  await page.goto(`/new-invoice?id=${inv.id}`);
  await expect.poll(() => page.getByLabel('Qty 1', { exact: true }).inputValue(), { timeout: 30_000 }).toBe('25');
  // The laptop goes offline first (it cannot then bring the phone's save before its own).
  if (offline) await context.setOffline(true);
  // Meanwhile the phone saves Qty 20.
  await apiJson(`/invoices/${inv.id}`, { method: 'PATCH', token, body: { lines: solar(lineId, 20, 12_345_678) } });
  return { token, inv, context, page };
}

describe('an invoice edited on two devices (t20 U3)', () => {
  it("online: the laptop's new price is saved with the phone's Qty 20 (20 × USh10,000,000), and the owner is told", async () => {
    const { token, inv, context, page } = await openedThenChangedElsewhere('ugm');
    try {
      await page.getByLabel('Unit price 1', { exact: true }).fill('10000000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`**/invoices/${inv.id}`, { timeout: 30_000 });
      await page.getByText('Saved, with the changes made on another device meanwhile', { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, 'merged');
      await expect
        .poll(async () => (await apiJson<Inv>(`/invoices/${inv.id}`, { token })).lines[0], { timeout: 60_000 })
        .toMatchObject({ quantity: 20, unit_price: 10_000_000 });
      // Nothing was overwritten, so the server kept no replaced values.
      expect((await apiJson<Inv>(`/invoices/${inv.id}`, { token })).conflict).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('online: the quantity changed on both devices is asked, both shown; "Use mine" saves 22', async () => {
    const { token, inv, context, page } = await openedThenChangedElsewhere('uga');
    try {
      await page.getByLabel('Qty 1', { exact: true }).fill('22');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Changed on another device while you were editing' });
      await dialog.getByText('20 × Solar panels at USh12,345,678', { exact: true }).waitFor({ timeout: 30_000 });
      await dialog.getByText('22 × Solar panels at USh12,345,678', { exact: true }).waitFor();
      await shot(page, 'asked');
      // Nothing is written until the owner chooses.
      expect((await apiJson<Inv>(`/invoices/${inv.id}`, { token })).lines[0]?.quantity).toBe(20);
      await dialog.getByRole('button', { name: 'Use mine' }).click();
      await page.waitForURL(`**/invoices/${inv.id}`, { timeout: 30_000 });
      await expect.poll(async () => (await apiJson<Inv>(`/invoices/${inv.id}`, { token })).lines[0]?.quantity, { timeout: 60_000 }).toBe(22);
    } finally {
      await context.close();
    }
  });

  it('saved offline: the invoice page says "Edited on another device", shows the replaced Qty 20 and puts it back', async () => {
    const { token, inv, context, page } = await openedThenChangedElsewhere('ug', true);
    try {
      // The laptop, offline and still showing 25, saves a new unit price over it; it reaches the server once online.
      await page.getByLabel('Unit price 1', { exact: true }).fill('10000000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`**/invoices/${inv.id}`, { timeout: 30_000 });
      await context.setOffline(false);

      const notice = page.getByTestId('conflict-notice');
      await notice.getByText('Edited on another device', { exact: true }).waitFor({ timeout: 60_000 });
      await notice.getByText('20 × Solar panels at USh12,345,678', { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, 'notice');
      const saved = await apiJson<Inv>(`/invoices/${inv.id}`, { token });
      expect(saved.conflict).toBe(true);
      expect(saved.lines[0]).toMatchObject({ quantity: 25, unit_price: 10_000_000 });

      // "Use these values" puts the phone's line back (as the other screens do); the server gets it.
      await notice.getByRole('button', { name: 'Use these values' }).first().click();
      await expect.poll(async () => (await apiJson<Inv>(`/invoices/${inv.id}`, { token })).lines[0]?.quantity, { timeout: 60_000 }).toBe(20);
    } finally {
      await context.close();
    }
  });
});
