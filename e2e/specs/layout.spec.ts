import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP, newPage, PHONE } from '../support/browser';
import { layoutProblems, type LayoutProblem } from '../support/layout';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 14 item 12: at 360 px nothing on any SPEC §2 route is cut sideways or makes the page scroll sideways,
 * signed in with realistic data (long names, part-paid invoices) and signed out on the open routes.
 */

const shot = shooter('layout');
const AI = [
  'user-persona',
  'idea-customer',
  'birthday-wishes',
  'seasons-greetings',
  'content-link',
  'business-plan',
  'business-name',
  'newsletter',
  'content-idea',
];

interface Seeded {
  owner: Owner;
  permalink: string;
  invoiceId: string;
  publicId: string;
  bareId: string;
}

async function seed(): Promise<Seeded> {
  const owner = await seedOwner('lay', 'out', {
    name: 'Oluwaseun Adebayo-Williams',
    company: 'Adebayo-Williams Couture and Embroidery Ltd',
    country: 'Nigeria',
  });
  const api = <T>(path: string, body: unknown) => apiJson<T>(path, { token: owner.token, body });
  const client = await api<{ id: string; permalink: string }>('/contacts', {
    name: 'Chukwuemeka Oluwadamilare Enterprises Nigeria',
    email: 'chukwuemeka.oluwadamilare@example.com',
    phone: '+2348059876543',
    city: 'Lagos',
    address: '14 Adeola Odeku Street, Victoria Island',
  });
  // A client with no address and no city (the page must not say "City: Nigeria").
  const bare = await api<{ id: string; permalink: string }>('/contacts', { name: 'Ife Bare', email: '' });
  await api('/notes', { contact_id: client.id, body: 'Prefers **deep blue** lace; pays by OPay on Fridays.', pinned: true });
  const fee = await api<{ id: string }>('/fees', {
    name: 'VAT',
    kind: 'tax',
    calculation: 'percentage',
    percentage_bps: 750,
    amount: 0,
    inclusive: false,
    default_on: true,
  });
  await api('/catalogs', { name: 'Agbada with hand embroidery (three-piece, premium fabric)', unit_price: 12_500_050, unit: 'piece', sku: 'AGB-EMB-001' });
  await api('/expenses', {
    amount: 1_250_000,
    currency: 'NGN',
    date: '2026-11-02',
    category: 'Fabric and embroidery thread',
    vendor: 'Balogun Market Textiles Wholesale',
    payment_method: 'mobile_money',
    description: 'Lace and thread for the December orders',
  });
  const line = {
    id: crypto.randomUUID(),
    description: 'Agbada with hand embroidery (three-piece, premium fabric)',
    quantity: 2,
    unit_price: 12_500_050,
    fee_ids: [],
  };
  const inv = await api<{ id: string; public_id: string }>('/invoices', {
    contact_id: client.id,
    issue_date: '2026-10-01',
    due_date: '2026-10-15',
    currency: 'NGN',
    status: 'sent',
    lines: [line],
    fees: [{ id: fee.id, name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false }],
    fee_ids: [fee.id],
  });
  await api(`/invoices/${inv.id}/payments`, { amount: 1_000_000, method: 'mobile_money', date: '2026-10-05', reference: 'OPay 5521' });
  await api('/invoices', {
    kind: 'quote',
    contact_id: client.id,
    issue_date: '2026-11-01',
    due_date: '2026-11-30',
    currency: 'NGN',
    lines: [{ ...line, id: crypto.randomUUID() }],
    fees: [],
    fee_ids: [],
  });
  return { owner, permalink: client.permalink, invoiceId: inv.id, publicId: inv.public_id, bareId: bare.permalink };
}

const report = (route: string, problems: LayoutProblem[]) => problems.map((p) => `${route}: ${p.kind} ${p.what} (${p.detail})`);

describe('layout at 360 px (issue 14 item 12)', () => {
  it('no route cuts text or controls sideways, signed in with data and signed out', async () => {
    const s = await seed();
    const signedIn = [
      '/tabs/home',
      '/tabs/invoice',
      '/tabs/ai',
      '/tabs/expense',
      '/tabs/catalog',
      '/tabs/fee',
      '/tabs/search?q=agbada',
      `/contacts/${s.permalink}`,
      `/contacts/${s.bareId}`,
      '/new-invoice',
      '/invoices/drafts',
      '/invoices/filter',
      `/invoices/${s.invoiceId}`,
      '/settings/account',
      '/settings/invoice',
      '/settings/security',
      '/settings/billing',
      '/report',
      '/announcement',
      '/fee',
      '/expense?new=1',
      '/catalog',
      '/ai',
      ...AI.map((a) => `/ai/${a}`),
      '/affiliate',
      '/affiliate/register',
      '/plan/subscribe',
      '/plan/portal',
      '/transactions',
      '/welcome',
      '/thank-you',
      `/invoice/link/${s.publicId}`,
    ];
    const open = [
      '/login',
      '/register',
      '/forgot-password',
      '/invoices/filter',
      `/invoice/link/${s.publicId}`,
      '/thank-you',
      '/welcome',
      '/affiliate',
      '/affiliate/register',
      ...AI.map((a) => `/ai/${a}`),
    ];
    const problems: string[] = [];

    const device = await signedInDevice(PHONE, s.owner, { aiBannerDismissed: true });
    try {
      await device.page.goto('/tabs/home');
      await device.page.getByText('Chukwuemeka Oluwadamilare Enterprises Nigeria').first().waitFor({ timeout: 30_000 });
      for (const route of signedIn) {
        await device.page.goto(route);
        await device.page.waitForTimeout(900);
        problems.push(...report(`signed in ${route}`, await layoutProblems(device.page)));
        await shot(device.page, `in${route.replace(/[/?=]/g, '_')}`);
      }
    } finally {
      await device.context.close();
    }

    // The screens this issue changed, at 1280 px as well.
    const wide = await signedInDevice(DESKTOP, s.owner, { aiBannerDismissed: true });
    try {
      await wide.page.goto('/tabs/home');
      await wide.page.getByText('Chukwuemeka Oluwadamilare Enterprises Nigeria').first().waitFor({ timeout: 30_000 });
      for (const route of [
        '/tabs/invoice',
        `/contacts/${s.permalink}`,
        `/invoices/${s.invoiceId}`,
        '/settings/account',
        '/plan/subscribe',
        '/plan/portal',
        '/tabs/search?q=opay',
        '/welcome',
      ]) {
        await wide.page.goto(route);
        await wide.page.waitForTimeout(900);
        problems.push(...report(`1280 px ${route}`, await layoutProblems(wide.page)));
        await shot(wide.page, `wide${route.replace(/[/?=]/g, '_')}`);
      }
    } finally {
      await wide.context.close();
    }

    const visitor = await newPage(PHONE);
    try {
      for (const route of open) {
        await visitor.page.goto(route);
        await visitor.page.waitForTimeout(900);
        problems.push(...report(`signed out ${route}`, await layoutProblems(visitor.page)));
        await shot(visitor.page, `out${route.replace(/[/?=]/g, '_')}`);
      }
    } finally {
      await visitor.context.close();
    }
    expect(problems).toEqual([]);
  }, 480_000);
});
