import { clientStatement } from '@duka/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildStatementPdf } from './statement';

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
});
