import { type FiscalCodeLists, fiscalCodeListsSchema, TEST_CODE_LISTS } from '@duka/core';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../data/api';
import { db, type DukaDb } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';

/** Where the device keeps the code lists its control unit gave last (meta table, as other reference data). */
export const FISCAL_CODES_KEY = 'fiscal:codes';

/** The lists kept on the device, checked with core's schema (a damaged or old copy reads as none). */
export async function codesOnDevice(d: DukaDb = db): Promise<FiscalCodeLists | null> {
  const row = await d.meta.get(FISCAL_CODES_KEY);
  if (typeof row?.value !== 'string') return null;
  try {
    const parsed = fiscalCodeListsSchema.safeParse(JSON.parse(row.value));
    return parsed.success && parsed.data.item_classes.length ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * KRA's code lists for the item class and unit pickers (issue 26): asked of the server when online (KRA's lists from
 * the business's own device, TEST MODE's bundled part otherwise) and kept on the device, so the pickers offer the
 * same lists offline; the bundled lists until the device has asked once.
 */
export function useFiscalCodes(d: DukaDb = db, enabled = true): { lists: FiscalCodeLists; source: 'server' | 'device' | 'bundled' } {
  const { online } = useSyncState();
  const kept = useLiveQuery(() => codesOnDevice(d), [d]);
  const q = useQuery({
    queryKey: ['fiscal', 'codes'],
    queryFn: async () => {
      const lists = await api('GET /fiscal/codes');
      if (lists.item_classes.length) await d.meta.put({ key: FISCAL_CODES_KEY, value: JSON.stringify(lists) });
      return lists;
    },
    enabled: online && enabled,
    staleTime: 3600_000,
    retry: 1,
  });
  if (q.data?.item_classes.length) return { lists: q.data, source: 'server' };
  if (kept) return { lists: kept, source: 'device' };
  return { lists: TEST_CODE_LISTS, source: 'bundled' };
}
