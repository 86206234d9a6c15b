import { describe, expect, it } from 'vitest';
import type { CatalogItem, Contact, Expense, Invoice, Note } from '../../data/db';
import { buildIndex, searchIndex } from './search';

const t = '2026-11-22T10:00:00.000Z';
const contact = (i: number, name: string): Contact => ({
  id: `c${i}`,
  name,
  permalink: `p${i}`,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  phone: '',
  address: '',
  city: i % 2 ? 'Lagos' : 'Nairobi',
  country: '',
  tax_id: '',
  notes: '',
  archived: false,
  created_at: t,
  updated_at: t,
});

describe('local search', () => {
  const contacts = [contact(1, 'Chinedu Okafor'), contact(2, 'Bola Ahmed')];
  const notes: Note[] = [{ id: 'n1', contact_id: 'c2', body: 'Wants **blue** ankara', pinned: false, created_at: t, updated_at: t }];
  const expenses: Expense[] = [
    {
      id: 'e1',
      amount: 150000,
      currency: 'NGN',
      date: '2026-11-02',
      category: 'Transport',
      vendor: 'Bolt',
      contact_id: 'c1',
      payment_method: 'cash',
      description: '',
      receipt: null,
      created_at: t,
      updated_at: t,
    },
  ];
  const catalogs: CatalogItem[] = [
    { id: 'k1', name: 'Blue ankara', description: '6 yards', unit_price: 1000, unit: 'piece', sku: 'ANK', active: true, created_at: t, updated_at: t },
  ];
  const index = buildIndex({
    contacts,
    notes,
    expenses,
    catalogs,
    invoices: [{ id: 'i1', contact_id: 'c1', number: 'INV-0042', created_at: t, updated_at: t }] as Invoice[],
  });

  it('finds every kind of record case-insensitively, grouped, every word required', () => {
    const r = searchIndex(index, 'BLUE');
    expect(r.groups.map((g) => g.group)).toEqual(['notes', 'catalogs']);
    expect(r.groups[0].entries[0]).toMatchObject({ title: 'Wants blue ankara', subtitle: 'Bola Ahmed', href: '/contacts/p2' });
    expect(searchIndex(index, 'chinedu').groups.map((g) => g.group)).toEqual(['contacts', 'invoices', 'expenses']);
    expect(searchIndex(index, 'inv-0042').groups[0].entries[0].href).toBe('/invoices/i1');
    expect(searchIndex(index, 'blue yards').total).toBe(1);
    expect(searchIndex(index, '   ').total).toBe(0);
    expect(searchIndex(index, 'zzz').groups).toEqual([]);
  });

  it('finds an invoice by a line description and a payment reference, and shows the list status (overdue)', () => {
    const idx = buildIndex(
      {
        contacts,
        invoices: [
          {
            id: 'i2',
            contact_id: 'c2',
            kind: 'invoice',
            number: 'INV-0043',
            status: 'partially_paid',
            due_date: '2026-11-01',
            balance: 500,
            total_due: 1000,
            currency: 'NGN',
            lines: [{ description: 'Agbada embroidery' }],
            payments: [{ reference: 'OPay 7781' }],
            created_at: t,
            updated_at: t,
          },
        ] as Invoice[],
      },
      { today: '2026-11-22' },
    );
    expect(searchIndex(idx, 'embroidery').groups[0].entries[0]).toMatchObject({ href: '/invoices/i2' });
    expect(searchIndex(idx, 'opay').groups[0].entries[0].subtitle).toContain('Overdue');
    expect(searchIndex(idx, 'overdue bola').total).toBe(1);
  });

  it('shows a pending expense as to be read from its photo, never as 0 (issue 29)', () => {
    const pending = { ...expenses[0]!, id: 'e2', amount: 0, amount_pending: 'to_read' as const, vendor: 'Naivas' };
    const unread = { ...pending, id: 'e3', amount_pending: 'unreadable' as const, vendor: 'Tuskys' };
    const labels = { pendingLabel: (s: string) => (s === 'unreadable' ? 'Amount not read: type it' : 'Amount to be read from the photo') };
    const idx = buildIndex({ expenses: [pending, unread] }, labels);
    const [a, b] = idx;
    expect(a!.subtitle).toContain('Amount to be read from the photo');
    expect(b!.subtitle).toContain('Amount not read: type it');
    expect(a!.subtitle).not.toMatch(/₦0\b/);
  });

  it('stays under 100 ms over 10,000 records', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => contact(i, `Customer ${i} ${['Ade', 'Ngozi', 'Kofi', 'Wanjiru'][i % 4]}`));
    const big = buildIndex({ contacts: many });
    const start = performance.now();
    const r = searchIndex(big, 'ngozi 99');
    const ms = performance.now() - start;
    expect(r.total).toBeGreaterThan(0);
    expect(r.groups[0].entries.length).toBeLessThanOrEqual(20);
    expect(ms).toBeLessThan(100);
  });
});
