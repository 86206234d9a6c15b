import { describe, expect, it } from 'vitest';
import { halfTurn, quarterTurn } from './image';
import { linesRunAcross, turned, turnsAfter } from './turns';

// What Tesseract returned (first lines) for rendered receipts that were not upright (apps/server/src/test/receipt-photo.ts).
const UPSIDE_DOWN =
  '£8°2C            =      \'J9NVHD\n00° 0ST            |         HSV)\neT Le     SHY 1vi0L\n€9°6¢         |     © %ST VA\n05" L61     |            v.L018NS\n00°SP  00°ST X €      by1 Jebns\n';
const SIDEWAYS = 'O04 << On wv OO XX OO nu Om\nIr > O >» C Cc O QQ T IT\n> un 4 4 @ QQ oO oO ~+ HF O\n=2 I > = QQ xX mm 5 TO\n(@p) rr = O 5 He  <= + 2X0\n';

describe('which turn is tried first when the upright reading found nothing readable', () => {
  it('a half first when the reading saw lines across (upside down), the quarters first when it saw crumbs (sideways) or nothing', () => {
    expect(linesRunAcross(UPSIDE_DOWN)).toBe(true);
    expect(turnsAfter(UPSIDE_DOWN)).toEqual(['half', 'clockwise', 'anticlockwise']);
    expect(linesRunAcross(SIDEWAYS)).toBe(false);
    expect(turnsAfter(SIDEWAYS)).toEqual(['clockwise', 'anticlockwise', 'half']);
    expect(turnsAfter('')).toEqual(['clockwise', 'anticlockwise', 'half']);
    // A few words are no sign of lines.
    expect(linesRunAcross('TOTAL 12')).toBe(false);
  });

  it('turns a picture a half: the same as two quarters, and back again', () => {
    const img = { width: 3, height: 2, data: Buffer.from([1, 2, 3, 4, 5, 6]) };
    expect([...halfTurn(img).data]).toEqual([6, 5, 4, 3, 2, 1]);
    expect(halfTurn(img)).toEqual(quarterTurn(quarterTurn(img)));
    expect(turned(turned(img, 'half'), 'half')).toEqual(img);
    expect(turned(img, 'clockwise')).toEqual(quarterTurn(img, true));
    expect(turned(turned(img, 'clockwise'), 'anticlockwise')).toEqual(img);
  });
});
