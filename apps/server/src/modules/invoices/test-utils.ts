import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SignedUp } from '../../test/harness';
import type { AppContext } from '../../lib/context';
import { applyMutations } from '../sync';
import { client, upsert } from '../sync/test-utils';

export const VAT = {
  id: randomUUID(),
  name: 'VAT',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 750,
  amount: 0,
  inclusive: false,
};

/** A signed-up user's API client plus a fresh contact of theirs. */
export async function withContact(app: FastifyInstance, user: SignedUp, contact: Record<string, unknown> = {}) {
  const api = client(app, user);
  const c = await api.post('/contacts', { name: `Chidi ${randomUUID().slice(0, 6)}`, email: 'chidi@example.com', ...contact });
  if (c.status !== 201) throw new Error(`contact: ${c.status} ${JSON.stringify(c.body)}`);
  return { api, contactId: c.body.id as string };
}

/** Two lines (2 × 1,500.00 and 1 × 500.00) with 7.5% VAT on the invoice: total 3,762.50. */
export function invoiceBody(contactId: string, extra: Record<string, unknown> = {}) {
  return {
    contact_id: contactId,
    issue_date: '2026-11-22',
    due_date: '2026-12-06',
    currency: 'NGN',
    lines: [
      { id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] },
      { id: randomUUID(), description: 'Delivery', quantity: 1, unit_price: 50_000, fee_ids: [] },
    ],
    fees: [VAT],
    fee_ids: [VAT.id],
    ...extra,
  };
}
export const BODY_TOTAL = 376_250;

/**
 * A cash payment recorded on a device for an invoice dated in the future (the reminder tests' 2030): a payment dated
 * after the business's today is refused by REST and by a push (t19, t20), so the device's push is applied as it would
 * be on that day (noon UTC), through the sync engine the push route uses.
 */
export async function payOnDevice(
  device: { ctx: AppContext; userId: string },
  api: ReturnType<typeof client>,
  invoiceId: string,
  payment: { amount: number; date: string; method?: string },
) {
  const inv = (await api.get(`/invoices/${invoiceId}`)).body as { payments: unknown[] };
  const p = { id: randomUUID(), method: 'cash', reference: '', ...payment };
  const [result] = await applyMutations(
    device.ctx,
    device.userId,
    [upsert('invoices', invoiceId, { payments: [...inv.payments, p] })],
    new Date(`${payment.date}T12:00:00Z`),
  );
  if (result?.status !== 'applied') throw new Error(`payment: ${JSON.stringify(result)}`);
  return (await api.get(`/invoices/${invoiceId}`)).body;
}
