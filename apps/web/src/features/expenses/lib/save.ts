import { db, type Draft, type Expense, saveReceipt, saveRecord } from '../../../data/db';
import type { ReceivedMovement } from '../../stock/received';
import { keepForReading } from '../ocr/waiting';

/** The receipt photo saved with an expense: uploaded as it is, or first read (issue 29: see ocr/waiting.ts). */
export interface PhotoToKeep {
  blob: Blob;
  /** Picked offline before the reader could read it: read when back online, then uploaded. */
  toRead: boolean;
  /** With toRead: the form's date when the owner left it as the form opened with it (see keepForReading). */
  defaultDate?: string;
}

/**
 * Saves an expense as one step on the device (issue 28): the expense, the stock it received (+n movements) and its
 * receipt photo are written, with their uploads queued, in one transaction: either all of them are kept or none is.
 * The queued changes sit next to each other in the queue, so they go up in the same push.
 */
export function saveExpenseStep(expense: Draft<'expenses'>, movements: ReceivedMovement[] = [], photo: PhotoToKeep | null = null): Promise<Expense> {
  return db.transaction('rw', [db.expenses, db.stock_movements, db.queue, db.blobs], async () => {
    const saved = await saveRecord('expenses', expense);
    for (const m of movements) await saveRecord('stock_movements', m);
    if (photo?.toRead) await keepForReading(saved.id, photo.blob, { defaultDate: photo.defaultDate });
    else if (photo) await saveReceipt(saved.id, photo.blob, 'receipt.jpg');
    return saved;
  });
}
