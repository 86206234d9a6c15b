import type { z } from 'zod';
import { ruleOf, type RuleResult } from '../rules/codes';
import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import { findCountry } from '../constants/countries';
import { minorDigits } from '../constants/currencies';
import { parseMoney } from '../money';
import { expenseTaxErrors } from '../records/expense-tax';
import { parsePhone } from '../records/phone';
import { PAYMENT_METHODS } from '../records/constants';
import { catalogFields, contactFields, expenseFields, expensePendingFields } from '../records/schemas';
import type { DateOrder } from '../orders/dates';
import { parseSheetDate } from './sheetDates';

export { parseSheetDate, sheetDateOrder, type SheetDateOrder } from './sheetDates';

/**
 * CSV in and out (issue 17), the parts without I/O: the columns of each export, and for each import
 * the fields, how a row of text becomes a record (validated by the same schemas as typed records, with
 * messages in the user's words), and what makes two records duplicates. The web app reads and writes
 * the CSV text itself with a CSV library (quoting, BOM, formula escaping).
 */

export type Cell = string | number | boolean | null;
export interface CsvTable {
  headers: string[];
  rows: Cell[][];
}

/** Minor units → the amount a spreadsheet reads (major units, a number), in the currency's decimals (none for XAF). */
export const toMajor = (minor: number, currency = 'NGN'): number => Math.round(minor) / 10 ** minorDigits(currency);

interface ContactLike {
  id: string;
  name: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  country?: string;
  tax_id?: string;
  notes?: string;
}
interface InvoiceLike extends InvoiceMathInput {
  id: string;
  number?: unknown;
  kind?: unknown;
  status?: unknown;
  contact_id?: unknown;
  issue_date?: unknown;
  due_date?: unknown;
  currency?: unknown;
  lines: Array<{ id: string; description?: string; quantity: number; unit_price: number }>;
  payments?: Array<{ amount: number; date?: string; method?: string; reference?: string; test?: boolean }>;
  /** What credit notes took off the invoice (issue 26). */
  credited_total?: number;
}

export const CONTACT_COLUMNS = ['name', 'email', 'phone', 'address', 'city', 'country', 'tax_id', 'notes'] as const;
export const CATALOG_COLUMNS = ['name', 'description', 'unit_price', 'unit', 'sku'] as const;
/**
 * amount_pending (issue 29): 'to_read', 'unreadable' or 'to_type' while the expense has no amount yet; then amount is
 * empty, not 0 (and so is input_tax). input_tax: the VAT the expense carries, in its currency; exchange_rate: how many
 * of the business's currency one unit of the expense's bought (empty when none was given). Both last, so the columns
 * of a spreadsheet made from an older export keep their places.
 */
export const EXPENSE_COLUMNS = [
  'date',
  'amount',
  'currency',
  'category',
  'vendor',
  'payment_method',
  'description',
  'amount_pending',
  'input_tax',
  'exchange_rate',
] as const;

export function clientsTable(contacts: ContactLike[]): CsvTable {
  return { headers: [...CONTACT_COLUMNS], rows: contacts.map((c) => CONTACT_COLUMNS.map((k) => c[k] ?? '')) };
}

/** Catalog prices are in the business's currency. */
export function catalogTable(
  items: Array<{ name: string; description?: string; unit_price: number; unit?: string; sku?: string }>,
  currency = 'NGN',
): CsvTable {
  return { headers: [...CATALOG_COLUMNS], rows: items.map((i) => [i.name, i.description ?? '', toMajor(i.unit_price, currency), i.unit ?? '', i.sku ?? '']) };
}

