/**
 * Dates typed in a sheet (CSV import): 2026-03-05, 05/03/2026 or 5.3.2026. Whether "05/03/2026" is 5 March or
 * 3 May is read from the file itself (t16): a column holding 12/15/2026 can only be month first, one holding
 * 15/12/2026 only day first; a column whose days and months are all 12 or less follows the business's country
 * (core's dateOrderForCountry). The import preview says which order it used and lets the owner switch.
 */
import type { DateOrder } from '../orders/dates';

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A sheet's date as yyyy-mm-dd, "a/b/yyyy" read in `order` (day first unless told); null when it is no real date. */
export function parseSheetDate(input: string, order: DateOrder = 'dmy'): string | null {
  const s = input.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = SLASHED.exec(s))) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    [d, mo, y] = order === 'mdy' ? [b, a, Number(m[3])] : [a, b, Number(m[3])];
  } else return null;
  const iso = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const dt = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(dt.getTime()) && dt.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * How a file writes its dates, read from its values:
 * - 'file': some date can only be read one way (a first number over 12 → day first; a second over 12 → month first);
 * - 'mixed': the file has both kinds, so some rows cannot fit (they show as problems); the country's order is used;
 * - 'country': every date reads both ways (or none is written with slashes): the country's order.
 * `example`: a value that decided it (or the first ambiguous one); `other`: one that contradicts it ('mixed').
 */
export interface SheetDateOrder {
  order: DateOrder;
  from: 'file' | 'country' | 'mixed';
  example: string | null;
  other?: string;
}

export function sheetDateOrder(values: string[], countryOrder: DateOrder): SheetDateOrder {
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  let ambiguous: string | null = null;
  for (const raw of values) {
    const m = SLASHED.exec(raw.trim());
    if (!m) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dayFirst ??= raw.trim();
    else if (b > 12 && a <= 12) monthFirst ??= raw.trim();
    else if (a <= 12 && b <= 12 && a !== b) ambiguous ??= raw.trim();
  }
  if (dayFirst && monthFirst) {
    const [example, other] = countryOrder === 'mdy' ? [monthFirst, dayFirst] : [dayFirst, monthFirst];
    return { order: countryOrder, from: 'mixed', example, other };
  }
  if (dayFirst) return { order: 'dmy', from: 'file', example: dayFirst };
  if (monthFirst) return { order: 'mdy', from: 'file', example: monthFirst };
  return { order: countryOrder, from: 'country', example: ambiguous };
}
