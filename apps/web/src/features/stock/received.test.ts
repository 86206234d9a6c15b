import { stockLevels, stockMovementFields } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { receivedMovements, receivedProblems } from './received';

const SUGAR = '11111111-1111-4111-8111-111111111111';
const OIL = '22222222-2222-4222-8222-222222222222';

describe('stock received with an expense (issue 28)', () => {
  it('makes +n received movements core accepts, the same ids when the expense is saved again', () => {
    const lines = [
      { key: 'a', catalog_id: SUGAR, qty: '24' },
      { key: 'b', catalog_id: OIL, qty: '1,5' },
    ];
    // Typed on a French screen: 1,5 is one and a half (on an English one it reads two ways and is refused).
    expect(receivedProblems(lines, 'fr')).toEqual({});
    expect(receivedProblems(lines, 'en')).toEqual({ b: expect.objectContaining({ code: 'invalid' }) });
    const now = new Date('2026-11-26T10:00:00.000Z');
    const made = receivedMovements('e1', lines, 'Expense: Makola wholesale', 'fr', now);
    expect(made.map((m) => [m.catalog_id, m.kind, m.quantity, m.reason])).toEqual([
      [SUGAR, 'received', 24, 'Expense: Makola wholesale'],
      [OIL, 'received', 1.5, 'Expense: Makola wholesale'],
    ]);
    for (const m of made) expect(stockMovementFields.safeParse(m).success).toBe(true);
    // Saved twice (a retry): the same records, so the level counts them once.
    const again = receivedMovements('e1', lines, 'Expense: Makola wholesale', 'fr', now);
    expect(again.map((m) => m.id)).toEqual(made.map((m) => m.id));
    const byId = new Map([...made, ...again].map((m) => [m.id, m]));
    expect(stockLevels([...byId.values()]).get(SUGAR)).toBe(24);
    expect(receivedMovements('e2', lines, '', 'fr', now)[0].id).not.toBe(made[0].id);
  });

  it('names each line that cannot be saved: no item, or a quantity core refuses', () => {
    expect(
      receivedProblems(
        [
          { key: 'a', catalog_id: '', qty: '3' },
          { key: 'b', catalog_id: SUGAR, qty: '2000000000' },
          { key: 'c', catalog_id: SUGAR, qty: '1.23456' },
          { key: 'd', catalog_id: SUGAR, qty: '' },
          { key: 'e', catalog_id: SUGAR, qty: '0' },
        ],
        'en',
      ),
    ).toEqual({
      a: 'item',
      b: expect.objectContaining({ code: 'too_large' }),
      c: expect.objectContaining({ code: 'quantity_decimals' }),
      d: expect.objectContaining({ code: 'invalid' }),
      e: expect.objectContaining({ code: 'more_than_zero' }),
    });
  });
});
