import type { CsvTable } from '@duka/core';
import Papa from 'papaparse';

/** UTF-8 byte order mark: Excel then reads ₦, accents and other non-ASCII letters right. */
export const BOM = '\uFEFF';

/**
 * CSV text of a table (Papa Parse): quoted where needed, with the BOM, and cells that begin with
 * = + - @ (or a tab / carriage return) prefixed with ' so a spreadsheet shows them instead of running them.
 */
export function toCsvText(table: CsvTable): string {
  return BOM + Papa.unparse({ fields: table.headers, data: table.rows }, { escapeFormulae: true, newline: '\r\n' });
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

/** The undo of the export's formula escaping: a cell written as '=x comes back as =x. */
export function unescapeCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
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
