import { catalogTable, clientsTable, type CsvTable, expensesTable, invoiceLinesTable, invoiceSummaryTable, paymentsTable } from '@duka/core';
import { db } from '../../data/db';
import { downloadCsv, toCsvText } from './file';
import { todayForBusiness } from '../../data/today';
import { getCurrentUser, parseInvoiceSettings } from '../../data/user';

/** Keep in step with the menu in components/CsvMenu.tsx. */
export type ExportName = 'clients' | 'invoice_lines' | 'invoices' | 'payments' | 'expenses' | 'catalog';

type InvoiceArg = Parameters<typeof invoiceLinesTable>[0];

/** The table of one export, from the records on this device; catalog prices are in the business's currency. */
export async function exportTable(name: ExportName, currency = parseInvoiceSettings(getCurrentUser()).currency ?? 'NGN'): Promise<CsvTable> {
  if (name === 'clients') return clientsTable(await db.contacts.orderBy('name').toArray());
  if (name === 'expenses') return expensesTable(await db.expenses.orderBy('date').toArray());
  if (name === 'catalog') return catalogTable(await db.catalogs.orderBy('name').toArray(), currency);
  const [invoices, contacts] = await Promise.all([db.invoices.toArray(), db.contacts.toArray()]);
  const names = new Map(contacts.map((c) => [c.id, c.name]));
  const list = (invoices.map((i) => ({ ...i, lines: Array.isArray(i.lines) ? i.lines : [] })) as unknown as InvoiceArg).sort(
    (a, b) => String(a.issue_date).localeCompare(String(b.issue_date)) || String(a.number).localeCompare(String(b.number)),
  );
  if (name === 'invoice_lines') return invoiceLinesTable(list, names);
  if (name === 'payments') return paymentsTable(list, names);
  return invoiceSummaryTable(list, names);
}

export async function downloadExport(name: ExportName): Promise<number> {
  const table = await exportTable(name);
  downloadCsv(`duka-${name.replace('_', '-')}-${todayForBusiness()}.csv`, toCsvText(table));
  return table.rows.length;
}