export function expensesTable(
  expenses: Array<{
    date: string;
    amount: number;
    currency: string;
    category: string;
    vendor?: string;
    payment_method?: string;
    description?: string;
    amount_pending?: string | null;
    input_tax?: number;
    exchange_rate?: number | null;
  }>,
): CsvTable {
  return {
    headers: [...EXPENSE_COLUMNS],
    rows: expenses.map((e) => [
      e.date,
      e.amount_pending ? '' : toMajor(e.amount, e.currency),
      e.currency,
      e.category,
      e.vendor ?? '',
      e.payment_method ?? '',
      e.description ?? '',
      e.amount_pending ?? '',
      e.amount_pending ? '' : toMajor(e.input_tax ?? 0, e.currency),
      e.exchange_rate ?? '',
    ]),
  };
}

const str = (v: unknown) => (v == null ? '' : String(v));

/** One row per invoice line (what was sold), with the invoice it belongs to. */
export function invoiceLinesTable(invoices: InvoiceLike[], names: Map<string, string>): CsvTable {
  const rows: Cell[][] = [];
  for (const inv of invoices) {
    const totals = computeInvoiceTotals(inv);
    inv.lines.forEach((l, i) => {
      rows.push([
        str(inv.number),
        str(inv.kind),
        str(inv.status),
        str(inv.issue_date),
        str(inv.due_date),
        names.get(str(inv.contact_id)) ?? '',
        str(inv.currency),
        l.description ?? '',
        l.quantity,
        toMajor(l.unit_price, str(inv.currency)),
        toMajor(totals.lines[i]?.amount ?? 0, str(inv.currency)),
      ]);
    });
  }
  return {
    headers: ['invoice_number', 'kind', 'status', 'issue_date', 'due_date', 'client', 'currency', 'description', 'quantity', 'unit_price', 'line_total'],
    rows,
  };
}

/** The column of one tax or fee in the summary: its kind, name and rate ("tax: VAT 16%", "fee: Levy"). */
function feeColumn(f: { kind: 'tax' | 'fee'; name: string; percentage_bps: number | null; inclusive: boolean }): string {
  const rate = f.percentage_bps === null || f.name.includes('%') ? '' : ` ${f.percentage_bps / 100}%`;
  return `${f.kind}: ${f.name}${rate}${f.inclusive ? ' (inclusive)' : ''}`;
}

/**
 * One row per invoice with its totals, then (issue 26) what credit notes took off and one column per tax and
 * per fee by name and rate, taxes first: each tax's amount on each invoice, fees apart.
 */
export function invoiceSummaryTable(invoices: InvoiceLike[], names: Map<string, string>): CsvTable {
  const totals = invoices.map((inv) => computeInvoiceTotals({ ...inv, credited: inv.credited_total ?? 0 }));
  const columns: string[] = [];
  for (const kind of ['tax', 'fee'] as const)
    for (const t of totals) for (const f of t.fees) if (f.kind === kind && !columns.includes(feeColumn(f))) columns.push(feeColumn(f));
  return {
    headers: [
      'invoice_number',
      'kind',
      'status',
      'issue_date',
      'due_date',
      'client',
      'currency',
      'subtotal',
      'discount',
      'taxes',
      'fees',
      'total',
      'paid',
      'balance',
      ...(columns.length || totals.some((_, i) => invoices[i].credited_total) ? ['credited', ...columns] : []),
    ],
    rows: invoices.map((inv, i) => {
      const t = totals[i];
      const byColumn = new Map<string, number>();
      for (const f of t.fees) byColumn.set(feeColumn(f), (byColumn.get(feeColumn(f)) ?? 0) + f.amount);
      const extra = columns.length || totals.some((_, j) => invoices[j].credited_total) ? [toMajor(inv.credited_total ?? 0, str(inv.currency))] : [];
      return [
        str(inv.number),
        str(inv.kind),
        str(inv.status),
        str(inv.issue_date),
        str(inv.due_date),
        names.get(str(inv.contact_id)) ?? '',
        str(inv.currency),
        toMajor(t.subtotal, str(inv.currency)),
        toMajor(t.discount_total, str(inv.currency)),
        toMajor(t.tax_total, str(inv.currency)),
        toMajor(t.fee_total, str(inv.currency)),
        toMajor(t.total_due, str(inv.currency)),
        toMajor(t.amount_paid, str(inv.currency)),
        // A credit note is owed by nobody (as invoiceTotalsAndStatus stores it): what it takes off shows on its invoice.
        toMajor(inv.kind === 'credit_note' ? 0 : t.balance, str(inv.currency)),
        ...extra,
        ...columns.map((c) => toMajor(byColumn.get(c) ?? 0, str(inv.currency))),
      ];
    }),
  };
}

