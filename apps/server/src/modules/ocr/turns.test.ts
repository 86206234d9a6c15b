import { describe, expect, it } from 'vitest';
import { halfTurn, quarterTurn } from './image';
import { turned } from './turns';

// The order of the turns is core's (receipt-scan/turns.test.ts); here the picture's turns.
describe('the picture turned for another reading', () => {
  it('turns a picture a half: the same as two quarters, and back again', () => {
    const img = { width: 3, height: 2, data: Buffer.from([1, 2, 3, 4, 5, 6]) };
    expect([...halfTurn(img).data]).toEqual([6, 5, 4, 3, 2, 1]);
    expect(halfTurn(img)).toEqual(quarterTurn(quarterTurn(img)));
    expect(turned(turned(img, 'half'), 'half')).toEqual(img);
    expect(turned(img, 'clockwise')).toEqual(quarterTurn(img, true));
    expect(turned(turned(img, 'clockwise'), 'anticlockwise')).toEqual(img);
  });
});
