import type { CommandInvoice } from './commands';

/** A draft invoice in naira with nothing paid, as the command tests start from (they spread it). */
export const COMMAND_INVOICE: CommandInvoice = {
  id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  kind: 'invoice',
  number: 'INV-0001',
  contact_id: '7f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  issue_date: '2026-03-01',
  due_date: '2026-03-15',
  currency: 'NGN',
  lines: [{ id: '8f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'Chairs', quantity: 2, unit_price: 5_000, fee_ids: [] }],
  fees: [],
  fee_ids: [],
  discount: null,
  notes: '',
  terms: '',
  payment_instructions: '',
  public_id: 'abcdefghijklmnopqrstuv',
  status: 'draft',
  sent_at: null,
  finished_at: null,
  voided_at: null,
  converted_invoice_id: null,
  quote_id: null,
  payments: [],
};
