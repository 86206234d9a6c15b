import type { RecurringCreateInput, RecurringOccurrence, RecurringRecord, RecurringUpdateInput } from '@duka/core';
import { api } from '../../data/api';

/** Recurring invoices are kept on the server (it makes the invoices); these calls need a connection. */
export const recurringKey = (invoiceId: string) => ['recurring', invoiceId] as const;

export async function listForInvoice(invoiceId: string): Promise<RecurringRecord[]> {
  return (await api('GET /recurring-invoices', { query: { invoice_id: invoiceId } })).records;
}

export function createRecurring(input: RecurringCreateInput): Promise<RecurringRecord> {
  return api('POST /recurring-invoices', { body: input });
}

export function updateRecurring(id: string, input: RecurringUpdateInput): Promise<RecurringRecord> {
  return api('PATCH /recurring-invoices/:id', { params: { id }, body: input });
}

export function deleteRecurring(id: string): Promise<void> {
  return api('DELETE /recurring-invoices/:id', { params: { id } }).then(() => undefined);
}

export async function occurrences(id: string): Promise<RecurringOccurrence[]> {
  return (await api('GET /recurring-invoices/:id/occurrences', { params: { id } })).occurrences;
}

/** The business's time zone (its settings', else its country's): the one rule for "today" (data/today). */
export { businessTimeZoneNow as deviceTimeZone } from '../../data/today';
