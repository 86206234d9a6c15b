import { contactPermalink, dateOrderForCountry, type InvoiceFeeInput, type OrderContext, type OrderDraft, orderInvoiceParts } from '@duka/core';
import { saveRecord } from '../../data/db';
import { allocateNumber, blankInvoice, saveInvoice } from '../invoices/lib/data';
import type { Invoice } from '../invoices/lib/model';

/**
 * The draft with the business's default-on fees added (as a new invoice starts with them), so the review shows
 * exactly the fees and totals the saved invoice will have.
 */
export function withDefaultFees(draft: OrderDraft, fees: InvoiceFeeInput[], defaultOn: Set<string>): OrderDraft {
  const named = new Set(draft.fees.map((f) => f.fee_id));
  const extra = fees.filter((f) => defaultOn.has(f.id) && !named.has(f.id)).map((f) => ({ fee_id: f.id, name: f.name, amount: null }));
  return { ...draft, fees: [...extra, ...draft.fees] };
}

/** What the parser needs from the device's data. */
export function orderContext(
  catalog: Array<{ id: string; name?: unknown; unit_price?: unknown; active?: unknown }>,
  contacts: Array<{ id: string; name?: unknown }>,
  fees: InvoiceFeeInput[],
  currency: string,
  today: string,
  country?: string | null,
): OrderContext {
  return {
    catalog: catalog
      .filter((c) => typeof c.name === 'string' && c.active !== false)
      .map((c) => ({ id: c.id, name: String(c.name), unit_price: typeof c.unit_price === 'number' ? c.unit_price : 0 })),
    contacts: contacts.filter((c) => typeof c.name === 'string').map((c) => ({ id: c.id, name: String(c.name) })),
    fees,
    currency,
    today,
    date_order: dateOrderForCountry(country),
  };
}

/**
 * The owner's OK: saves the draft invoice on the device (and a new client when the order named one), through the
 * same local-first path as the editor, so it works offline and syncs later.
 */
export async function createDraftInvoice(draft: OrderDraft, fees: InvoiceFeeInput[], country: string): Promise<Invoice> {
  let contactId = draft.client?.contact_id ?? null;
  if (draft.client && !contactId) {
    const id = crypto.randomUUID();
    const name = draft.client.name.trim();
    await saveRecord('contacts', { id, name, permalink: contactPermalink(name, id), email: '', phone: '', country: country ?? '' });
    contactId = id;
  }
  const base = blankInvoice('invoice', await allocateNumber('invoice'), []);
  const parts = orderInvoiceParts(draft, fees, () => crypto.randomUUID());
  return saveInvoice({
    ...base,
    contact_id: contactId,
    due_date: draft.due_date ?? base.due_date,
    lines: parts.lines,
    fees: parts.fees,
    fee_ids: parts.fee_ids,
  } as Invoice);
}
