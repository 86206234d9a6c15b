// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/sourceFiles';

/**
 * Issue 23 (t15b): new screens showed "11/26/2026" (stock movements) and "Nov 26, 2026, 7:36 PM" (sale receipt)
 * where SPEC §9 writes "26 Nov 26". Every date the app shows goes through core's one formatter: formatDate,
 * formatDateTime ("26 Nov 26, 19:36") or formatMonth, in the screen's or the reader's language. A screen that formats
 * a date itself drifts from the others the day it is written.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** Ways of writing a date that skip core's formatter (toLocaleString on a number is a number: use Intl.NumberFormat). */
const DIRECT =
  /\.(toLocaleDateString|toLocaleTimeString|toLocaleString|toDateString|toTimeString|toUTCString)\s*\(|\bIntl\s*\.\s*(DateTimeFormat|RelativeTimeFormat)\b/g;

/** `file:line what` for each date written directly in `source`. */
function directDates(source: string, file = ''): string[] {
  return [...source.matchAll(DIRECT)].map((m) => `${file}:${source.slice(0, m.index).split('\n').length} ${m[1] ?? m[2]}`);
}

describe('every date in the web app goes through core’s formatter (issue 23)', () => {
  it('finds a date formatted directly, and passes core’s formatters', () => {
    expect(directDates('<td>{new Date(m.occurred_at).toLocaleDateString()}</td>')).toEqual([':1 toLocaleDateString']);
    expect(directDates("const d = new Date(x).toLocaleString(lang, { dateStyle: 'medium' });")).toEqual([':1 toLocaleString']);
    expect(directDates('a\nnew Intl.DateTimeFormat(l, { month: "long" })')).toEqual([':2 DateTimeFormat']);
    expect(directDates('d.toLocaleTimeString(l, { hour: "2-digit" })')).toEqual([':1 toLocaleTimeString']);
    expect(directDates('formatDate(m.occurred_at); formatDateTime(sale.at); formatMonth(month, "long")')).toEqual([]);
    expect(directDates('new Intl.NumberFormat(language).format(x)')).toEqual([]);
  });

  it('no web source formats a date itself, nor the PDFs it makes', () => {
    const pdf = join(here, '../../../packages/pdf/src');
    const found = [...sourceFiles(here), ...sourceFiles(pdf)].flatMap((f) => directDates(readFileSync(f, 'utf8'), relative(here, f)));
    expect(found).toEqual([]);
  });
});
