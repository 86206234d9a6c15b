import { clientStatement, receiptsOf } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, buildReceiptPdf, buildStatementPdf, type PdfInvoice, pdfParties } from './index';
import { pdfStrings } from './testing';

/** Every string drawn in the PDF joined by newlines, no-break spaces read as spaces. */
const pdfText = async (bytes: Uint8Array): Promise<string> => (await pdfStrings(bytes)).join('\n').replace(/\u00a0/g, ' ');

const invoice: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0019',
  status: 'partially_paid',
  issue_date: '2026-03-05',
  due_date: '2026-08-20',
  currency: 'XAF',
  // The CFA franc has no minor unit (ISO 4217, issue 23): amounts are whole francs.
  lines: [{ id: 'l1', description: 'Robe brodée', quantity: 1.5, unit_price: 12_500 }],
  payments: [{ amount: 5_001, date: '2026-03-06', method: 'cash' }],
};
const invoiceKes: PdfInvoice = {
  ...invoice,
  currency: 'KES',
  lines: [{ id: 'l1', description: 'Robe brodée', quantity: 1.5, unit_price: 1_250_000 }],
  payments: [{ amount: 500_050, date: '2026-03-06', method: 'cash' }],
};
const parties = { business: { name: 'Atelier Ngono' }, client: { name: 'Mme Ebogo' } };

