import { formatDate } from '@duka/core';
import { Alert, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { type Collection, type RecordMap, saveRecord } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import './strings';

const HIDDEN = new Set(['permalink', 'archived']);

/** One replaced value as shown: its label and its text. */
export type ConflictField = [label: string, text: string];

export interface ConflictNoticeProps<C extends Collection> {
  collection: C;
  /** The record as the device holds it: its id, version and the server's conflict markers are read. */
  record: Pick<RecordMap[C], 'id' | 'conflict' | 'history_count' | 'version'>;
  /** The title and the sentence under it (default: worded for the collection's record: client, note, expense…). */
  title?: string;
  body?: string;
  /** How a screen shows the values an edit replaced (default: each field as text, labelled from 'record'). */
  describe?: (data: Record<string, unknown>) => ConflictField[];
  /** How a screen puts replaced values back (default: saved over the record as they were). */
  onUse?: (data: Record<string, unknown>) => Promise<unknown>;
}

/**
 * 'Edited on another device' (issue 4): shown when the server kept overwritten values of this record in its
 * history. Lists what each later edit replaced, so nothing typed is lost, and can put those values back.
 */
export function ConflictNotice<C extends Collection>({ collection, record, title, body, describe, onUse }: ConflictNoticeProps<C>) {
  const { t } = useStrings('record');
  const { online } = useSyncState();
  const has = !!record.conflict || (record.history_count ?? 0) > 0;
  const history = useQuery({
    queryKey: ['history', collection, record.id, record.version],
    queryFn: async () => {
      return api('GET /sync/history', { query: { collection, id: record.id } });
    },
    enabled: has && online,
    staleTime: 30_000,
  });
  if (!has) return null;
  const entries = (history.data ?? []).slice().sort((a, b) => b.version - a.version);
  return (
    <Alert color="orange" title={title ?? t('conflict.title')} data-testid="conflict-notice">
      <Stack gap="xs">
        <Text size="sm">{body ?? t('conflict.body', { context: collection })}</Text>
        {!online && !history.data && <Text size="sm">{t('conflict.offline')}</Text>}
        {history.isLoading && <Loader role="status" size="sm" aria-label={t('conflict.loading')} />}
        {entries.map((h) => {
          const fields = Object.entries(h.data).filter(([k]) => !HIDDEN.has(k));
          const shown: ConflictField[] = describe ? describe(h.data) : fields.map(([k, v]) => [t(`page.field.${k}`, { defaultValue: k }), String(v ?? '')]);
          if (!shown.length) return null;
          return (
            <div key={`${h.version}-${h.replaced_at}`}>
              <Text size="xs" c="dimmed">
                {t('conflict.replaced', { date: formatDate(h.replaced_at) })}
              </Text>
              <Table withRowBorders={false} verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {shown.map(([label, text]) => (
                    <Table.Tr key={label}>
                      <Table.Th w="35%">{label}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                mt={4}
                onClick={() => void (onUse ? onUse(h.data) : saveRecord(collection, { id: record.id, ...Object.fromEntries(fields) } as never))}
              >
                {t('conflict.use')}
              </Button>
            </div>
          );
        })}
      </Stack>
    </Alert>
  );
}
