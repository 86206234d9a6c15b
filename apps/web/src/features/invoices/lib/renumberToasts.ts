import { parseRenumberNotice } from '@duka/core';
import { useEffect } from 'react';
import { db } from '../../../data/db';
import { useSyncSelect } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import '../renumberStrings';

const toldKey = (userId: string) => `duka:renumber-told:${userId}`;

function told(userId: string): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(toldKey(userId)) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/** The renumbered invoices not told yet, as toast texts; remembers them as told (per user, on this device). */
export function renumberedToTell(userId: string, invoices: { id: string; notice?: string | null }[], say: (from: string, to: string) => string): string[] {
  const seen = told(userId);
  const out: string[] = [];
  for (const inv of invoices) {
    const numbers = parseRenumberNotice(inv.notice);
    const key = `${inv.id}:${numbers?.to ?? ''}`;
    if (!numbers || seen.has(key)) continue;
    seen.add(key);
    out.push(say(numbers.from, numbers.to));
  }
  if (out.length) {
    try {
      localStorage.setItem(toldKey(userId), JSON.stringify([...seen].slice(-200)));
    } catch {
      // storage full or disabled: the toast may come again, the invoice page still says it
    }
  }
  return out;
}

const sinceKey = (userId: string) => `duka:renumber-since:${userId}`;
/** A device with no mark yet looks back this far (a change kept from an earlier session is pushed at log in). */
const LOOK_BACK_MS = 10 * 60_000;

/** Invoices changed on the device since the last look that carry a renumber notice (updated_at index: cheap at 50k). */
async function renumberedSinceLastLook(userId: string): Promise<{ id: string; notice?: string | null }[]> {
  const since = localStorage.getItem(sinceKey(userId)) ?? new Date(Date.now() - LOOK_BACK_MS).toISOString();
  const changed = await db.invoices.where('updated_at').above(since).toArray();
  let last = since;
  for (const i of changed) if (i.updated_at > last) last = i.updated_at;
  try {
    localStorage.setItem(sinceKey(userId), last);
  } catch {
    // storage disabled: the next look starts from the look-back again
  }
  return changed.filter((i) => !!i.notice);
}

/**
 * "INV-0004 is now INV-0005 (another device used that number)" (t20 H3): a toast once per renumbered invoice, after
 * each sync that brought the server's renumbering to this device, wherever the owner is; the invoice page keeps
 * saying it until it is dismissed. Reads only the invoices changed since the last look (never the whole table).
 */
export function useRenumberToasts(): void {
  const userId = useCurrentUser()?.id;
  const lastSyncedAt = useSyncSelect((s) => s.lastSyncedAt);
  // The owner's language (its translation loads with this namespace).
  const { t } = useStrings('renumber');
  useEffect(() => {
    if (!userId || lastSyncedAt === null) return;
    let live = true;
    void renumberedSinceLastLook(userId).then((invoices) => {
      if (!live) return;
      const say = (from: string, to: string) => t('toast', { from, to });
      for (const text of renumberedToTell(userId, invoices, say)) toast.info(text, 'renumbered');
    });
    return () => {
      live = false;
    };
  }, [userId, lastSyncedAt, t]);
}
