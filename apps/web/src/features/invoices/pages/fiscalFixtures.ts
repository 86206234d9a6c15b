import { invoiceFieldDefaults } from '@duka/core';
import type { RecordMap } from '../../../data/db';
import { db } from '../../../data/db';

/**
 * Test data for the owner's screens of a Kenyan invoice KRA signed or still being sent (issue 26): a shop, its
 * client, the invoices and the fiscal state kept on the device (what useFiscal reads offline).
 */
export const FISCAL_NOW = '2026-11-22T10:00:00.000Z';

/** What every sent invoice of the owner's view tests shares: issued 20 Nov, due 20 Dec, no fees, discount or notes. */
export const sentInvoiceBase = (contactId: string, currency: string, at: string) => ({
  ...invoiceFieldDefaults(),
  contact_id: contactId,
  issue_date: '2026-11-20',
  // Due far ahead: a fixed near date made these 'sent' invoices overdue from that day on.
  due_date: '2030-12-20',
  currency,
  finished_at: at,
  sent_at: at,
  voided_at: null,
  created_at: at,
  updated_at: at,
});

export const fiscalInvoice = (contactId: string, id: string, number: string, extra: Record<string, unknown> = {}) =>
  ({
    ...sentInvoiceBase(contactId, 'KES', FISCAL_NOW),
    id,
    number,
    lines: [{ id: 'l1', description: 'Cement', quantity: 3, unit_price: 116_000, fee_ids: [] }],
    payments: [],
    subtotal: 348_000,
    total_due: 348_000,
    amount_paid: 0,
    balance: 348_000,
    status: 'sent',
    public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
    version: 2,
    ...extra,
  }) as unknown as RecordMap['invoices'];

export const fiscalView = (state: 'fiscalised' | 'provisional', test: boolean) => {
  const signed = state === 'fiscalised';
  return {
    state,
    test,
    control_unit_id: signed ? (test ? 'DUKATESTWD2BHN4Z' : 'KRACU0100000001') : null,
    fiscal_number: signed ? '1' : null,
    receipt_label: signed ? (test ? '1/1 TS' : '1/1 NS') : null,
    internal_data: signed ? 'V7ITDHTRSUCZ4SHB7YQ7LQAIZ4' : null,
    signature: signed ? 'BZ2JOJAUSGI3THEH' : null,
    fiscal_datetime: signed ? '2026-11-26T07:13:28Z' : null,
    qr_text: null,
    error: null,
    attempts: 1,
  };
};

/** A Kenyan owner signed in on this device, with one client, the invoices, and each one's fiscal state. */
export async function seedFiscalShop(
  contactId: string,
  invoices: RecordMap['invoices'][],
  states: Record<string, 'fiscalised' | 'provisional'>,
  test: boolean,
): Promise<void> {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Otieno', username: 'otieno', email: 'o@example.com', company_name: 'Otieno Hardware', country: 'Kenya' }),
  );
  await db.contacts.put({ id: contactId, name: 'Otieno Builders', created_at: FISCAL_NOW, updated_at: FISCAL_NOW } as RecordMap['contacts']);
  await db.invoices.bulkPut(invoices);
  await db.meta.bulkPut(Object.entries(states).map(([id, state]) => ({ key: `fiscal:${id}`, value: JSON.stringify(fiscalView(state, test)) })));
}
