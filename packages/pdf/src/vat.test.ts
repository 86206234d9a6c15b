import { vatReturn } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { pdfStrings } from './testing';
import { buildVatReturnPdf } from './vat';

const labels = {
  title: 'VAT return',
  period: 'Period',
  tax: 'Tax',
  rate: 'Rate',
  taxable: 'Taxable',
  outputTax: 'Output tax',
  creditNotes: 'Credit notes',
  net: 'Net',
  totalOutput: 'Output tax less credit notes',
  inputTax: 'Input tax',
  netPayable: 'Net VAT payable',
  counts: '1 invoice, 0 credit notes, 1 expense',
};

/** A KES return for November: one sent invoice of 1,000.00 at 16 % VAT, and expenses with `inputTax` (none: no expense). */
function novemberReturn(inputTax?: number) {
  const vat = { id: 'v', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
  const invoice = {
    id: 'i',
    kind: 'invoice',
    status: 'sent',
    currency: 'KES',
    issue_date: '2026-11-02',
    lines: [{ id: 'a', quantity: 1, unit_price: 100_000, fee_ids: ['v'] }],
    fees: [vat],
  };
  const expenses = inputTax === undefined ? [] : [{ date: '2026-11-03', currency: 'KES', input_tax: inputTax }];
  return vatReturn([invoice], expenses, { from: '2026-11-01', to: '2026-11-30' }, 'KES');
}

/** The text of a VAT return's PDF with plain sentences for the foreign-currency detail (counted, expenses, missing). */
async function foreignPdfText(v: Parameters<typeof buildVatReturnPdf>[0]): Promise<string> {
  const bytes = await buildVatReturnPdf(v, {
    business: { name: 'Duka Shop' },
    today: '2026-12-01',
    labels: {
      ...labels,
      foreignCounted: (f) => `${f.invoice_count} document in ${f.currency}: VAT ${f.net_output_tax}, counted above as ${f.net_output_tax_home}.`,
      foreignExpenses: (f) => `${f.expense_count} expense in ${f.currency}: input tax ${f.input_tax}, counted above as ${f.input_tax_home}.`,
      foreignMissing: (f) => `${f.missing_rate.length} document in ${f.currency} has no exchange rate and is not counted.`,
    },
  });
  return (await pdfStrings(bytes)).join(' ');
}

describe('VAT return PDF (issue 26)', () => {
  it('prints the rates and the net payable', async () => {
    const v = novemberReturn(4_000);
    expect(v.net_payable).toBe(12_000);
    const started = performance.now();
    const bytes = await buildVatReturnPdf(v, { business: { name: 'Duka Shop', tax_id: 'P051234567Z' }, today: '2026-12-01', labels });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const again = await buildVatReturnPdf(v, { business: { name: 'Duka Shop', tax_id: 'P051234567Z' }, today: '2026-12-01', labels });
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('says what to reclaim without a minus when input tax is more (D12)', async () => {
    const v = novemberReturn(35_841);
    expect(v.net_payable).toBe(-19_841);
    const opts = { business: { name: 'Duka Shop' }, today: '2026-12-01', labels: { ...labels, netRefund: 'Net VAT to reclaim' } };
    const strings = await pdfStrings(await buildVatReturnPdf(v, opts));
    expect(strings).not.toContain('Net VAT payable');
    const value = strings[strings.indexOf('Net VAT to reclaim') + 1];
    expect(value).toMatch(/198\.41/);
    expect(value).not.toMatch(/[-\u2212]/);
  });

  it('says the basis of each column: long titles wrap in their column, and the note under the table says it (item 4)', async () => {
    const v = novemberReturn();
    const long = {
      ...labels,
      taxable: 'Taxable, after credit notes',
      outputTax: 'Output tax on invoices',
      creditNotes: 'Less tax on credit notes',
      net: 'Net output tax',
      basis: 'Taxable and net output tax are after credit notes; output tax on invoices is before them.',
    };
    const strings = await pdfStrings(await buildVatReturnPdf(v, { business: { name: 'Duka Shop' }, today: '2026-12-01', labels: long }));
    // Too wide for its column: on two lines, each within the column.
    expect(strings.slice(strings.indexOf('Rate') + 1, strings.indexOf('VAT', 1))).toEqual([
      'Taxable, after credit',
      'notes',
      'Output tax on',
      'invoices',
      'Less tax on credit',
      'notes',
      'Net output tax',
    ]);
    expect(strings).toContain(long.basis);
  });

  it('never cuts a column title inside a word (sw "Kiwango" was printed "Kiwan / go", t15a F3)', async () => {
    const sw = {
      ...labels,
      tax: 'Kodi',
      rate: 'Kiwango',
      taxable: 'Kinachotozwa kodi',
      outputTax: 'Kodi ya mauzo',
      creditNotes: 'Hati za mkopo',
      net: 'Halisi',
    };
    const strings = await pdfStrings(
      await buildVatReturnPdf(novemberReturn(), { business: { name: 'Duka Shop' }, today: '2026-12-01', labels: sw, language: 'sw' }),
    );
    expect(strings).toContain('Kiwango');
    expect(strings).not.toContain('Kiwan');
    for (const word of [sw.tax, sw.rate, sw.taxable, sw.outputTax, sw.creditNotes, sw.net].flatMap((t) => t.split(' ')))
      expect(
        strings.some((s) => s.split(' ').includes(word)),
        word,
      ).toBe(true);
  });

  it('prints the documents in other currencies as the screen does: counted at their rates, or named for want of one (t20 N5)', async () => {
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
      {
        home: true,
      },
    );
    expect(v.foreign).toEqual([expect.objectContaining({ currency: 'USD', invoice_count: 1, net_output_tax: 1_600, net_output_tax_home: 206_960 })]);
    const strings = await foreignPdfText(v);
    expect(strings).toContain('1 document in USD: VAT 1600, counted above as 206960.');
    expect(strings).toContain('1 document in USD has no exchange rate and is not counted.');
    expect(strings).toContain('INV-0003');
    // Without the sentences (an older caller) nothing more is printed.
    const plain = (await pdfStrings(await buildVatReturnPdf(v, { business: { name: 'Duka Shop' }, today: '2026-12-01', labels }))).join(' ');
    expect(plain).not.toContain('INV-0003');
  });

  it('says which expenses in other currencies were counted at their rates, and names one with none', async () => {
    const expense = (id: string, vendor: string, input_tax: number, exchange_rate: number | null) => ({
      id,
      date: '2026-11-03',
      currency: 'USD',
      input_tax,
      exchange_rate,
      vendor,
      category: 'Transport',
    });
    const v = vatReturn([], [expense('a', 'Zupco', 671, 129.35), expense('b', 'Total Energies', 310, null)], { from: '2026-11-01', to: '2026-11-30' }, 'KES', {
      home: true,
    });
    expect(v).toMatchObject({ expense_count: 1, input_tax: 86_794 });
    const strings = await foreignPdfText(v);
    expect(strings).toContain('1 expense in USD: input tax 671, counted above as 86794.');
    expect(strings).toContain('Total Energies');
  });
});
