/**
 * A receipt photo taken sideways or upside down (issue 29): which turns to read it at after the upright reading found
 * nothing readable. One rule for the server's OCR and the device's (the browser's reader when the server's is not
 * used); each turns its own picture.
 */

/** A way to turn the picture before reading it again: a quarter clockwise, a quarter back, or a half. */
export type Turn = 'clockwise' | 'anticlockwise' | 'half';

/**
 * Whether a reading that found nothing readable still saw printed lines running across the picture, by the text
 * Tesseract returned: a receipt upside down is read line by line into words of several characters (its letters taken
 * for others: "00°0ZT", "'J9NVHD"), while one lying sideways comes out as crumbs of one or two characters (each line
 * cut across). Measured on rendered receipts: 0.88–0.92 of the characters are in words of three or more upside down,
 * 0.14–0.23 sideways.
 */
export function linesRunAcross(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  const chars = words.reduce((n, w) => n + w.length, 0);
  if (chars < 20) return false;
  const inWords = words.filter((w) => w.length >= 3).reduce((n, w) => n + w.length, 0);
  return inWords / chars >= 0.5;
}

/**
 * The turns to try, in order, after the upright reading found nothing readable: a half first when that reading saw
 * lines running across (the photo is upside down), else the quarters first (taken sideways), the half last.
 */
export function turnsAfter(uprightText: string): Turn[] {
  return linesRunAcross(uprightText) ? ['half', 'clockwise', 'anticlockwise'] : ['clockwise', 'anticlockwise', 'half'];
}

/**
 * Reads a photo upright, then, while nothing readable was found, turned in turnsAfter's order: the first readable
 * reading is the answer. `read(null)` reads it upright (its failure is the caller's); a turned reading that fails
 * (out of time, the reader stopped) ends the tries and the upright reading stands.
 */
export async function readTurning<D extends { readable: boolean }>(
  read: (turn: Turn | null) => Promise<string>,
  parse: (text: string) => D,
): Promise<{ text: string; draft: D; turn: Turn | null }> {
  const upright = await read(null);
  const first = { text: upright, draft: parse(upright), turn: null };
  if (first.draft.readable) return first;
  for (const turn of turnsAfter(upright)) {
    let text: string;
    try {
      text = await read(turn);
    } catch {
      break;
    }
    const draft = parse(text);
    if (draft.readable) return { text, draft, turn };
  }
  return first;
}
