import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../data/db';
import { owedByCurrency } from './pages/ContactPage';

describe('totals owed by a client', () => {
  it('sums the balances of issued invoices per currency, ignoring drafts, voids, converted quotes and quotes', () => {
    const base = { contact_id: 'c1', created_at: '', updated_at: '' };
    const owed = owedByCurrency([
      { ...base, id: '1', kind: 'invoice', status: 'sent', balance: 10_000, currency: 'NGN' },
      { ...base, id: '2', kind: 'invoice', status: 'partially_paid', balance: 5_000, currency: 'NGN' },
      { ...base, id: '3', kind: 'invoice', status: 'draft', balance: 99_000, currency: 'NGN' },
      { ...base, id: '4', kind: 'invoice', status: 'void', balance: 99_000, currency: 'NGN' },
      { ...base, id: '5', kind: 'quote', status: 'sent', balance: 99_000, currency: 'NGN' },
      { ...base, id: '6', kind: 'invoice', status: 'paid', balance: 0, currency: 'NGN' },
      { ...base, id: '7', kind: 'invoice', status: 'sent', balance: 700, currency: 'USD' },
    ] as Invoice[]);
    expect(owed).toEqual([
      ['NGN', 15_000],
      ['USD', 700],
    ]);
  });
});