/** A payment's method, stamped TEST for a test payment (no real money). */
const stamped = (p: { method?: string; test?: boolean }): string => `${p.method ?? ''}${p.test ? ' (TEST)' : ''}`;

export function paymentsTable(invoices: InvoiceLike[], names: Map<string, string>): CsvTable {
  const rows: Cell[][] = [];
  for (const inv of invoices)
    for (const p of inv.payments ?? [])
      rows.push([
        str(inv.number),
        names.get(str(inv.contact_id)) ?? '',
        p.date ?? '',
        toMajor(p.amount, str(inv.currency)),
        str(inv.currency),
        stamped(p),
        p.reference ?? '',
      ]);
  return { headers: ['invoice_number', 'client', 'date', 'amount', 'currency', 'method', 'reference'], rows };
}

// ---------------------------------------------------------------- import

export const IMPORT_KINDS = ['contacts', 'catalogs', 'expenses'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Other column names that mean this field (lower case, spaces and punctuation removed). */
  aliases: string[];
}

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  contacts: [
    { key: 'name', label: 'Name', required: true, aliases: ['name', 'client', 'customer', 'clientname', 'customername', 'fullname', 'company'] },
    { key: 'email', label: 'E-mail', aliases: ['email', 'emailaddress', 'mail'] },
    { key: 'phone', label: 'Phone', aliases: ['phone', 'phonenumber', 'mobile', 'tel', 'telephone', 'whatsapp'] },
    { key: 'address', label: 'Address', aliases: ['address', 'street'] },
    { key: 'city', label: 'City', aliases: ['city', 'town'] },
    { key: 'country', label: 'Country', aliases: ['country'] },
    { key: 'tax_id', label: 'Tax ID', aliases: ['taxid', 'tin', 'vat', 'vatnumber'] },
    { key: 'notes', label: 'Notes', aliases: ['notes', 'note', 'comment', 'comments'] },
  ],
  catalogs: [
    { key: 'name', label: 'Name', required: true, aliases: ['name', 'item', 'product', 'itemname', 'productname'] },
    { key: 'description', label: 'Description', aliases: ['description', 'details'] },
    { key: 'unit_price', label: 'Unit price', required: true, aliases: ['unitprice', 'price', 'rate', 'amount'] },
    { key: 'unit', label: 'Unit', aliases: ['unit', 'uom'] },
    { key: 'sku', label: 'SKU', aliases: ['sku', 'code', 'itemcode', 'productcode'] },
  ],
  expenses: [
    { key: 'date', label: 'Date', required: true, aliases: ['date', 'day', 'expensedate'] },
    { key: 'amount', label: 'Amount', required: true, aliases: ['amount', 'total', 'cost', 'value'] },
    { key: 'currency', label: 'Currency', aliases: ['currency', 'cur'] },
    { key: 'category', label: 'Category', aliases: ['category', 'type'] },
    { key: 'vendor', label: 'Paid to (vendor)', aliases: ['vendor', 'paidto', 'supplier', 'payee'] },
    { key: 'payment_method', label: 'Payment method', aliases: ['paymentmethod', 'method', 'paidby'] },
    { key: 'description', label: 'Description', aliases: ['description', 'details', 'memo'] },
    // As the expenses export writes them (EXPENSE_COLUMNS): the VAT inside the amount, and a foreign expense's rate.
    { key: 'input_tax', label: 'Input tax (VAT)', aliases: ['inputtax', 'vat', 'vatamount', 'tax', 'taxamount'] },
    { key: 'exchange_rate', label: 'Exchange rate', aliases: ['exchangerate', 'rate', 'fxrate'] },
  ],
};

