import type { CsvTable } from '@duka/core';
import Papa from 'papaparse';

/** UTF-8 byte order mark: Excel then reads ₦, accents and other non-ASCII letters right. */
export const BOM = '\uFEFF';

/** A phone in E.164 (+2348031234567) or a plain number (-5, 12.50): nothing a spreadsheet could run. */
const PLAIN = /^(\+[1-9]\d{6,14}|-?\d+(\.\d+)?)$/;
/** A separator (, ; tab, line break), then maybe spaces, then a formula trigger: where a spreadsheet may start a new cell. */
const AFTER_SEPARATOR = /([,;\t\r\n]\s*)([=+\-@])/g;

/**
 * Formula injection (issues 17, 22 and 23): a cell that begins with = + - @ (or a tab / carriage return) gets a ' in
 * front, so a spreadsheet shows it instead of running it; so does every trigger that follows a separator inside the
 * cell (`Shop;=HYPERLINK(…)` opened by a spreadsheet that splits on ';', as French Excel does). Phones in E.164 and
 * plain numbers are left as they are: they cannot run anything, and a ' would show in front of every phone.
 */
export function escapeCell(cell: CsvTable['rows'][number][number]): CsvTable['rows'][number][number] {
  if (typeof cell !== 'string' || PLAIN.test(cell)) return cell;
  const inner = cell.replace(AFTER_SEPARATOR, "$1'$2");
  return /^[=+\-@\t\r]/.test(inner) ? `'${inner}` : inner;
}

/** Quoted: cells that were escaped, and cells with a ; or tab (a separator in some spreadsheets' locales). */
const mustQuote = (value: unknown) => typeof value === 'string' && (/^'[=+\-@\t\r]/.test(value) || /[;\t]/.test(value));

/** CSV text of a table (Papa Parse): quoted where needed, with the BOM, formula triggers escaped (escapeCell). */
export function toCsvText(table: CsvTable): string {
  const data = table.rows.map((row) => row.map(escapeCell));
  return BOM + Papa.unparse({ fields: table.headers, data }, { quotes: mustQuote, newline: '\r\n' });
}

/** Rows of a CSV file (first row = headings); blank lines skipped, the BOM ignored. */
export function parseCsvText(text: string): { headers: string[]; rows: string[][]; problem: string | null } {
  const res = Papa.parse<string[]>(text.startsWith(BOM) ? text.slice(1) : text, { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = res.data;
  const fatal = res.errors.find((e) => e.type === 'Quotes');
  return {
    headers: headers.map((h) => h.trim()),
    rows,
    problem: fatal ? `Row ${(fatal.row ?? 0) + 1}: a quote is not closed` : headers.length ? null : 'The file is empty',
  };
}

/** The undo of the export's formula escaping: a cell written as '=x comes back as =x, and `a;'=b` as `a;=b`. */
export function unescapeCell(cell: string): string {
  const inner = /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
  return inner.replace(/([,;\t\r\n]\s*)'([=+\-@])/g, '$1$2');
}

export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
