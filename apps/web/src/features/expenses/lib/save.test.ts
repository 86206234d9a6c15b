import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, db } from '../../../data/db';
import { receivedMovements } from '../../stock/received';
import { saveExpenseStep } from './save';

const SUGAR = '11111111-1111-4111-8111-111111111111';
const OIL = '22222222-2222-4222-8222-222222222222';
const expense = (id: string) => ({ id, amount: 120_000, currency: 'GHS', date: '2026-11-26', category: 'Stock / Inventory', vendor: 'Makola wholesale' });
const lines = [
  { key: 'a', catalog_id: SUGAR, qty: '24' },
  { key: 'b', catalog_id: OIL, qty: '6' },
];

beforeEach(() => clearLocalData());

describe('an expense and the stock it received are saved as one step (issue 28)', () => {
  it('keeps the expense, its +n movements and its photo, their uploads queued next to each other', async () => {
    const id = crypto.randomUUID();
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await saveExpenseStep(expense(id), receivedMovements(id, lines, 'Expense: Makola wholesale', 'en'), { blob: photo, toRead: false });
    expect(await db.expenses.get(id)).toMatchObject({ amount: 120_000 });
    expect((await db.stock_movements.toArray()).map((m) => [m.catalog_id, m.quantity])).toEqual(
      expect.arrayContaining([
        [SUGAR, 24],
        [OIL, 6],
      ]),
    );
    expect((await db.queue.orderBy('seq').toArray()).map((q) => q.collection)).toEqual(['expenses', 'stock_movements', 'stock_movements']);
    expect(await db.blobs.get(id)).toMatchObject({ name: 'receipt.jpg' });
  });

  it('keeps neither when a movement cannot be written: no expense without its stock, nothing queued', async () => {
    const id = crypto.randomUUID();
    const [good, second] = receivedMovements(id, lines, 'Expense: Makola wholesale', 'en');
    // A movement IndexedDB refuses (no key): the write fails after the expense and the first movement were written.
    const broken = { ...second, id: undefined as unknown as string };
    await expect(saveExpenseStep(expense(id), [good, broken], { blob: new Blob(['x'], { type: 'image/jpeg' }), toRead: true })).rejects.toThrow();
    expect(await db.expenses.get(id)).toBeUndefined();
    expect(await db.stock_movements.count()).toBe(0);
    expect(await db.queue.count()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
  });
});
