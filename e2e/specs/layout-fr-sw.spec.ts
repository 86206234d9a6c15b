import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

/**
 * t20 C1: the French reports page was 401 px wide at 360 px ("Déclaration de TVA · CSV · Imprimer" on one line,
 * "Imprimer" half off the screen). No page of the app may be wider than a 360 px phone in French or Kiswahili, whose
 * words are longer than English ones; each is photographed (e2e/screenshots/layout-lang-*).
 */
const shot = shooter('layout-lang');
const ROUTES = [
  '/tabs/home',
  '/tabs/invoice',
  '/tabs/expense',
  '/tabs/catalog',
  '/tabs/fee',
  '/new-invoice',
  '/sell',
  '/report',
  '/report/vat',
  '/settings/account',
  '/settings/invoice',
  '/stock',
  '/transactions',
  '/invoices/drafts',
];

async function withData(owner: Owner, currency: string): Promise<void> {
  const api = <T>(path: string, body: unknown) => apiJson<T>(path, { token: owner.token, body });
  const client = await api<{ id: string }>('/contacts', { name: 'Quincaillerie Mbarga et Fils Nkongsamba' });
  await api('/invoices', {
    contact_id: client.id,
    currency,
    status: 'sent',
    lines: [{ id: randomUUID(), description: 'Ciment 50 kg', quantity: 3, unit_price: 650_000, fee_ids: [] }],
  });
}

describe('no page wider than 360 px in French and Kiswahili (t20 C1)', () => {
  it.each([
    ['fr', 'Cameroon', 'XAF'],
    ['sw', 'Tanzania', 'TZS'],
  ] as const)('%s', async (language, country, currency) => {
    const owner = await seedOwner('lang', language, { name: 'Mbarga Ngono', company: 'Quincaillerie Mbarga', country, language });
    await withData(owner, currency);
    const device = await signedInDevice(PHONE, owner, { aiBannerDismissed: true });
    const wide: string[] = [];
    try {
      for (const route of ROUTES) {
        await device.page.goto(route);
        await device.page.waitForTimeout(1_200);
        const width = await device.page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 360) wide.push(`${route}: ${width} px`);
        for (const p of await layoutProblems(device.page)) wide.push(`${route}: ${p.kind} ${p.what} (${p.detail})`);
        await shot(device.page, `${language}${route.replace(/[/?=]/g, '_')}`);
      }
    } finally {
      await device.context.close();
    }
    expect(wide).toEqual([]);
  });
});
