import type { RecurringCreateInput, RecurringOccurrence, RecurringRecord, RecurringUpdateInput } from '@duka/core';
import { api } from '../../data/api';

/** Recurring invoices are kept on the server (it makes the invoices); these calls need a connection. */
export const recurringKey = (invoiceId: string) => ['recurring', invoiceId] as const;

export async function listForInvoice(invoiceId: string): Promise<RecurringRecord[]> {
  return (await api<{ records: RecurringRecord[] }>(`/recurring-invoices?invoice_id=${invoiceId}`)).records;
}

export function createRecurring(input: RecurringCreateInput): Promise<RecurringRecord> {
  return api<RecurringRecord>('/recurring-invoices', { method: 'POST', body: input });
}

export function updateRecurring(id: string, input: RecurringUpdateInput): Promise<RecurringRecord> {
  return api<RecurringRecord>(`/recurring-invoices/${id}`, { method: 'PATCH', body: input });
}

export function deleteRecurring(id: string): Promise<void> {
  return api<{ message: string }>(`/recurring-invoices/${id}`, { method: 'DELETE' }).then(() => undefined);
}

export async function occurrences(id: string): Promise<RecurringOccurrence[]> {
  return (await api<{ occurrences: RecurringOccurrence[] }>(`/recurring-invoices/${id}/occurrences`)).occurrences;
}

/** The business's time zone (its settings', else its country's): the one rule for "today" (data/today). */
export { businessTimeZoneNow as deviceTimeZone } from '../../data/today';
