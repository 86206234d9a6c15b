import type { ImportKind } from '@duka/core';
import type { ExportName } from './exports';

/**
 * What the CSV menu of each list offers (issue 17: export from the report page AND each list). There
 * is no payments list: payments are exported from the invoices list. Tested in lists.test.ts.
 */
export const LIST_CSV = {
  clients: { exports: ['clients'], imports: ['contacts'] },
  invoices: { exports: ['invoices', 'invoice_lines', 'payments'], imports: [] },
  expenses: { exports: ['expenses'], imports: ['expenses'] },
  catalog: { exports: ['catalog'], imports: ['catalogs'] },
} as const satisfies Record<string, { exports: readonly ExportName[]; imports: readonly ImportKind[] }>;
