import { FISCAL_IMMUTABLE_MESSAGE, FISCAL_IMMUTABLE_TEST_MESSAGE } from '@duka/core';
import { db, type QueuedMutation } from '../db';
import { PAGES, pagePaths } from '../../paths';

/** The device's copies of the records of `changes` (by id), to name them. */
export async function storedOf(changes: QueuedMutation[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const m of changes) {
    const row = (await db.table(m.collection).get(m.id)) as Record<string, unknown> | undefined;
    if (row) found.set(`${m.collection}:${m.id}`, row);
  }
  return found;
}

/** The fiscal state the device kept for an invoice (the invoice page's last answer from the server), if any. */
function fiscalStateKept(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const state = (JSON.parse(value) as { state?: unknown }).state;
    return typeof state === 'string' ? state : null;
  } catch {
    return null;
  }
}

/** Where the user fixes a rejected change of each collection. */
export async function fixPath(m: QueuedMutation): Promise<string> {
  const data = (m.data ?? {}) as Record<string, unknown>;
  switch (m.collection) {
    case 'contacts': {
      const c = await db.contacts.get(m.id);
      return pagePaths.contact(String(c?.permalink ?? data.permalink ?? m.id), { edit: 1 });
    }
    case 'notes': {
      const contact = data.contact_id ? await db.contacts.get(String(data.contact_id)) : undefined;
      return contact ? pagePaths.contact(contact.permalink) : PAGES.clients;
    }
    case 'expenses':
      return pagePaths.expense({ id: m.id });
    case 'catalogs':
      return pagePaths.catalogItem(m.id);
    case 'fees':
      return pagePaths.fee(m.id);
    default: {
      // A draft opens in the editor with what was typed; a finished invoice opens its page, and so does one KRA
      // signed (it is not edited: its page offers the credit note, issue 26).
      const inv = (await db.invoices.get(m.id)) as { sent_at?: string | null; voided_at?: string | null } | undefined;
      const signed = fiscalStateKept((await db.meta.get(`fiscal:${m.id}`))?.value) === 'fiscalised';
      return inv && !inv.sent_at && !inv.voided_at && !signed ? pagePaths.newInvoice({ id: m.id }) : pagePaths.invoice(m.id);
    }
  }
}

/**
 * Where a refused change of a signed invoice (an edit, a void or a delete; issue 26 F3) is made right: its credit
 * note. Null for any other refusal.
 */
export function creditNoteFix(m: Pick<QueuedMutation, 'collection' | 'id' | 'error'>): string | null {
  if (m.collection !== 'invoices' || !m.error) return null;
  return m.error === FISCAL_IMMUTABLE_MESSAGE || m.error === FISCAL_IMMUTABLE_TEST_MESSAGE ? pagePaths.creditNote(m.id) : null;
}

/** How a refused change is named: its record's name or number (from the change, else as stored on the device), never a bare id. */
export function label(m: QueuedMutation, stored?: Record<string, unknown> | null): string {
  const d = (m.data ?? {}) as Record<string, unknown>;
  const s0 = stored ?? {};
  const v = d.name ?? d.number ?? d.vendor ?? d.body ?? d.description ?? s0.name ?? s0.number ?? s0.vendor ?? s0.body ?? s0.description ?? m.id;
  const s = String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
