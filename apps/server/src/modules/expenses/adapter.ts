import {
  refusal,
  EXPENSE_DEFAULTS,
  expenseFieldsFor,
  expenseInputTax,
  expensePatch,
  expenseStoredFields,
  expenseTaxErrors,
  type ExpenseTaxInput,
} from '@duka/core';
import { expenses } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertContact, preloadItemContacts } from '../contacts';
import { fileUrl, userPrefix } from '../files';
import { fieldMapper, quietAfterWrite } from '../sync';
import type { SyncAdapter } from '../sync';

export const receiptPrefix = (userId: string) => `${userPrefix(userId)}receipts/`;

/**
 * Receipt photos of expenses deleted in a batch, per user: their files are removed once the batch is committed
 * (expensesRoutes' afterMutations hook checks again that no live expense holds them, so a rolled-back batch loses nothing).
 */
export const orphanedReceipts = new Map<string, Set<string>>();

export const expensesAdapter: SyncAdapter = {
  table: expenses,
  // Either state of an expense (issue 29: its amount may be still to be read from its photo); prepare checks each by its rules.
  fields: expenseStoredFields,
  patch: expensePatch,
  defaults: EXPENSE_DEFAULTS,
  order: 10,
  label: 'Expense',
  ...fieldMapper(Object.keys(expenseStoredFields.shape)),
  extra: (row) => ({ receipt_url: row.receipt ? fileUrl(String(row.receipt)) : null }),
  extraSql: (column) => ({ receipt_url: `case when ${column('receipt')} <> '' then '${fileUrl('').replace(/'/g, "''")}' || ${column('receipt')} end` }),
  search: [expenses.vendor, expenses.description, expenses.category],
  sort: { column: expenses.date, direction: 'desc', toCursor: (row) => String(row.date) },
  preload: preloadItemContacts,
  // Memory only (receipts to remove later): never a statement (see quietAfterWrite).
  afterWrite: quietAfterWrite(
    async (_tx, userId, written) => {
      for (const w of written) {
        const key = w.deleted ? (w.data.receipt as string | null) : null;
        if (!key) continue;
        const keys = orphanedReceipts.get(userId) ?? new Set<string>();
        keys.add(key);
        orphanedReceipts.set(userId, keys);
      }
    },
    () => true,
  ),
  async prepare(tx, userId, data, { existing, batch }) {
    // Issue 29: an ordinary expense has an amount > 0 and a category; one whose amount is to be read from its photo
    // has no amount yet (core's expenseFieldsFor).
    // A refusal is that change's 'validation_failed', field by field (sync's rejection of a ZodError).
    expenseFieldsFor(data as { amount_pending?: string | null }).parse(data);
    await assertContact(tx, userId, data.contact_id, batch);
    const receipt = data.receipt as string | null;
    if (receipt && receipt !== existing?.receipt && !receipt.startsWith(receiptPrefix(userId))) {
      throw new AppError(
        'validation_failed',
        'receipt: Upload the photo with POST /api/expenses/{id}/receipt',
        {
          receipt: 'Upload the receipt photo instead',
        },
        refusal('receipt_upload'),
      );
    }
    // Input tax (issue 26): a rate or an amount, never both; the tax itself is always worked out here.
    const tax = data as unknown as ExpenseTaxInput;
    const problems = expenseTaxErrors(tax);
    const [field, message] = Object.entries(problems)[0] ?? [];
    if (field) throw new AppError('validation_failed', `${field}: ${message}`, problems, refusal('expense_tax', { field }));
    data.input_tax = expenseInputTax(tax);
    return { ...data, currency: String(data.currency).toUpperCase() === 'YUAN' ? 'Yuan' : String(data.currency).toUpperCase() };
  },
};
