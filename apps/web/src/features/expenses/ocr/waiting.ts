import { EXPENSE_DEFAULTS, expenseInputTax, formatMoney, isExpensePending, parseReceiptText, type ReceiptDraft } from '@duka/core';
import i18next from 'i18next';
import { db, type Expense, saveRecord } from '../../../data/db';
import { todayForBusiness } from '../../../data/today';
import { activeLanguage } from '../../../i18n';
import { toast } from '../../../ui/toast';
import '../strings';
import { readOnServer } from './server';

/**
 * Receipt photos picked offline before the receipt reader was ever fetched (issue 29). The photo is kept on the
 * device with its expense (IndexedDB, `read_pending`; it is uploaded only once read) and the owner may save the
 * expense by hand meanwhile. Back online, each waiting photo is read by the server (on the device when the server
 * cannot read it now); the fields the owner left empty
 * (vendor, category, input tax; the amount when it is still 0) are filled from it and the owner is told. So is the
 * date when the owner left it at its default (see `defaultDate`).
 * An expense saved without its amount (core's pending expense, "Amount to be read from the photo") gets its amount
 * from the reading and stops being pending; when the reading finds no amount it becomes 'unreadable' and the owner is
 * asked to type it.
 */

/**
 * Keeps a saved expense's photo on the device, to be read when back online. `defaultDate`: the expense's date when
 * the owner left the form's date as the form opened with it (a new expense: the business's day it opened on); absent
 * when they chose one, or when editing an expense. The date read from the receipt replaces only that date, and only
 * while the expense still has it (not once changed, on this device or another).
 */
export async function keepForReading(expenseId: string, photo: Blob, { defaultDate }: { defaultDate?: string } = {}): Promise<void> {
  await db.blobs.put({
    id: expenseId,
    collection: 'expenses',
    blob: photo,
    name: 'receipt.jpg',
    type: photo.type || 'image/jpeg',
    created_at: new Date().toISOString(),
    read_pending: true,
    ...(defaultDate ? { default_date: defaultDate } : {}),
  });
}

/** What a reading fills in an expense: only what the owner left empty, and the date they left at its default. */
export function fillFromReceipt(expense: Expense, d: ReceiptDraft, defaultDate?: string): Partial<Expense> {
  const next: Partial<Expense> = {};
  // The parser never reads a date after the business's today (core), so a misread future date is never taken.
  if (defaultDate && expense.date === defaultDate && d.date && d.date !== expense.date) next.date = d.date;
  if (d.vendor && !expense.vendor) next.vendor = d.vendor;
  if (d.category && !expense.category) next.category = d.category;
  if (!expense.amount && d.total !== null) {
    next.amount = d.total;
    if (d.currency_found) next.currency = d.currency;
  }
  if ((d.tax !== null || d.tax_rate_bps !== null) && !expense.input_tax_amount && !expense.input_tax_rate_bps) {
    next.input_tax_amount = d.tax;
    next.input_tax_rate_bps = d.tax === null ? d.tax_rate_bps : null;
    next.input_tax_inclusive = true;
  }
  return next;
}

/**
 * A waiting photo's reading: by the server (its model or its OCR) when it can read now, else on this device.
 * Throws when neither can (offline, a reader that cannot load) or the server refused the photo.
 */
async function readOne(photo: Blob, currency: string): Promise<ReceiptDraft> {
  const byServer = await readOnServer(photo);
  if (byServer) return byServer.draft;
  const { ocrLanguageFor, readPhotoText } = await import('./ocr');
  const parse = (text: string) => parseReceiptText(text, { currency, today: todayForBusiness() });
  // Read turned too when the upright text is not readable (a photo taken upside down or sideways).
  return parse(
    await readPhotoText(
      photo,
      () => undefined,
      ocrLanguageFor(activeLanguage()),
      (t) => parse(t).readable,
    ),
  );
}

let running: Promise<string[]> | null = null;

/**
 * Reads every waiting photo (online only); returns the ids of the expenses it filled. A photo the reader cannot
 * read while online (nothing readable, a broken image) stops waiting: it is uploaded as it is.
 */
export function readWaitingReceipts(): Promise<string[]> {
  running ??= readAll().finally(() => {
    running = null;
  });
  return running;
}

async function readAll(): Promise<string[]> {
  if (!navigator.onLine) return [];
  const waiting = await db.blobs.filter((b) => !!b.read_pending).toArray();
  const filled: string[] = [];
  for (const b of waiting) {
    const expense = await db.expenses.get(b.id);
    if (!expense) {
      await db.blobs.update(b.id, { read_pending: false });
      continue;
    }
    let draft: ReceiptDraft;
    try {
      draft = await readOne(b.blob, expense.currency);
    } catch {
      if (!navigator.onLine) return filled; // offline again: tried at the next connection
      if (isExpensePending(expense)) await notRead(expense);
      await db.blobs.update(b.id, { read_pending: false });
      continue;
    }
    const next = draft.readable ? fillFromReceipt(expense, draft, b.default_date) : {};
    if (isExpensePending(expense) && next.amount) {
      // The amount read ends the pending state (a category is needed from then on: the photo's guess, else Other).
      const merged = { ...expense, ...next, amount_pending: null, category: next.category || expense.category || EXPENSE_DEFAULTS.category };
      await saveRecord('expenses', { ...merged, input_tax: expenseInputTax(merged) });
      filled.push(expense.id);
      const vendor = merged.vendor || i18next.t('scan.receipt', { ns: 'expenses' });
      toast.success(i18next.t('scan.readAmount', { ns: 'expenses', vendor, amount: formatMoney(merged.amount, merged.currency) }));
    } else if (isExpensePending(expense)) {
      await notRead({ ...expense, ...next });
    } else if (Object.keys(next).length) {
      const merged = { ...expense, ...next };
      await saveRecord('expenses', { ...merged, input_tax: expenseInputTax(merged) });
      filled.push(expense.id);
      const vendor = merged.vendor || i18next.t('scan.receipt', { ns: 'expenses' });
      toast.success(i18next.t(next.date ? 'scan.readLaterDate' : 'scan.readLater', { ns: 'expenses', vendor }));
    }
    await db.blobs.update(b.id, { read_pending: false });
  }
  return filled;
}

/** A pending expense whose photo gave no amount: kept with what was read, marked 'unreadable', and the owner told. */
async function notRead(expense: Expense): Promise<void> {
  if (expense.amount_pending !== 'unreadable') await saveRecord('expenses', { ...expense, amount_pending: 'unreadable' });
  const vendor = expense.vendor || i18next.t('scan.receipt', { ns: 'expenses' });
  toast.danger(i18next.t('scan.unread', { ns: 'expenses', vendor }));
}

let watching = false;

/** Reads the waiting photos now (when online) and at each return of the connection. */
export function watchWaitingReceipts(): void {
  if (typeof window === 'undefined') return;
  if (!watching) {
    watching = true;
    window.addEventListener('online', () => void readWaitingReceipts().catch(() => undefined));
  }
  void readWaitingReceipts().catch(() => undefined);
}