const normalise = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first guess of which column holds each field: field key → column index (or -1). */
export function guessMapping(kind: ImportKind, headers: string[]): Record<string, number> {
  const norm = headers.map(normalise);
  const used = new Set<number>();
  const out: Record<string, number> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    const i = norm.findIndex((h, j) => !used.has(j) && (h === normalise(f.key) || f.aliases.includes(h)));
    out[f.key] = i;
    if (i >= 0) used.add(i);
  }
  return out;
}

/**
 * What is wrong with one cell of an imported row, as a code and its values (not words), so each screen says it in its
 * own language (issue 19); importProblemText gives the English.
 * - required: the field is empty; amountMissing: a required amount is empty; amountNegative: it starts with '-';
 * - notAmount / notDate: `value` (as typed) cannot be read; amountPositive: an expense of 0;
 * - noDecimals / decimals: `value` has cents that `currency` does not have (UGX, XAF: none; at most `n`): refused, as
 *   the invoice money input does, never rounded unseen; `example` is the same amount written as the currency allows;
 * - paymentMethod: not one of `choices` (the values to type); invalid: core's schema refused it with `message`
 *   (one of core's validation messages, English).
 */
export type ImportProblem =
  | { code: 'required' | 'amountMissing' | 'amountNegative' | 'amountPositive' }
  | { code: 'notAmount'; value: string }
  /** example: today's date written the way the file is read (05/03/2026 day first, 03/05/2026 month first). */
  | { code: 'notDate'; value: string; example: string }
  | { code: 'noDecimals'; value: string; currency: string; example: string }
  | { code: 'decimals'; value: string; n: number; example: string }
  | { code: 'paymentMethod'; choices: string[] }
  | { code: 'invalid'; message: string; rule?: RuleResult };

export type RowResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, ImportProblem> };

/** A problem in English, naming the field by `label` (IMPORT_FIELDS' label, or its translation). */
export function importProblemText(label: string, problem: ImportProblem): string {
  switch (problem.code) {
    case 'required':
      return `${label} is required`;
    case 'amountMissing':
      return `${label}: enter an amount`;
    case 'amountNegative':
      return `${label}: use an amount of 0 or more`;
    case 'amountPositive':
      return `${label}: enter an amount more than 0`;
    case 'notAmount':
      return `${label}: "${problem.value}" is not an amount (use digits, like 1500.00)`;
    case 'notDate':
      return `${label}: "${problem.value}" is not a date (use 2026-03-05 or ${problem.example})`;
    case 'noDecimals':
      return `${label}: "${problem.value}": ${problem.currency} has no decimals. Type it like ${problem.example}`;
    case 'decimals':
      return `${label}: "${problem.value}": at most ${problem.n} decimals, like ${problem.example}`;
    case 'paymentMethod':
      return `${label}: use one of ${problem.choices.join(', ')}`;
    case 'invalid':
      return `${label}: ${problem.message}`;
  }
}

/** The English label of an import field (its key when unknown). */
export function importFieldLabel(kind: ImportKind, key: string): string {
  return IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
}

function money(v: string, errors: Record<string, ImportProblem>, key: string, required: boolean, currency: string): number | undefined {
  if (!v.trim()) {
    if (required) errors[key] = { code: 'amountMissing' };
    return undefined;
  }
  if (/^\s*-/.test(v)) {
    errors[key] = { code: 'amountNegative' };
    return undefined;
  }
  const digits = minorDigits(currency);
  const n = parseMoney(v, digits);
  if (n === null) {
    errors[key] = { code: 'notAmount', value: v };
    return undefined;
  }
  // Cents the currency does not have ("85000.50" in UGX) would be cut off unseen: the row is refused instead.
  const kept = v.replace(/[^\d.,]/g, '').replace(/,/g, '');
  const [whole = '', frac = ''] = kept.split('.');
  if (/[1-9]/.test(frac.slice(digits))) {
    const example = `${whole || '0'}${digits ? `.${frac.slice(0, digits)}` : ''}`;
    errors[key] = digits ? { code: 'decimals', value: v, n: digits, example } : { code: 'noDecimals', value: v, currency: currency.toUpperCase(), example };
    return undefined;
  }
  return n;
}

