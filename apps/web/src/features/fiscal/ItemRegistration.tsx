import './strings';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../data/api';
import { db, type DukaDb } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import { fiscalModeOnDevice } from './mode';

export const FISCAL_ITEMS_KEY = ['fiscal', 'items'] as const;

/**
 * Where a catalog item stands with KRA eTIMS (issue 26, saveItem): its item code once the server assigned one, and
 * whether it is registered, waiting (KRA down) or refused with KRA's message. TEST MODE says the registration is kept
 * on Duka. Before its first sale: that it gets its code then. Asked of the server when online; nothing offline.
 */
export function ItemRegistration({ catalogId, d = db }: { catalogId: string; d?: DukaDb }) {
  const { t } = useStrings('fiscal');
  const { online } = useSyncState();
  const mode = useLiveQuery(() => fiscalModeOnDevice(d), [d]);
  const q = useQuery({ queryKey: FISCAL_ITEMS_KEY, queryFn: () => api('GET /fiscal/items'), enabled: online, staleTime: 30_000 });
  if (!q.data) return null;
  const item = q.data.items.find((i) => i.catalog_id === catalogId);
  const test = item ? item.test : mode === 'test';
  let text: string;
  let color: string | undefined = 'dimmed';
  if (!item) text = t(test ? 'itemNotYetTest' : 'itemNotYet');
  else if (item.state === 'registered') text = t(test ? 'itemRegisteredTest' : 'itemRegistered', { code: item.item_code });
  else if (item.state === 'pending')
    text = item.error
      ? t(test ? 'itemWaitingErrorTest' : 'itemWaitingError', { code: item.item_code, message: item.error.message })
      : t(test ? 'itemWaitingTest' : 'itemWaiting', { code: item.item_code });
  else {
    text = t(test ? 'itemRefusedTest' : 'itemRefused', { code: item.item_code, message: item.error?.message ?? '' });
    color = 'red.9';
  }
  return (
    <Text size="xs" c={color} data-testid="fiscal-item" style={{ overflowWrap: 'anywhere' }} role={item?.state === 'error' ? 'alert' : undefined}>
      {text}
    </Text>
  );
}
