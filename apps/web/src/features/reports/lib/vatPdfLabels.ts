import { formatMoney } from '@duka/core';
import type { VatPdfLabels } from '@duka/pdf';
import type { TFunction } from 'i18next';

/**
 * The VAT return PDF's words, the screen's own ('vat' strings): `counts` is the screen's line of documents counted. The
 * documents in other currencies are said as on the screen (VatForeignDetail, t19 N5), so the PDF carries that detail
 * too (t20: it printed the converted totals without saying which documents were counted at which rate, or left out).
 */
export function vatPdfLabels(t: TFunction, counts: string, home: string): VatPdfLabels {
  return {
    title: t('title'),
    period: t('period'),
    tax: t('tax'),
    rate: t('rate'),
    taxable: t('taxable'),
    outputTax: t('outputTax'),
    creditNotes: t('creditNotes'),
    net: t('net'),
    totalOutput: t('totalOutput'),
    inputTax: t('inputTax'),
    netPayable: t('netPayable'),
    netRefund: t('netRefund'),
    counts,
    basis: t('basis'),
    foreignCounted: (f) =>
      t('foreignCounted', {
        count: f.invoice_count + f.credit_note_count,
        currency: f.currency,
        tax: formatMoney(f.net_output_tax, f.currency, { minor: true }),
        home: formatMoney(f.net_output_tax_home, home, { minor: true }),
      }),
    foreignMissing: (f) => t('foreignMissing', { count: f.missing_rate.length, currency: f.currency }),
    foreignExpenses: (f) =>
      t('foreignExpenses', {
        count: f.expense_count,
        currency: f.currency,
        tax: formatMoney(f.input_tax, f.currency, { minor: true }),
        home: formatMoney(f.input_tax_home, home, { minor: true }),
      }),
  };
}