let schemas: Record<ImportKind | 'pendingExpenses', z.ZodType> | null = null;

function schemaErrors(kind: ImportKind, data: Record<string, unknown>, errors: Record<string, ImportProblem>) {
  // Made once: building a schema costs far more than checking a row with it.
  schemas ??= {
    contacts: contactFields.partial(),
    catalogs: catalogFields.partial(),
    expenses: expenseFields.partial(),
    pendingExpenses: expensePendingFields.partial(),
  };
  const parsed = schemas[kind === 'expenses' && data.amount_pending ? 'pendingExpenses' : kind].safeParse(data);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= { code: 'invalid', message: issue.message, rule: ruleOf(issue) };
  }
  return data;
}

/**
 * One row's text (field key → cell) as a record's fields, or its problems (field key → what is wrong).
 * `defaults.currency`: the user's currency for expenses without one; `defaults.country`: the business's country,
 * given to a client whose row names none and with which its phone is read (issue 22: the same rule as the server's,
 * so a number the server would refuse is shown as a problem here, and a local one is stored in E.164);
 * `defaults.date_order`: how the file writes "05/03/2026" (sheetDateOrder), day first when not given.
 */
export function rowToRecord(
  kind: ImportKind,
  values: Record<string, string>,
  defaults: { currency: string; country?: string; date_order?: DateOrder; unit?: (typed: string) => string },
): RowResult {
  const errors: Record<string, ImportProblem> = {};
  const v = (k: string) => (values[k] ?? '').trim();
  const data: Record<string, unknown> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    if (f.required && !v(f.key)) errors[f.key] = { code: 'required' };
  }
  if (kind === 'contacts') {
    for (const k of CONTACT_COLUMNS) if (v(k) || k === 'name') data[k] = v(k);
    // A row without a country is a client of the business's country, as one added by hand is (t17 R2), stored by
    // name as the client form stores it; its phone is read with that country.
    const home = !v('country') && defaults.country ? (findCountry(defaults.country)?.name ?? '') : '';
    if (home) data.country = home;
    if (v('phone')) {
      const phone = parsePhone(v('phone'), v('country'), defaults.country);
      if (phone.ok) data.phone = phone.value;
      else errors.phone = { code: 'invalid', message: phone.message, rule: { code: phone.code, params: phone.params } };
    }
  } else if (kind === 'catalogs') {
    for (const k of ['name', 'description', 'unit', 'sku'] as const) if (v(k) || k === 'name') data[k] = v(k);
    // A unit in the owner's words ("pièce", "Kipande") is stored as core's word, as the catalog form stores it.
    if (v('unit') && defaults.unit) data.unit = defaults.unit(v('unit'));
    const price = money(v('unit_price'), errors, 'unit_price', true, defaults.currency);
    if (price !== undefined) data.unit_price = price;
  } else {
    // The file's date order (sheetDateOrder, shown and switchable in the preview); day first when not told.
    const order = defaults.date_order ?? 'dmy';
    const date = v('date') ? parseSheetDate(v('date'), order) : null;
    if (v('date') && !date) errors.date = { code: 'notDate', value: v('date'), example: order === 'mdy' ? '03/05/2026' : '05/03/2026' };
    if (date) data.date = date;
    // Issue 29: a row that says what was paid for (who to, what, or its category) but has no amount is imported as an
    // expense whose amount the owner types later ('to_type'): it counts in no total until then. An amount that
    // cannot be read is still a problem of its row.
    if (!v('amount') && (v('vendor') || v('description') || v('category'))) {
      delete errors.amount;
      data.amount = 0;
      data.amount_pending = 'to_type';
    } else {
      const amount = money(v('amount'), errors, 'amount', true, v('currency') || defaults.currency);
      if (amount !== undefined) {
        if (amount < 1 && !errors.amount) errors.amount = { code: 'amountPositive' };
        data.amount = amount;
      }
    }
    data.currency = (v('currency') || defaults.currency).toUpperCase();
    data.category = v('category') || 'Other';
    data.vendor = v('vendor');
    data.description = v('description');
    const method = v('payment_method')
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (method && !(PAYMENT_METHODS as readonly string[]).includes(method)) {
      errors.payment_method = { code: 'paymentMethod', choices: PAYMENT_METHODS.map((m) => m.replace('_', ' ')) };
    }
    data.payment_method = method || 'cash';
    expenseTaxAndRate(v, data, errors, defaults.currency);
  }
  const clean = schemaErrors(kind, data, errors);
  // The schema names the stored field; the problem belongs to the file's column.
  if (errors.input_tax_amount) {
    errors.input_tax ??= errors.input_tax_amount;
    delete errors.input_tax_amount;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: clean };
}

