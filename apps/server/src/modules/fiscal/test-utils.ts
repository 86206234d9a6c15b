import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type SignedUp, signUp } from '../../test/harness';
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
