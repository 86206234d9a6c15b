import { contactPermalink, type InvoiceFeeInput, type OrderDraft, orderInvoiceParts } from '@duka/core';
import { saveRecord } from '../../../data/db';
import { allocateNumber, blankInvoice, saveInvoice } from './data';
import type { Invoice } from './model';

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
