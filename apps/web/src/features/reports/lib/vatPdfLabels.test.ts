import '../vatStrings';
import { vatReturn } from '@duka/core';
import { buildVatReturnPdf } from '@duka/pdf';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../../i18n';
import { vatPdfLabels } from './vatPdfLabels';

afterEach(async () => {
  await setLanguage('en');
});

// t20 N5: the VAT return screen says which documents in other currencies were counted at their rates and which were
// left out for want of a rate; the PDF made from it said nothing of them.
const vat = { id: 'v', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const doc = (id: string, number: string, currency: string, unit_price: number, exchange_rate?: number) => ({
  id,
  number,
  kind: 'invoice',
  status: 'sent',
  currency,
  issue_date: '2026-11-02',
  lines: [{ id: 'a', quantity: 1, unit_price, fee_ids: ['v'] }],
  fees: [vat],
  ...(exchange_rate ? { exchange_rate } : {}),
});
const v = vatReturn(
  [doc('k', 'INV-0001', 'KES', 100_000), doc('u', 'INV-0002', 'USD', 10_000, 129.35), doc('n', 'INV-0003', 'USD', 5_000)],
  [],
  { from: '2026-11-01', to: '2026-11-30' },
  'KES',
  { home: true },
);

describe('the VAT return PDF says what the screen says of documents in other currencies', () => {
  it('en: the screen’s sentences, given to the PDF (which prints them: packages/pdf vat.test)', async () => {
    const labels = vatPdfLabels(i18next.getFixedT('en', 'vat'), '3 invoices', 'KES');
    const [usd] = v.foreign!;
    expect(labels.foreignCounted!(usd!)).toBe('1 document in USD: VAT $16.00, counted above as KSh2,069.60 at its exchange rate.');
    expect(labels.foreignMissing!(usd!)).toBe('1 document in USD has no exchange rate and is not counted: open it and enter the rate of its day.');
    const bytes = await buildVatReturnPdf(v, { business: { name: 'Duka Shop' }, today: '2026-12-01', labels });
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('en: the sentence of expenses in another currency counted at their rates', () => {
    const labels = vatPdfLabels(i18next.getFixedT('en', 'vat'), '0 invoices', 'KES');
    const e = vatReturn(
      [],
      [{ id: 'x', date: '2026-11-03', currency: 'USD', input_tax: 671, exchange_rate: 129.35, vendor: 'Zupco' }],
      { from: '2026-11-01', to: '2026-11-30' },
      'KES',
      { home: true },
    );
    expect(labels.foreignExpenses!(e.foreign![0]!)).toBe('1 expense in USD: input tax $6.71, counted above as KSh867.94 at its exchange rate.');
  });

  it('fr: in French', async () => {
    await setLanguage('fr');
    const labels = vatPdfLabels(i18next.getFixedT('fr', 'vat'), '3 factures', 'KES');
    expect(labels.foreignMissing!(v.foreign![0]!)).toMatch(/^1 document en USD n’a pas de taux de change/);
  });
});
