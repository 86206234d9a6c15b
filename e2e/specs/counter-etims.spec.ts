import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startOscuServer } from '../../apps/server/src/test/oscu-server';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('counter-etims');

/**
 * Issue 26 F7 / issue 28 at 360 px: a Kenyan shop with its own eTIMS device (a local server speaking KRA's OSCU API)
 * sells at the counter; the sale syncs, goes to KRA as a normal sale receipt (NS), and the receipt on screen shows its
 * KRA fiscal block (control unit, fiscal number, receipt label, signature) and the KRA QR code.
 */
describe('a counter sale of a Kenyan eTIMS business', () => {
  it('is sent to KRA and its receipt shows the KRA number', async () => {
    const oscu = await startOscuServer({ tin: `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`, bhfId: '00', dvcSrlNo: 'DUKA-E2E-SALE' });
    try {
      const owner = await seedOwner('ctretims', 'e', { name: 'Njeri', company: 'Njeri Duka', country: 'Kenya' });
      const token = owner.token;
      const settings = await apiJson<{ mode: string; initialised: boolean }>('/fiscal/settings', {
        method: 'PUT',
        token,
        body: { api_base: oscu.base, tin: oscu.device.tin, branch_id: '00', device_serial: oscu.device.dvcSrlNo },
      });
      expect(settings).toMatchObject({ mode: 'etims', initialised: true });
      await apiJson('/catalogs', { token, body: { name: 'Sugar 1kg', unit_price: 25_000, unit: 'kg', item_class: '5059690800', unit_code: 'KG' } });

      const { context, page } = await signedInDevice(PHONE, owner);
      try {
        await page.goto('/tabs/home');
        await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
        await page.getByTestId('sell').click();
        await page.getByRole('heading', { name: 'New sale' }).waitFor();
        await page.getByRole('button', { name: /^Sugar 1kg, / }).click({ timeout: 20_000 });
        await page.getByTestId('pay-cash').click();

        const receipt = page.getByTestId('sale-receipt');
        await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
        // Synced, sent to KRA by the server's job, and the device told: the fiscal block on the receipt.
        const block = receipt.getByTestId('fiscal-block');
        await block.getByText('Fiscalised with KRA', { exact: true }).waitFor({ timeout: 60_000 });
        const numberRow = block.getByText(/^\d+ · Receipt \d+\/\d+ NS$/);
        await numberRow.waitFor();
        const fiscalNumber = Number((await numberRow.textContent())!.split(' ')[0]);
        await block.getByText('KRACU0100000001', { exact: true }).waitFor();
        expect(await block.getByTestId('fiscal-test').count()).toBe(0);
        await receipt.getByTestId('receipt-fiscal-qr').getByRole('img', { name: 'QR code to check this receipt with KRA' }).waitFor();
        // Captioned, as the sale's own QR code is: the customer can tell which one is KRA's (t21).
        await receipt.getByTestId('receipt-fiscal-qr').getByText('KRA code: scan to check this receipt', { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await block.scrollIntoViewIfNeeded();
        await shot(page, 'receipt-fiscalised');

        // What KRA received: a normal sale receipt of SAL-0001 with that number, the total the receipt shows.
        const sent = oscu.sales.get(fiscalNumber);
        // Paid in cash at the counter: payment type 01 (eTIMS code list 07).
        expect(sent?.body).toMatchObject({ rcptTyCd: 'S', salesTyCd: 'N', trdInvcNo: 'SAL-0001', totAmt: 250, pmtTyCd: '01' }); // KSh250, the default VAT 16% inside the price (t17 K1)
      } finally {
        await context.close();
      }
    } finally {
      await oscu.close();
    }
  });
});
