import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './parse';
import { linesRunAcross, readTurning, type Turn, turnsAfter } from './turns';

// What Tesseract returned (first lines) for rendered receipts that were not upright (apps/server/src/test/receipt-photo.ts).
const UPSIDE_DOWN =
  '£8°2C            =      \'J9NVHD\n00° 0ST            |         HSV)\neT Le     SHY 1vi0L\n€9°6¢         |     © %ST VA\n05" L61     |            v.L018NS\n00°SP  00°ST X €      by1 Jebns\n';
const SIDEWAYS = 'O04 << On wv OO XX OO nu Om\nIr > O >» C Cc O QQ T IT\n> un 4 4 @ QQ oO oO ~+ HF O\n=2 I > = QQ xX mm 5 TO\n(@p) rr = O 5 He  <= + 2X0\n';
const READ = 'KOFI MART\nAccra\n14/01/2026\nSugar 3 x 15.00 45.00\nRice 150.00\nTOTAL GHS 227.13\n';
const ctx = { currency: 'GHS', today: '2026-02-01' };
const parse = (text: string) => parseReceiptText(text, ctx);

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
});

/** A reader of a photo that reads right only at `right` (null: upright; 'never': at no turn), garbled text `garbled` at every other turn. */
function photoReadRightAt(right: Turn | null | 'never', garbled: string, fails: Array<Turn | null> = []) {
  const asked: Array<Turn | null> = [];
  const read = async (turn: Turn | null) => {
    asked.push(turn);
    if (fails.includes(turn)) throw new Error('out of time');
    return turn === right ? READ : garbled;
  };
  return { asked, read };
}

describe('readTurning: upright, then the turns in order until one is readable', () => {
  it('an upright receipt is read once', async () => {
    const photo = photoReadRightAt(null, UPSIDE_DOWN);
    const got = await readTurning(photo.read, parse);
    expect(photo.asked).toEqual([null]);
    expect(got).toMatchObject({ text: READ, turn: null, draft: { total: 22_713, readable: true } });
  });

  it('an upside-down receipt is read twice: upright, then the half', async () => {
    const photo = photoReadRightAt('half', UPSIDE_DOWN);
    const got = await readTurning(photo.read, parse);
    expect(photo.asked).toEqual([null, 'half']);
    expect(got).toMatchObject({ text: READ, turn: 'half', draft: { total: 22_713, date: '2026-01-14' } });
  });

  it('a sideways receipt is tried a quarter each way before the half', async () => {
    const photo = photoReadRightAt('anticlockwise', SIDEWAYS);
    const got = await readTurning(photo.read, parse);
    expect(photo.asked).toEqual([null, 'clockwise', 'anticlockwise']);
    expect(got.turn).toBe('anticlockwise');
  });

  it('nothing readable at any turn: all four tried, the upright reading stands', async () => {
    const photo = photoReadRightAt('never', SIDEWAYS);
    const got = await readTurning(photo.read, parse);
    expect(photo.asked).toEqual([null, 'clockwise', 'anticlockwise', 'half']);
    expect(got).toMatchObject({ text: SIDEWAYS, turn: null, draft: { readable: false } });
  });

  it('a turned reading that fails (out of time) ends the tries with the upright reading; an upright failure is the caller’s', async () => {
    const photo = photoReadRightAt('anticlockwise', SIDEWAYS, ['clockwise']);
    const got = await readTurning(photo.read, parse);
    expect(photo.asked).toEqual([null, 'clockwise']);
    expect(got).toMatchObject({ text: SIDEWAYS, turn: null });
    await expect(readTurning(photoReadRightAt(null, '', [null]).read, parse)).rejects.toThrow('out of time');
  });
});
