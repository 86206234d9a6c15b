import { describe, expect, it } from 'vitest';
import { INVOICE_PAYMENT_METHODS } from '../constants/payment-methods';
import { fiscalPaymentTypeOf } from '../fiscal/payment';
import { documentText } from '../language/documents';
import { cashUpOf } from '../reports/cashup';
import { checkInvoiceTotals } from './checks';
import { type CommandInvoice, InvoiceCommandError, recordPaymentCommand } from './commands';
import { invoiceTotalsAndStatus } from './record';
import { COMMAND_INVOICE } from './fixture';
import { invoiceSyncDataSchema } from './schemas';

// A company client of a Nigerian designer pays ₦95,000 of a ₦100,000 invoice and withholds ₦5,000 (WHT 5%), paid to the
// tax authority for the designer, with a certificate: the invoice is settled, but ₦5,000 is no money received.
const NOW = new Date('2026-03-10T09:00:00Z');
const invoice: CommandInvoice = {
  ...COMMAND_INVOICE,
  number: 'INV-0007',
  lines: [{ id: '8f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'Brand design', quantity: 1, unit_price: 10_000_000, fee_ids: [] }],
  status: 'ready',
  sent_at: '2026-03-01T10:00:00.000Z',
  finished_at: '2026-03-01T10:00:00.000Z',
};
const transfer = { id: '1f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', amount: 9_500_000, method: 'bank_transfer' as const, date: '2026-03-10' };
const withheld = {
  id: '2f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  amount: 500_000,
  method: 'withholding' as const,
  date: '2026-03-10',
  reference: 'WHT/2026/0042',
};

describe('tax withheld by the client (withholding tax)', () => {
  it('is a way an invoice is settled: with the transfer, the invoice is paid', () => {
    expect(INVOICE_PAYMENT_METHODS).toContain('withholding');
    const afterTransfer = { ...invoice, ...recordPaymentCommand(invoice, transfer, NOW).changes };
    const settled = { ...afterTransfer, ...recordPaymentCommand(afterTransfer, withheld, NOW).changes };
    expect(settled.payments).toEqual([{ ...transfer, reference: '' }, withheld]);
    expect(invoiceTotalsAndStatus(settled)).toMatchObject({ total_due: 10_000_000, amount_paid: 10_000_000, balance: 0, status: 'paid' });
    expect(documentText('en', 'method_withholding')).toBe('Tax withheld');
    expect(documentText('fr', 'method_withholding')).toBe('Retenue à la source');
  });

  it('is never a refund paid out: refused by the command and by a synced write, with its code', () => {
    const credited = { ...invoice, payments: [{ ...transfer, amount: 10_000_000, reference: '' }], credited_total: 2_000_000 };
    try {
      recordPaymentCommand(credited, { ...withheld, refund: true }, NOW);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvoiceCommandError);
      expect((e as InvoiceCommandError).refusal?.reason).toBe('withholding_refund');
    }
    // The same refund as money paid back by transfer is taken.
    expect(recordPaymentCommand(credited, { ...withheld, method: 'bank_transfer', refund: true }, NOW).changes.payments).toHaveLength(2);
    const facts = { sent_at: invoice.sent_at, finished_at: invoice.finished_at ?? null, voided_at: null, converted_invoice_id: null };
    // The invoice as a synced write checks it (its sync fields that play no part here left empty).
    const checked = invoiceSyncDataSchema.parse(credited);
    const refund = { ...withheld, amount: -500_000, refund: true as const };
    expect(() =>
      checkInvoiceTotals({ checked, payments: [...credited.payments, refund], existing: credited, facts, claimed: {}, credited: 2_000_000 }),
    ).toThrow('A refund is money paid back to the client: it cannot be tax withheld.');
  });

  it('carries no money: not in the end-of-day cash-up, and not the payment type a tax authority records', () => {
    const day = cashUpOf([{ ...invoice, payments: [{ ...transfer, reference: '' }, withheld] } as never], '2026-03-10');
    const naira = day.currencies[0];
    expect(naira.methods.map((m) => m.method)).not.toContain('withholding');
    expect(naira.received_total).toBe(9_500_000);
    expect(fiscalPaymentTypeOf(10_000_000, [withheld, transfer])).toBe('bank_transfer');
    expect(fiscalPaymentTypeOf(10_000_000, [{ ...withheld, amount: 10_000_000 }])).toBe('other');
  });
});
