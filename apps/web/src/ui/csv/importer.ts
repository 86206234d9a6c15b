import {
  type DateOrder,
  dateOrderForCountry,
  duplicateKeys,
  IMPORT_FIELDS,
  type ImportKind,
  rowToRecord,
  type RowResult,
  type SheetDateOrder,
  sheetDateOrder,
} from '@duka/core';
import { type Collection, db, makePermalink, saveNewRecords } from '../../data/db';
import { unescapeCell } from './file';

/** One row of the preview: the cells per field (editable), what they become, and whether it is a duplicate. */
export interface PreviewRow {
  /** Row number in the file (the heading row is row 1). */
  line: number;
  values: Record<string, string>;
  result: RowResult;
  duplicate: 'existing' | 'file' | null;
}

/** Field key → the cell of a CSV row under the chosen column. */
export function mapRow(kind: ImportKind, cells: string[], mapping: Record<string, number>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    const i = mapping[f.key] ?? -1;
    values[f.key] = i >= 0 ? unescapeCell(cells[i] ?? '') : '';
  }
  return values;
}

/** Keys of the records already on this device (duplicates are checked against them). */
export async function existingKeys(kind: ImportKind): Promise<Set<string>> {
  const records = (kind === 'contacts'
    ? await db.contacts.toArray()
    : kind === 'catalogs'
      ? await db.catalogs.toArray()
      : await db.expenses.toArray()) as unknown as Array<Record<string, unknown>>;
  return new Set(records.flatMap((r) => duplicateKeys(kind, r)));
}

/**
 * What a row leaves out: the user's currency (expenses), the business's country (client phones are read with it)
 * and how the file writes its dates (expenses: read from the file by core's sheetDateOrder, switchable in the preview).
 */
export interface ImportDefaults {
  currency: string;
  country?: string;
  date_order?: DateOrder;
  /** Catalog items: a unit as typed → as stored (features/catalog/units.ts: 'pièce' → 'piece'). */
  unit?: (typed: string) => string;
}

/** How the expense file's date column is written: read from its values, else the business's country's way. */
export function fileDateOrder(kind: ImportKind, values: Array<Record<string, string>>, country: string | undefined): SheetDateOrder | null {
  if (kind !== 'expenses') return null;
  return sheetDateOrder(
    values.map((v) => v.date ?? ''),
    dateOrderForCountry(country),
  );
}

/**
 * Validates every row with core's rules, the ones the server applies (a phone is read with the row's country, else
 * the business's, and stored in E.164), and marks duplicates (of a record on the device, or of an earlier row of the file).
 */
export function buildPreview(kind: ImportKind, values: Array<Record<string, string>>, existing: Set<string>, defaults: ImportDefaults): PreviewRow[] {
  const seen = new Set<string>();
  return values.map((v, i) => {
    const result = rowToRecord(kind, v, defaults);
    let duplicate: PreviewRow['duplicate'] = null;
    if (result.ok) {
      const keys = duplicateKeys(kind, result.data);
      if (keys.some((k) => existing.has(k))) duplicate = 'existing';
      else if (keys.some((k) => seen.has(k))) duplicate = 'file';
      keys.forEach((k) => seen.add(k));
    }
    return { line: i + 2, values: v, result, duplicate };
  });
}

/** Re-checks one edited row (and the duplicates of every row, as an edit may make or undo one). */
export function updateRow(
  kind: ImportKind,
  rows: PreviewRow[],
  index: number,
  values: Record<string, string>,
  existing: Set<string>,
  defaults: ImportDefaults,
): PreviewRow[] {
  const all = rows.map((r, i) => (i === index ? { ...r, values } : r));
  const fresh = buildPreview(
    kind,
    all.map((r) => r.values),
    existing,
    defaults,
  );
  return fresh.map((r, i) => ({ ...r, line: all[i]!.line }));
}

const COLLECTION: Record<ImportKind, Collection> = { contacts: 'contacts', catalogs: 'catalogs', expenses: 'expenses' };

/**
 * Saves the rows as new records through the local store and its upload queue, all in one transaction
 * (nothing is kept if anything fails). Refuses when a row still has a problem: no partial import.
 */
export async function commitImport(kind: ImportKind, rows: PreviewRow[], opts: { skipDuplicates: boolean }): Promise<number> {
  if (rows.some((r) => !r.result.ok)) throw new Error('Fix the rows with problems first: nothing was imported.');
  const chosen = rows.filter((r) => !(opts.skipDuplicates && r.duplicate));
  const records = chosen.map((r) => ({ id: crypto.randomUUID(), ...(r.result.ok ? r.result.data : {}) }));
  if (kind === 'contacts') {
    const used = new Set((await db.contacts.toArray()).map((c) => c.permalink));
    for (const r of records as Array<{ id: string; name: string; permalink?: string }>) {
      r.permalink = makePermalink(r.name, r.id, (p) => used.has(p));
      used.add(r.permalink);
    }
  }
  await saveNewRecords(COLLECTION[kind], records as never);
  return records.length;
}
