import { invoiceFieldDefaults } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { applyEditor, toEditorState } from './editor';
import { mergeEdit } from './merge';
import type { Invoice } from './model';

// t20 U3: Kampala INV-0004, 25 × USh12,345,678. The laptop's editor opened it; the phone then saved Qty 20 (this device
// pulled it); the laptop, still showing 25, changed the unit price to 10,000,000 and saved.
const line = (quantity: number, unit_price: number, id = 'l1', description = 'Solar panels') => ({
  id,
  catalog_id: null,
  description,
  quantity,
  unit_price,
  fee_ids: [],
});
const opened = {
  ...invoiceFieldDefaults(),
  id: 'inv4',
  kind: 'invoice',
  number: 'INV-0004',
  status: 'sent',
  contact_id: 'c1',
  issue_date: '2026-11-27',
  due_date: null,
  currency: 'UGX',
  lines: [line(25, 12_345_678)],
  notes: 'Delivery on Monday',
  version: 26,
} as unknown as Invoice;

/** The editor: opened on `opened`, `edit` typed, saved. */
function save(edit: (s: ReturnType<typeof toEditorState>) => ReturnType<typeof toEditorState>, theirs: Invoice) {
  const start = toEditorState(opened);
  return mergeEdit(opened, applyEditor(opened, start), applyEditor(opened, edit(start)), theirs);
}
const price = (p: string) => (s: ReturnType<typeof toEditorState>) => ({ ...s, lines: s.lines.map((l, i) => (i === 0 ? { ...l, price: p } : l)) });

describe('a save from an editor opened on an older version of the invoice (t20 U3)', () => {
  it("keeps the other device's Qty 20 and the owner's new price: 20 × 10,000,000, nothing to ask", () => {
    const theirs = { ...opened, lines: [line(20, 12_345_678)], version: 27, amount_paid: 0 } as Invoice;
    const r = save(price('10000000'), theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.tookTheirs).toBe(true);
    expect(r.use.lines).toEqual([line(20, 10_000_000)]);
    expect(r.keep.lines).toEqual([line(20, 10_000_000)]);
    expect(r.use.version).toBe(27);
  });

  it('the same field changed on both sides is asked: keep holds the other device’s value, use the owner’s', () => {
    const theirs = { ...opened, lines: [line(20, 12_345_678)], version: 27 } as Invoice;
    const r = save((s) => ({ ...s, lines: s.lines.map((l) => ({ ...l, qty: '22', price: '10000000' })) }), theirs);
    expect(r.conflicts).toEqual([{ kind: 'line', id: 'l1', mine: line(22, 10_000_000), theirs: line(20, 12_345_678) }]);
    // The price only the owner changed is theirs either way; the quantity is the choice.
    expect(r.keep.lines).toEqual([line(20, 10_000_000)]);
    expect(r.use.lines).toEqual([line(22, 10_000_000)]);
  });

  it('fields the owner did not touch take the current values (notes, a line added there, payments and status)', () => {
    const theirs = {
      ...opened,
      notes: 'Delivery on Tuesday',
      lines: [line(25, 12_345_678), line(2, 50_000, 'l2', 'Cables')],
      status: 'partially_paid',
      amount_paid: 1000,
      version: 28,
    } as Invoice;
    const r = save(price('10000000'), theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.use).toMatchObject({ notes: 'Delivery on Tuesday', status: 'partially_paid', amount_paid: 1000 });
    expect(r.use.lines).toEqual([line(25, 10_000_000), line(2, 50_000, 'l2', 'Cables')]);
  });

  it('notes typed on both sides are asked; typed only here they are kept', () => {
    const theirs = { ...opened, notes: 'Delivery on Tuesday', version: 27 } as Invoice;
    const both = save((s) => ({ ...s, notes: 'Call before delivery' }), theirs);
    expect(both.conflicts).toEqual([{ kind: 'field', field: 'notes', mine: 'Call before delivery', theirs: 'Delivery on Tuesday' }]);
    expect([both.keep.notes, both.use.notes]).toEqual(['Delivery on Tuesday', 'Call before delivery']);
    const mineOnly = save((s) => ({ ...s, notes: 'Call before delivery' }), { ...opened, version: 27 } as Invoice);
    expect(mineOnly.conflicts).toEqual([]);
    expect(mineOnly.use.notes).toBe('Call before delivery');
    expect(mineOnly.tookTheirs).toBe(false);
  });

  it('a line removed there stays removed unless changed here; a line removed here but changed there is asked', () => {
    const two = { ...opened, lines: [line(25, 12_345_678), line(2, 50_000, 'l2', 'Cables')] } as Invoice;
    const start = toEditorState(two);
    const untouched = applyEditor(two, start);
    // There: l2 removed. Here: only l1's price changed → l2 gone.
    const removedThere = mergeEdit(two, untouched, applyEditor(two, price('9')(start)), { ...two, lines: [line(25, 12_345_678)] } as Invoice);
    expect(removedThere.conflicts).toEqual([]);
    expect(removedThere.use.lines.map((l) => l.id)).toEqual(['l1']);
    // Here: l2 removed. There: l2's quantity changed → asked.
    const removedHere = mergeEdit(two, untouched, applyEditor(two, { ...start, lines: start.lines.slice(0, 1) }), {
      ...two,
      lines: [line(25, 12_345_678), line(3, 50_000, 'l2', 'Cables')],
    } as Invoice);
    expect(removedHere.conflicts).toEqual([{ kind: 'line', id: 'l2', mine: null, theirs: line(3, 50_000, 'l2', 'Cables') }]);
    expect(removedHere.keep.lines.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(removedHere.use.lines.map((l) => l.id)).toEqual(['l1']);
  });
});
