import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { feeInput } from './data';
import { applyEditor, type EditorState, editorTotals } from './editor';
import { asInvoice } from './model';

// t22 V1: Douala, 25,000 + 75,000 FCFA at TVA 19.25 %: 19,250 as the customer works it out (per line it was 19,251).
describe('the invoice editor rounds a percentage tax once on its total (t22 V1)', () => {
  const tva = feeInput({ id: 'tva', name: 'TVA', kind: 'tax', calculation: 'percentage', percentage_bps: 1925, amount: 0, inclusive: false });
  const state = (fees: EditorState['fees']): EditorState => ({
    contact_id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01',
    issue_date: '2026-11-22',
    due_date: '2026-12-06',
    currency: 'XAF',
    lines: [
      { id: 'a', catalog_id: null, description: 'Sacs', qty: '1', price: '25,000', fee_ids: [] },
      { id: 'b', catalog_id: null, description: 'Ciment', qty: '1', price: '75,000', fee_ids: [] },
    ],
    fees,
    fee_ids: ['tva'],
    discountType: 'percentage',
    discountText: '',
    notes: '',
    terms: '',
    payment_instructions: '',
  });

  it('snapshots a Fees-tab percentage with round_on total, and the invoice keeps it', () => {
    expect(tva).toMatchObject({ round_on: 'total' });
    expect(feeInput({ id: 'd', name: 'Delivery', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false })).not.toHaveProperty(
      'round_on',
    );
    const t = editorTotals(state([tva]));
    expect(t).toMatchObject({ tax_total: 19_250, total_due: 119_250 });
    expect(t.lines.reduce((s, l) => s + l.fees[0]!.amount, 0)).toBe(19_250);
    expect(applyEditor(asInvoice({ id: 'i1' }), state([tva])).fees[0]).toMatchObject({ id: 'tva', round_on: 'total' });
  });

  it('an invoice written before (its snapshot without the flag) keeps its figures when edited', () => {
    const { round_on: _new, ...old } = tva;
    expect(editorTotals(state([old])).tax_total).toBe(19_251);
  });
});
