import { clientStatement } from '@duka/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildStatementPdf } from './statement';
import { pdfStrings } from './testing';

describe('statement PDF', () => {
  it('is reproducible and runs onto more pages when the period is long', async () => {
    const invoices = Array.from({ length: 60 }, (_, i) => ({
      id: `i${i}`,
      kind: 'invoice',
      number: `INV-${String(i + 1).padStart(4, '0')}`,
      contact_id: 'c',
      currency: 'KES',
      issue_date: `2026-0${1 + (i % 6)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      total_due: 10_000 + i,
      balance: 0,
      status: 'paid',
      payments: [{ id: `p${i}`, amount: 10_000 + i, date: `2026-0${1 + (i % 6)}-28`, method: 'mobile_money' }],
    }));
    const s = clientStatement(invoices, 'c', 'KES', '2026-02-01', '2026-06-30');
    const opts = { business: { name: 'Wanjiru Salon' }, client: { name: 'Baraka Hotel' }, today: '2026-07-01' };
    const a = await buildStatementPdf(s, opts);
    expect(Buffer.from(a).equals(Buffer.from(await buildStatementPdf(s, opts)))).toBe(true);
    const doc = await PDFDocument.load(a);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe('Statement for Baraka Hotel');
    expect(s.closing_balance).toBe(0);
  });

  it('lists credit notes as credits, not payments, in en/fr/sw (issue 26, D6)', async () => {
    const base = { contact_id: 'c', currency: 'KES', payments: [] as Array<{ id: string; amount: number; date: string; method: string }> };
    const invoices = [
      { ...base, id: 'i1', kind: 'invoice', number: 'INV-0001', issue_date: '2026-11-02', total_due: 348_000, balance: 232_000, status: 'sent' },
      {
        ...base,
        id: 'c1',
        kind: 'credit_note',
        number: 'CN-0001',
        issue_date: '2026-11-03',
        total_due: 116_000,
        balance: 0,
        status: 'sent',
        credited_invoice_id: 'i1',
      },
    ];
    invoices[0].payments = [{ id: 'p1', amount: 50_000, date: '2026-11-04', method: 'cash' }];
    const s = clientStatement(invoices, 'c', 'KES', '2026-11-01', '2026-11-30');
    expect([s.invoiced, s.credited, s.paid, s.closing_balance]).toEqual([348_000, 116_000, 50_000, 182_000]);
    const opts = { business: { name: 'Duka Hardware' }, client: { name: 'Otieno Builders' }, today: '2026-11-30' };
    for (const [language, credited, paid] of [
      ['en', 'Credited', 'Paid'],
      ['fr', 'Avoirs', 'Payé'],
      ['sw', 'Imepunguzwa', 'Imelipwa'],
    ] as const) {
      const strings = await pdfStrings(await buildStatementPdf(s, { ...opts, language }));
      // The summary: the label, then its amount.
      expect(strings[strings.indexOf(credited) + 1], language).toMatch(/1[,. \u00a0]?160/);
      expect(strings[strings.indexOf(paid) + 1], language).toMatch(/500/);
      expect(strings.filter((t) => t === credited).length, language).toBeGreaterThanOrEqual(2); // summary and column
    }
  });
});
