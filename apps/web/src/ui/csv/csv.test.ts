import 'fake-indexeddb/auto';
import { guessMapping } from '@duka/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, saveRecord } from '../../data/db';
import { exportTable } from './exports';
import { BOM, parseCsvText, toCsvText, unescapeCell } from './file';
import { buildPreview, commitImport, existingKeys, mapRow, updateRow } from './importer';
import { groupByMonth } from '../../features/expenses/components/ExpenseList';

async function preview(kind: 'contacts' | 'catalogs' | 'expenses', text: string) {
  const parsed = parseCsvText(text);
  const mapping = guessMapping(kind, parsed.headers);
  const existing = await existingKeys(kind);
  return {
    existing,
    rows: buildPreview(
      kind,
      parsed.rows.map((c) => mapRow(kind, c, mapping)),
      existing,
      { currency: 'NGN', country: 'Nigeria' },
    ),
  };
}
const strip = <T extends object>(r: T) => {
  const { id: _i, created_at: _c, updated_at: _u, permalink: _p, ...rest } = r as Record<string, unknown>;
  return rest;
};

describe('CSV in and out', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('writes UTF-8 with a BOM, quotes commas, and escapes cells that a spreadsheet would run', () => {
    const text = toCsvText({
      headers: ['name', 'notes', 'amount'],
      rows: [
        ['=HYPERLINK("http://x")', 'Lagos, ₦ naira', -5],
        ['@SUM(A1)', '+234 801', 12.5],
        ['-2+3', 'Café', 0],
      ],
    });
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('name,notes,amount');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")","Lagos, ₦ naira",-5`);
    expect(lines[2]).toBe(`"'@SUM(A1)","'+234 801",12.5`);
    expect(lines[3]).toBe(`"'-2+3",Café,0`);
  });

  it('escapes and quotes a formula after a separator, and leaves E.164 phones readable (issues 22 and 23)', () => {
    const rows = [
      ['Shop;=HYPERLINK("http://x";"y")', '+2348031234567', '-7'],
      ['a,@SUM(A1)', 'tab\t+1', 'x; -2+3'],
      ['Plain shop', 'Mama Put', '12.50'],
    ];
    const text = toCsvText({ headers: ['name', 'phone', 'notes'], rows });
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe(`"Shop;'=HYPERLINK(""http://x"";""y"")",+2348031234567,-7`);
    expect(lines[2]).toBe(`"a,'@SUM(A1)","tab\t'+1","x; '-2+3"`);
    expect(lines[3]).toBe('Plain shop,Mama Put,12.50');
    // Split on ';' as French Excel does: no piece begins with a trigger, whichever separator it uses.
    for (const sep of [';', ',', '\t'])
      for (const piece of text.slice(1).split(new RegExp(`[${sep}\r\n]`))) expect(piece.replace(/^"/, '').trimStart()).not.toMatch(/^[=@]|^\+[^\d]|^-[^\d]/);
    // And the import reads back what was exported.
    const parsed = parseCsvText(text);
    expect(parsed.rows.map((r) => r.map(unescapeCell))).toEqual(rows);
  });

  it('round trip: clients, catalog and expenses exported then imported give the same records', async () => {
    await saveRecord('contacts', {
      id: crypto.randomUUID(),
      name: 'Ada, Stores',
      email: 'ada@example.com',
      phone: '+2348031234567',
      city: 'Lagos',
      country: 'Nigeria',
      notes: '=cmd|x',
      permalink: 'ada',
    });
    await saveRecord('contacts', { id: crypto.randomUUID(), name: 'Émile Café', phone: '+237671234567', country: 'Cameroon', notes: '-7', permalink: 'emile' });
    await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Rice 50kg', unit_price: 4_500_050, unit: 'bag', sku: 'R50', description: 'Long grain' });
    await saveRecord('expenses', {
      id: crypto.randomUUID(),
      amount: 250_075,
      currency: 'USD',
      date: '2026-03-05',
      category: 'Transport',
      vendor: 'Keke',
      payment_method: 'mobile_money',
      description: '',
      amount_pending: null,
    });
    for (const [kind, exp, tableName] of [
      ['contacts', 'clients', 'contacts'],
      ['catalogs', 'catalog', 'catalogs'],
      ['expenses', 'expenses', 'expenses'],
    ] as const) {
      const before = (await db.table(tableName).toArray()).map(strip);
      const text = toCsvText(await exportTable(exp));
      await db.table(tableName).clear();
      const p = await preview(kind, text);
      expect(p.rows.every((r) => r.result.ok && !r.duplicate)).toBe(true);
      expect(await commitImport(kind, p.rows, { skipDuplicates: true })).toBe(before.length);
      const after = (await db.table(tableName).toArray()).map(strip);
      const sort = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.name ?? a.date).localeCompare(String(b.name ?? b.date));
      expect(after.sort(sort)).toEqual(before.sort(sort));
    }
    // A client saved without a country comes back with the business's (t17 R2): a file without a country column.
    await db.contacts.clear();
    const p = await preview('contacts', 'name,phone\nBayo,0803 123 4567\n');
    expect(await commitImport('contacts', p.rows, { skipDuplicates: true })).toBe(1);
    expect((await db.contacts.toArray()).map((c) => [c.name, c.phone, c.country])).toEqual([['Bayo', '+2348031234567', 'Nigeria']]);
    // Imported records go up through the same queue as typed ones.
    expect(await db.queue.where('collection').equals('contacts').count()).toBe(5);
  });

  it('bad rows are named with their problem, can be fixed in the preview, and block the import until then', async () => {
    await saveRecord('contacts', { id: crypto.randomUUID(), name: 'Bola', phone: '+2348031112222', permalink: 'bola' });
    const p = await preview(
      'contacts',
      'Customer Name,Phone Number,E-mail\nAda,0803 000 0001,ada@example.com\n,0803 000 0002,\nChidi,0803 000 0004,chidi@\nbola,08031112222,\nAda,+234 803 000 0001,\nEfe,0710000000,\n',
    );
    expect(p.rows.map((r) => (r.result.ok ? r.duplicate : r.result.errors))).toEqual([
      null,
      { name: { code: 'required' } },
      { email: { code: 'invalid', message: 'Not a valid e-mail address', rule: { code: 'email', params: {} } } },
      'existing',
      'file',
      // Ten digits are not a Nigerian number: the server would refuse it, so the preview says so (issue 22).
      {
        phone: {
          code: 'invalid',
          message: 'This is not a valid Nigeria phone number. Type it like 0802 123 4567 or +234 802 123 4567.',
          rule: { code: 'phone_not_valid_in', params: { country: 'Nigeria', iso: 'NG' } },
        },
      },
    ]);
    await expect(commitImport('contacts', p.rows, { skipDuplicates: true })).rejects.toThrow('Fix the rows with problems first');
    expect(await db.contacts.count()).toBe(1);
    let rows = updateRow('contacts', p.rows, 1, { ...p.rows[1]!.values, name: 'Dayo' }, p.existing, { currency: 'NGN', country: 'Nigeria' });
    rows = updateRow('contacts', rows, 2, { ...rows[2]!.values, email: 'chidi@example.com' }, p.existing, { currency: 'NGN', country: 'Nigeria' });
    rows = updateRow('contacts', rows, 5, { ...rows[5]!.values, phone: '0710000000', country: 'Kenya' }, p.existing, { currency: 'NGN', country: 'Nigeria' });
    expect(rows.every((r) => r.result.ok)).toBe(true);
    expect(await commitImport('contacts', rows, { skipDuplicates: true })).toBe(4);
    expect((await db.contacts.toArray()).map((c) => c.name).sort()).toEqual(['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe']);
    // Stored as the server stores them: E.164.
    expect((await db.contacts.toArray()).find((c) => c.name === 'Efe')?.phone).toBe('+254710000000');
    expect((await db.contacts.toArray()).find((c) => c.name === 'Ada')?.phone).toBe('+2348030000001');
  });

  it("an expense row with no amount is imported as pending (issue 29): out of the month total, shown as to be typed; a bad amount is its row's problem", async () => {
    const p = await preview(
      'expenses',
      'Date,Amount,Vendor,Category,Description\n2026-11-03,1500,Keke,Transport,\n2026-11-04,,Total Energies,Transport,Receipt in the drawer\n2026-11-05,abc,Shoprite,Supplies,\n2026-11-06,,,,\n',
    );
    expect(p.rows.map((r) => (r.result.ok ? (r.result.data.amount_pending ?? 'counted') : r.result.errors))).toEqual([
      'counted',
      'to_type',
      { amount: { code: 'notAmount', value: 'abc' } },
      // Nothing says what was paid for: the amount is asked for.
      { amount: { code: 'amountMissing' } },
    ]);
    await expect(commitImport('expenses', p.rows, { skipDuplicates: true })).rejects.toThrow('Fix the rows with problems first');
    const defaults = { currency: 'NGN', country: 'Nigeria' };
    let rows = updateRow('expenses', p.rows, 2, { ...p.rows[2]!.values, amount: '2,300' }, p.existing, defaults);
    rows = updateRow('expenses', rows, 3, { ...rows[3]!.values, vendor: 'Mama Put' }, p.existing, defaults);
    expect(rows.map((r) => r.result.ok && (r.result.data.amount_pending ?? 'counted'))).toEqual(['counted', 'to_type', 'counted', 'to_type']);
    expect(await commitImport('expenses', rows, { skipDuplicates: true })).toBe(4);
    const saved = await db.expenses.orderBy('date').toArray();
    expect(saved.map((e) => [e.vendor, e.amount, e.amount_pending])).toEqual([
      ['Keke', 150_000, null],
      ['Total Energies', 0, 'to_type'],
      ['Shoprite', 230_000, null],
      ['Mama Put', 0, 'to_type'],
    ]);
    // Counted in no total, like an expense saved offline with its photo; the month says its amount is missing.
    const [nov] = groupByMonth(saved);
    expect(nov).toMatchObject({ totals: [['NGN', 380_000]], pending: 2, waitForOwner: true });
    // They go up to the server like typed ones.
    expect(await db.queue.where('collection').equals('expenses').count()).toBe(4);
  });

  it('5,000 client rows in one transaction, each with its own permalink (timing: bench/)', async () => {
    const lines = ['name,email,phone'];
    for (let i = 0; i < 5000; i++) lines.push(`Client ${i},c${i}@example.com,0803 ${String(i).padStart(7, '0')}`);
    const p = await preview('contacts', lines.join('\n'));
    const n = await commitImport('contacts', p.rows, { skipDuplicates: true });
    expect(n).toBe(5000);
    expect(await db.contacts.count()).toBe(5000);
    expect(new Set((await db.contacts.toArray()).map((c) => c.permalink)).size).toBe(5000);
  }, 30_000);
});
