import { invoiceFieldDefaults } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { describeInvoiceValues, restorableValues, withReplacedValues } from './conflict';
import { toEditorState } from './editor';
import type { Invoice } from './model';

// t20 U3: Kampala INV-0004, 25 × USh12,345,678. The phone saved Qty 20; the laptop, still showing 25, saved the unit price
// 10,000,000 over it. The server kept the phone's values in its history: {lines: [20 × 12,345,678], total_due: …}.
const line = (quantity: number, unit_price: number) => ({ id: 'l1', catalog_id: null, description: 'Solar panels', quantity, unit_price, fee_ids: [] });
const invoice = {
  ...invoiceFieldDefaults(),
  id: 'inv4',
  kind: 'invoice',
  number: 'INV-0004',
  contact_id: 'c1',
  issue_date: '2026-11-27',
  due_date: null,
  currency: 'UGX',
  lines: [line(25, 10_000_000)],
  notes: 'Delivery on Monday',
  conflict: true,
  history_count: 1,
} as unknown as Invoice;
const replaced = { lines: [line(20, 12_345_678)], subtotal: 246_913_560, total_due: 291_358_001, balance: 291_358_001, status: 'sent' };
const en = (key: string, vars?: Record<string, unknown>) =>
  ({
    line: `${vars?.quantity} × ${vars?.description} at ${vars?.price}`,
    lines: 'Lines',
    total: 'Total',
    none: 'None',
    notes: 'Notes',
    discount: 'Discount',
    client: 'Client',
    otherClient: 'Another client',
  })[key] ?? key;

describe("an invoice's values replaced by a save on another device (t20 U3)", () => {
  it('reads as lines and money, not raw fields', () => {
    expect(describeInvoiceValues(replaced, 'UGX', en)).toEqual([
      ['Lines', '20 × Solar panels at USh12,345,678'],
      ['Total', 'USh291,358,001'],
    ]);
    expect(describeInvoiceValues({ notes: '', discount: null, contact_id: 'c2' }, 'UGX', en)).toEqual([
      ['Client', 'Another client'],
      ['Discount', 'None'],
      ['Notes', 'None'],
    ]);
  });

  it('puts back only what the owner typed: totals, status and payments follow from it', () => {
    expect(restorableValues({ ...replaced, payments: [], notes: 'x' })).toEqual({ lines: [line(20, 12_345_678)], notes: 'x' });
  });

  it('in the editor, the replaced values go into the form and the rest of what is typed stays', () => {
    const typed = { ...toEditorState(invoice), notes: 'Delivery on Tuesday' };
    const next = withReplacedValues(typed, invoice, restorableValues(replaced));
    expect(next.lines).toHaveLength(1);
    expect(next.lines[0]).toMatchObject({ description: 'Solar panels', qty: '20' });
    expect(next.notes).toBe('Delivery on Tuesday');
    expect(next.fees).toEqual(typed.fees);
  });
});
