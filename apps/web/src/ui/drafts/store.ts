import { getCurrentUser } from '../../data/user';

/**
 * Drafts of long forms (issue 23 item 5): what was typed in an invoice, quote, expense, client or repeat is
 * kept on this device, per user, until it is saved or discarded on purpose. localStorage: written at once
 * (no lost keystrokes on a reload or a closed tab), readable offline, and cleared with everything else at log
 * out (which warns first when drafts exist).
 */
const PREFIX = 'duka:draft:';

export interface StoredDraft<T> {
  value: T;
  /** ISO time of the last change. */
  at: string;
}

function fullKey(key: string, userId: string): string {
  return `${PREFIX}${userId}:${key}`;
}

function userIdNow(): string | null {
  return getCurrentUser()?.id ?? null;
}

export function readDraft<T>(key: string, userId = userIdNow()): StoredDraft<T> | null {
  if (!userId) return null;
  try {
    const raw = localStorage.getItem(fullKey(key, userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    return parsed && typeof parsed === 'object' && 'value' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, value: T, userId = userIdNow(), at = new Date().toISOString()): void {
  if (!userId) return;
  try {
    localStorage.setItem(fullKey(key, userId), JSON.stringify({ value, at } satisfies StoredDraft<T>));
  } catch {
    // storage full or disabled: the form still works, only the draft is not kept
  }
}

export function removeDraft(key: string, userId = userIdNow()): void {
  if (!userId) return;
  try {
    localStorage.removeItem(fullKey(key, userId));
  } catch {
    // storage disabled: nothing kept
  }
}

/** The keys of this user's drafts on this device (for the log-out warning). */
export function listDrafts(userId = userIdNow()): string[] {
  if (!userId) return [];
  const mine = `${PREFIX}${userId}:`;
  const out: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(mine)) out.push(k.slice(mine.length));
    }
  } catch {
    return [];
  }
  return out.sort();
}
