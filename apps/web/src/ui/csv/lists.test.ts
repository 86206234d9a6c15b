import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, saveRecord } from '../../data/db';
import { exportTable } from './exports';
import { BOM, parseCsvText, toCsvText } from './file';
import { LIST_CSV } from './lists';

/** The file a list's menu item downloads, read back as a spreadsheet would (headers + rows). */
async function file(name: Parameters<typeof exportTable>[0]) {
  const text = toCsvText(await exportTable(name));
  expect(text.startsWith(BOM)).toBe(true);
  return parseCsvText(text);
}

describe('CSV export from each list', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    const ada = crypto.randomUUID();
    await saveRecord('contacts', { id: ada, name: 'Ada Stores', email: 'ada@example.com', phone: '+234 801', city: 'Lagos', notes: '=1+1', permalink: 'ada' });
    await saveRecord('contacts', { id: crypto.randomUUID(), name: 'Bola', permalink: 'bola' });
    await saveRecord('invoices', {
      id: crypto.randomUUID(),
      number: 'INV-0002',
      kind: 'invoice',
      status: 'partial',
      contact_id: ada,
      issue_date: '2026-03-02',
      due_date: '2026-03-16',
      currency: 'NGN',
      lines: [
        { id: 'l1', description: 'Rice 50kg', quantity: 2, unit_price: 4_500_000 },
        { id: 'l2', description: '@delivery', quantity: 1, unit_price: 250_050 },
      ],
      payments: [{ amount: 5_000_000, date: '2026-03-05', method: 'bank_transfer', reference: 'TX1' }],
    } as never);
    await saveRecord('invoices', {
      id: crypto.randomUUID(),
      number: 'INV-0001',
      kind: 'invoice',
      status: 'paid',
      contact_id: ada,
      issue_date: '2026-03-01',
      currency: 'NGN',
      lines: [{ id: 'l3', description: 'Oil', quantity: 1, unit_price: 100_000 }],
      payments: [{ amount: 100_000, date: '2026-03-01', method: 'cash' }],
    } as never);
    await saveRecord('expenses', {
      id: crypto.randomUUID(),
      amount: 250_075,
      currency: 'NGN',
      date: '2026-03-05',
      category: 'Transport',
      vendor: 'Keke',
      payment_method: 'cash',
      description: '',
    });
    await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Rice 50kg', unit_price: 4_500_000, unit: 'bag', sku: 'R50', description: '-10% promo' });
  });

  it('each list offers its own collections; payments come from the invoices list (there is no payments list)', () => {
    expect(LIST_CSV).toEqual({
      clients: { exports: ['clients'], imports: ['contacts'] },
      invoices: { exports: ['invoices', 'invoice_lines', 'payments'], imports: [] },
      expenses: { exports: ['expenses'], imports: ['expenses'] },
      catalog: { exports: ['catalog'], imports: ['catalogs'] },
    });
  });

  it('clients list: one row per client, sorted by name, injection cells escaped', async () => {
    const [name] = LIST_CSV.clients.exports;
    const f = await file(name);
    expect(f.headers).toEqual(['name', 'email', 'phone', 'address', 'city', 'country', 'tax_id', 'notes']);
    expect(f.rows).toEqual([
      ['Ada Stores', 'ada@example.com', "'+234 801", '', 'Lagos', '', '', "'=1+1"],
      ['Bola', '', '', '', '', '', '', ''],
    ]);
  });

  it('invoices list: the summary file, the line-rows file and the payments file', async () => {
    const [summary, lines, payments] = LIST_CSV.invoices.exports;
    const s = await file(summary);
    expect(s.headers).toEqual([
      'invoice_number',
      'kind',
      'status',
      'issue_date',
      'due_date',
      'client',
      'currency',
      'subtotal',
      'discount',
      'taxes',
      'fees',
      'total',
      'paid',
      'balance',
    ]);
    expect(s.rows).toEqual([
      ['INV-0001', 'invoice', 'paid', '2026-03-01', '', 'Ada Stores', 'NGN', '1000', '0', '0', '0', '1000', '1000', '0'],
      ['INV-0002', 'invoice', 'partial', '2026-03-02', '2026-03-16', 'Ada Stores', 'NGN', '92500.5', '0', '0', '0', '92500.5', '50000', '42500.5'],
    ]);
    const l = await file(lines);
    expect(l.headers).toEqual([
      'invoice_number',
      'kind',
      'status',
      'issue_date',
      'due_date',
      'client',
      'currency',
      'description',
      'quantity',
      'unit_price',
      'line_total',
    ]);
    expect(l.rows.map((r) => [r[0], r[7], r[8], r[9], r[10]])).toEqual([
      ['INV-0001', 'Oil', '1', '1000', '1000'],
      ['INV-0002', 'Rice 50kg', '2', '45000', '90000'],
      ['INV-0002', "'@delivery", '1', '2500.5', '2500.5'],
    ]);
    const p = await file(payments);
    expect(p.headers).toEqual(['invoice_number', 'client', 'date', 'amount', 'currency', 'method', 'reference']);
    expect(p.rows).toEqual([
      ['INV-0001', 'Ada Stores', '2026-03-01', '1000', 'NGN', 'cash', ''],
      ['INV-0002', 'Ada Stores', '2026-03-05', '50000', 'NGN', 'bank_transfer', 'TX1'],
    ]);
  });

  it('expenses and catalog lists: amounts in major units, escaped text', async () => {
    const e = await file(LIST_CSV.expenses.exports[0]);
    expect(e.headers).toEqual([
      'date',
      'amount',
      'currency',
      'category',
      'vendor',
      'payment_method',
      'description',
      'amount_pending',
      'input_tax',
      'exchange_rate',
    ]);
    expect(e.rows).toEqual([['2026-03-05', '2500.75', 'NGN', 'Transport', 'Keke', 'cash', '', '', '0', '']]);
    const c = await file(LIST_CSV.catalog.exports[0]);
    expect(c.headers).toEqual(['name', 'description', 'unit_price', 'unit', 'sku']);
    expect(c.rows).toEqual([['Rice 50kg', "'-10% promo", '45000', 'bag', 'R50']]);
  });
});
