import { randomInt, randomUUID } from 'node:crypto';
import type { FiscalDocument, FiscalItemView } from '@duka/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { type SignedUp, signUp } from '../../test/harness';
import { type OscuServer, startOscuServer } from '../../test/oscu-server';
import { client } from '../sync/test-utils';

export const VAT16 = {
  id: randomUUID(),
  name: 'VAT',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 1600,
  amount: 0,
  inclusive: true,
};

/** A Kenyan business with a client (KRA PIN P051234567Q unless given) and its API client. */
export async function kenyanShop(
  app: FastifyInstance,
  contact: Record<string, unknown> = {},
): Promise<{ user: SignedUp; api: ReturnType<typeof client>; contactId: string }> {
  const user = await signUp(app, { country: 'Kenya', company_name: 'Wanjiku Hardware' });
  const api = client(app, user);
  const c = await api.post('/contacts', { name: 'Otieno Builders', tax_id: 'P051234567Q', ...contact });
  if (c.status !== 201) throw new Error(`contact: ${c.status} ${JSON.stringify(c.body)}`);
  return { user, api, contactId: c.body.id as string };
}

/** A sent invoice: 2 × KES 1,160.00 with 16% VAT inside, and a KES 500 line without VAT. */
export function kesInvoice(contactId: string, extra: Record<string, unknown> = {}) {
  return {
    contact_id: contactId,
    issue_date: '2026-11-25',
    currency: 'KES',
    status: 'sent',
    lines: [
      { id: randomUUID(), description: 'Cement 50kg', quantity: 2, unit_price: 116_000, fee_ids: [VAT16.id] },
      { id: randomUUID(), description: 'Advice', quantity: 1, unit_price: 50_000, fee_ids: [] },
    ],
    fees: [VAT16],
    fee_ids: [],
    ...extra,
  };
}

/**
 * A local OSCU (eTIMS) server for a taxpayer of its own (item and fiscal number sequences live in the database, which
 * other test files share on PostgreSQL), closed after the file, and the server's ETIMS_* settings for it. A time-out
 * of 5 s: a loaded 2-core CI machine can take 2 s to answer a local request.
 */
export async function ownTaxpayerOscu(deviceSerial: string) {
  const oscu = await startOscuServer({ tin: `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`, bhfId: '00', dvcSrlNo: deviceSerial });
  afterAll(() => oscu.close());
  const settings = {
    apiBase: oscu.base,
    tin: oscu.device.tin,
    branchId: oscu.device.bhfId,
    deviceSerial: oscu.device.dvcSrlNo,
    timeoutMs: 5000,
    /** ETIMS_ACCOUNT: the shops operatorShop makes are added, so the server's device signs for them (and them only). */
    accounts: [] as string[],
  };
  return { oscu, settings };
}

/** A Kenyan business (kenyanShop) that the server's ETIMS_* device signs for: its username is added to ETIMS_ACCOUNT. */
export async function operatorShop(app: FastifyInstance, settings: { accounts: string[] }, contact: Record<string, unknown> = {}) {
  const shop = await kenyanShop(app, contact);
  settings.accounts.push(shop.user.username);
  return shop;
}

export type Shop = Awaited<ReturnType<typeof kenyanShop>>;

/** A catalog item: cement in bags (KRA class 5059690800) unless `extra` says otherwise. */
export async function catalogItem(shop: Shop, extra: Record<string, unknown> = {}): Promise<string> {
  const c = await shop.api.post('/catalogs', { name: 'Cement 50kg', unit_price: 116_000, unit: 'bag', item_class: '5059690800', unit_code: 'BG', ...extra });
  if (c.status !== 201) throw new Error(`catalog: ${c.status} ${JSON.stringify(c.body)}`);
  return c.body.id as string;
}

/** A sent invoice (kesInvoice) whose first line is the catalog item `catalogId` (2 × 1,160 with VAT inside). */
export async function sellItem(shop: Shop, catalogId: string): Promise<{ id: string }> {
  const body = kesInvoice(shop.contactId);
  body.lines[0] = { ...body.lines[0], catalog_id: catalogId } as (typeof body.lines)[0];
  const inv = await shop.api.post('/invoices', body);
  if (inv.status !== 201) throw new Error(`invoice: ${inv.status} ${JSON.stringify(inv.body)}`);
  return inv.body as { id: string };
}

/** The business's eTIMS items (GET /fiscal/items). */
export const fiscalItemsOf = async (shop: Shop) => ((await shop.api.get('/fiscal/items')).body as { items: FiscalItemView[] }).items;

/** The invoice's fiscal document and the item lines its sale sent to the OSCU server. */
export async function sentSale(ctx: AppContext, oscu: OscuServer, invoiceId: string) {
  const [doc] = await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoiceId));
  const lines = oscu.sales.get((doc.payload as FiscalDocument).fiscal_sequence)!.body.itemList as Array<Record<string, unknown>>;
  return { doc, lines };
}
