import { db } from '../../../data/db';
import { applyEditor, type EditorState } from './editor';
import { type EditMerge, mergeEdit, SYNC_BEFORE_SAVE_MS } from './merge';
import { asInvoice, type Invoice } from './model';
import { syncNow } from './ownerApi';

/**
 * An edit's save, merged with the invoice as it is now (t20 U3): online, a sync first brings another device's save
 * (at most SYNC_BEFORE_SAVE_MS: offline or on a stalled link the device's copy is used, and the server keeps what a
 * later save replaces in its history, shown as "Edited on another device"). Null when the invoice is as the editor
 * opened it (the save goes as typed).
 */
export async function mergeWithCurrent(opened: Invoice, openedState: EditorState, mine: Invoice, wait = SYNC_BEFORE_SAVE_MS): Promise<EditMerge | null> {
  if (typeof navigator === 'undefined' || navigator.onLine) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([syncNow().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
    clearTimeout(timer);
  }
  const stored = await db.invoices.get(opened.id);
  if (!stored) return null;
  const now = asInvoice(stored);
  if (now.version === opened.version && now.updated_at === opened.updated_at) return null;
  return mergeEdit(opened, applyEditor(opened, openedState), mine, now);
}
