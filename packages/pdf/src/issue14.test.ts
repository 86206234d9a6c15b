import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice, pdfParties } from './index';
import { pdfStrings as pdfText } from './testing';

const base: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0014',
  status: 'partially_paid',
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  currency: 'NGN',
  lines: [
    { id: 'a', description: 'Embroidery', quantity: 2, unit_price: 1_250_050 },
    { id: 'b', description: 'Buttons', quantity: 1, unit_price: 500_000 },
  ],
  payments: [{ amount: 1_000_000, date: '2026-11-23', method: 'cash' }],
};

const user = {
  name: 'Ada Obi',
  company_name: 'Ada Tailoring',
  email: 'ada@example.com',
  country: 'Nigeria',
  invoice_settings: JSON.stringify({
    business: {
      address: '12 Market Road\nYaba, Lagos',
      phone: '+2348059876543',
      tax_id: 'TIN 12345678-0001',
      registration_number: 'RC 1234567',
      email: 'sales@ada-tailoring.example',
    },
  }),
};
const contact = { name: 'Chidi Okafor', phone: '+2348031234567', country: 'Nigeria', tax_id: 'TIN 999' };

describe('the PDF of issue 14', () => {
  it('prints the business address, phone (national form), tax ID and registration number, and the client tax ID', async () => {
    const text = await pdfText(await buildInvoicePdf(base, pdfParties(user, contact)));
    for (const s of [
      '12 Market Road',
      'Yaba, Lagos',
      '0805 987 6543',
      'sales@ada-tailoring.example',
      // Nigeria's names for the numbers; typed with the name in front, each printed as typed (not "TIN: TIN …").
      'TIN 12345678-0001',
      'RC 1234567',
      '0803 123 4567',
      'TIN 999',
    ]) {
      expect(text).toContain(s);
    }
    // Issue 22 item 5: the business contact e-mail, never the owner's login e-mail.
    expect(text).not.toContain('ada@example.com');
  });
  it('shows kobo where an amount has them (and, issue 23, then on every amount), adding up', async () => {
    const text = await pdfText(await buildInvoicePdf(base, pdfParties(user, contact)));
    expect(text).toContain('NGN 12,500.50'); // unit price
    expect(text).toContain('NGN 25,001.00'); // 2 × 12,500.50
    expect(text).toContain('NGN 30,001.00'); // total
    expect(text).toContain('-NGN 10,000.00'); // paid
    expect(text).toContain('NGN 20,001.00'); // balance due
  });
  it('a void invoice and a quote show their total, never a balance due', async () => {
    const voided = await pdfText(await buildInvoicePdf({ ...base, status: 'void' }, pdfParties(user, contact)));
    expect(voided).not.toContain('Balance due');
    expect(voided).toContain('Total');
    const quote = await pdfText(await buildInvoicePdf({ ...base, kind: 'quote', status: 'draft', payments: [] }, pdfParties(user, contact)));
    expect(quote).not.toContain('Balance due');
  });
});
