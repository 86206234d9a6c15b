import './strings';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../data/api';
import { db, type DukaDb } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import { toast } from '../../ui/toast';
import { fiscalModeOnDevice } from './mode';

export const FISCAL_ITEMS_KEY = ['fiscal', 'items'] as const;

/**
 * Where a catalog item stands with KRA eTIMS (issue 26, saveItem): its item code once the server assigned one, and
 * whether it is registered, waiting (KRA down) or refused with KRA's message. TEST MODE says the registration is kept
 * on Duka. Before the job registered it (after a save): a "Register with KRA now" button; "Try again" after a refusal or
 * a time-out. Asked of the server when online; nothing offline.
 */
export function ItemRegistration({ catalogId, d = db }: { catalogId: string; d?: DukaDb }) {
  const { t } = useStrings('fiscal');
  const { online } = useSyncState();
  const mode = useLiveQuery(() => fiscalModeOnDevice(d), [d]);
  const q = useQuery({ queryKey: FISCAL_ITEMS_KEY, queryFn: () => api('GET /fiscal/items'), enabled: online, staleTime: 30_000 });
  const qc = useQueryClient();
  // "Register with KRA now" before the job got to it, "Try again" after a refusal or while KRA did not answer.
  const register = useMutation({
    mutationFn: () => api('POST /fiscal/items/:id/register', { params: { id: catalogId } }),
    onSuccess: (row) =>
      qc.setQueryData(FISCAL_ITEMS_KEY, (old: typeof q.data) => ({ items: [...(old?.items ?? []).filter((i) => i.catalog_id !== row.catalog_id), row] })),
    onError: (e) => toast.error(e),
  });
  // Nothing until the device has read its fiscal mode too: never a flash of KRA words in TEST MODE.
  if (!q.data || mode === undefined) return null;
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
  const action = !item ? t(test ? 'itemRegisterNowTest' : 'itemRegisterNow') : item.state === 'registered' ? null : item.error ? t('itemTryAgain') : null;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c={color} data-testid="fiscal-item" style={{ overflowWrap: 'anywhere' }} role={item?.state === 'error' ? 'alert' : undefined}>
        {text}
      </Text>
      {action && online && (
        <Button size="compact-xs" variant="light" loading={register.isPending} onClick={() => register.mutate()}>
          {action}
        </Button>
      )}
    </Stack>
  );
}