/**
 * An expense row's input tax (the VAT inside its amount, as a receipt prints it) and, for an expense in another currency
 * than the business's, the exchange rate ("26.80" or "26,80"; a rate beside an expense in the business's own currency
 * means nothing and is left out).
 */
function expenseTaxAndRate(v: (k: string) => string, data: Record<string, unknown>, errors: Record<string, ImportProblem>, home: string) {
  const currency = String(data.currency);
  if (v('input_tax') && !data.amount_pending) {
    const tax = money(v('input_tax'), errors, 'input_tax', false, currency);
    if (tax !== undefined && tax > 0) {
      data.input_tax_amount = tax;
      data.input_tax_inclusive = true;
      // As the form saves it (expenseInputTax of an amount given): the device's VAT return counts it before any sync.
      data.input_tax = tax;
      // The same rule as the expense form (core expenseTaxErrors): the VAT inside an amount cannot be more than it.
      const problem = typeof data.amount === 'number' ? expenseTaxErrors({ amount: data.amount, input_tax_amount: tax }).input_tax_amount : undefined;
      if (problem) errors.input_tax = { code: 'invalid', message: problem };
    }
  }
  const rate = v('exchange_rate');
  if (rate && currency !== home.toUpperCase()) data.exchange_rate = /^\d+([.,]\d+)?$/.test(rate) ? Number(rate.replace(',', '.')) : Number.NaN;
}

const phoneKey = (p: unknown) => String(p ?? '').replace(/\D/g, '');

/**
 * Keys that make two records the same: clients with the same name and the same phone or e-mail;
 * catalog items with the same name (or SKU); expenses with the same date, amount, currency and vendor.
 */
export function duplicateKeys(kind: ImportKind, r: Record<string, unknown>): string[] {
  const name = String(r.name ?? '')
    .trim()
    .toLowerCase();
  if (kind === 'contacts') {
    const keys: string[] = [];
    if (phoneKey(r.phone)) keys.push(`${name}|p:${phoneKey(r.phone)}`);
    if (String(r.email ?? '').trim()) keys.push(`${name}|e:${String(r.email).trim().toLowerCase()}`);
    return keys;
  }
  if (kind === 'catalogs') return [`n:${name}`, ...(String(r.sku ?? '').trim() ? [`s:${String(r.sku).trim().toLowerCase()}`] : [])];
  return [
    `${String(r.date)}|${String(r.amount)}|${String(r.currency)}|${String(r.vendor ?? '')
      .trim()
      .toLowerCase()}`,
  ];
}
