import { type InvoiceMathInput, VAT_KINDS, vatBreakdown, type VatPart } from '@duka/core';
import type { Data } from '../sync';

/**
 * What invoices.vat_lines holds for a document (issue 27): core's vatBreakdown of an invoice, sale or credit note;
 * none for a quote (never on a VAT return). Whether the document counts (issued, in the period, its currency) is
 * decided when the return is summed, from the row's own columns.
 */
export function vatLinesOf(data: Data): VatPart[] {
  const kind = typeof data.kind === 'string' ? data.kind : 'invoice';
  return VAT_KINDS.has(kind) ? vatBreakdown(data as unknown as InvoiceMathInput) : [];
}