describe('PDFs in the client language (issue 19)', () => {
  it('pdfParties picks the client language, else the owner’s', () => {
    expect(pdfParties({ name: 'A', language: 'sw' }, { name: 'B', language: 'fr' }).language).toBe('fr');
    expect(pdfParties({ name: 'A', language: 'sw' }, { name: 'B', language: null }).language).toBe('sw');
    expect(pdfParties({ name: 'A' }, null).language).toBe('en');
    expect(pdfParties({ name: 'A', language: 'sw' }, null).client.name).toBe('Mteja');
  });

  it('the invoice in French: labels, dates and money in French', async () => {
    const text = await pdfText(await buildInvoicePdf(invoice, { ...parties, language: 'fr', payLink: 'http://x/invoice/link/abc' }));
    for (const s of [
      'FACTURE',
      'FACTURÉ À',
      'Date d’émission'.replace('’', '\u0092'),
      'Date d’échéance'.replace('’', '\u0092'),
      'Solde dû',
      'Prix unitaire',
      'Sous-total',
      'Montant payé',
      'VOIR ET PAYER EN LIGNE',
      'page 1 sur 1',
      'Réalisé avec Duka',
      'PARTIELLEMENT PAYÉE',
    ])
      expect(text, s).toContain(s);
    expect(text).toContain('5 mars 26');
    expect(text).toContain('20 août 26');
    expect(text).toContain('1,5');
    expect(text).toContain('18 750 FCFA');
    expect(text).toContain('13 749 FCFA');
    expect(text).not.toMatch(/\b(INVOICE|Balance due|Subtotal|Due date)\b/);
  });

  it('the invoice in Swahili', async () => {
    const text = await pdfText(await buildInvoicePdf(invoiceKes, { ...parties, language: 'sw' }));
    for (const s of [
      'ANKARA',
      'ANKARA KWA',
      'Tarehe ya kulipa',
      'Salio la kulipa',
      'Jumla ndogo',
      'Kiasi kilicholipwa',
      'ukurasa 1 kati ya 1',
      'IMELIPWA KIASI',
      '5 Mac 26',
      '20 Ago 26',
      'KSh 18,750',
      'KSh 13,749.50',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(/\b(INVOICE|Balance due|Subtotal)\b/);
  });

  it('a quote in French is a DEVIS, valid until a date', async () => {
    const text = await pdfText(await buildInvoicePdf({ ...invoice, kind: 'quote', status: 'sent', payments: [] }, { ...parties, language: 'fr' }));
    expect(text).toContain('DEVIS');
    expect(text).toContain('PRÉPARÉ POUR');
    expect(text).toContain('Valable jusqu\u0092au');
  });

  it('English stays exactly as before when no language is given', async () => {
    const a = await buildInvoicePdf(invoice, parties);
    const b = await buildInvoicePdf(invoice, { ...parties, language: 'en' });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const text = await pdfText(a);
    expect(text).toContain('INVOICE');
    expect(text).toContain('5 Mar 26');
    expect(text).toContain('FCFA 18,750');
  });

  it('the receipt in French and in Swahili', async () => {
    const [receipt] = receiptsOf(
      {
        id: 'i',
        number: 'INV-0019',
        currency: 'KES',
        total_due: 1_875_000,
        payments: [{ id: '3f2a9c01-b7aa-4bbb-8ccc-000000000001', amount: 500_050, date: '2026-03-06', method: 'cash', reference: '' }],
      },
      [],
    );
    const fr = await pdfText(await buildReceiptPdf(receipt, { ...parties, language: 'fr', link: 'http://x/invoice/link/abc' }));
    for (const s of [
      'REÇU',
      'REÇU DE',
      'MONTANT REÇU',
      'Moyen de paiement',
      'Espèces',
      'Pour la facture',
      'Reste à payer',
      'Merci pour votre paiement.',
      '6 mars 26',
      '5 000,50 KSh',
    ])
      expect(fr, s).toContain(s);
    const sw = await pdfText(await buildReceiptPdf(receipt, { ...parties, language: 'sw' }));
    for (const s of [
      'RISITI',
      'IMEPOKELEWA KUTOKA',
      'Njia ya malipo',
      'Pesa taslimu',
      'Salio lililobaki',
      'Asante kwa malipo yako.',
      '6 Mac 26',
      'KSh 5,000.50',
    ])
      expect(sw, s).toContain(s);
  });

  it('the statement in French and in Swahili', async () => {
    const invoices = [
      {
        id: 'i',
        kind: 'invoice',
        number: 'INV-0019',
        contact_id: 'c',
        currency: 'KES',
        issue_date: '2026-03-05',
        total_due: 1_875_000,
        balance: 1_374_950,
        status: 'partially_paid',
        payments: [{ id: 'p', amount: 500_050, date: '2026-03-06', method: 'mobile_money', reference: 'QX12' }],
      },
    ];
    const s = clientStatement(invoices, 'c', 'KES', '2026-03-01', '2026-03-31');
    const fr = await pdfText(await buildStatementPdf(s, { ...parties, today: '2026-04-01', language: 'fr' }));
    for (const s of [
      'RELEVÉ',
      'Établi le 1 avr. 26',
      'Solde d\u0092ouverture',
      'Facture INV-0019',
      'Paiement de INV-0019 (Paiement mobile, QX12)',
      'Montant dû : 13 749,50 KSh',
      'Relevé - page 1 sur 1',
    ])
      expect(fr, s).toContain(s);
    const sw = await pdfText(await buildStatementPdf(s, { ...parties, today: '2026-04-01', language: 'sw' }));
    for (const s of ['TAARIFA YA AKAUNTI', 'Ankara INV-0019', 'Malipo ya INV-0019 (Pesa kwa simu, QX12)', 'Kiasi cha kulipa: KSh 13,749.50', 'Salio la mwanzo'])
      expect(sw, s).toContain(s);
  });
});

describe('the client country in the document language (issue 23)', () => {
  const user = { name: 'Ada', company_name: 'Ada Stores', country: 'Nigeria', language: 'en' };
  const client = (language: 'en' | 'fr' | 'sw', country = 'Cameron') => ({ name: 'Mme Ebogo', address: 'Rue 12', city: 'Douala', country, language });

  it('prints Cameroun on a French document, Kameruni on a Swahili one, SPEC’s Cameron on an English one', () => {
    expect(pdfParties(user, client('fr')).client.address).toBe('Rue 12\nDouala, Cameroun');
    expect(pdfParties(user, client('sw')).client.address).toBe('Rue 12\nDouala, Kameruni');
    expect(pdfParties(user, client('en')).client.address).toBe('Rue 12\nDouala, Cameron');
  });

  it('keeps a country it has no name for, and free text, as stored', () => {
    expect(pdfParties(user, client('fr', 'Narnia')).client.address).toBe('Rue 12\nDouala, Narnia');
    expect(pdfParties(user, client('fr', 'Kenya')).client.address).toBe('Rue 12\nDouala, Kenya');
    expect(pdfParties(user, client('fr', 'South Africa')).client.address).toBe('Rue 12\nDouala, Afrique du Sud');
  });
});
