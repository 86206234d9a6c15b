import { formatDate } from '@duka/core';
import { Alert, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { type Collection, type RecordMap, saveRecord } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import './strings';

const HIDDEN = new Set(['permalink', 'archived']);

/**
 * 'Edited on another device' (issue 4): shown when the server kept overwritten values of this record in its
 * history. Lists what each later edit replaced, so nothing typed is lost, and can put those values back.
 */
export function ConflictNotice<C extends Collection>({ collection, record }: { collection: C; record: RecordMap[C] }) {
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
    <Alert color="orange" title={t('conflict.title')} data-testid="conflict-notice">
      <Stack gap="xs">
        <Text size="sm">{t('conflict.body')}</Text>
        {!online && !history.data && <Text size="sm">{t('conflict.offline')}</Text>}
        {history.isLoading && <Loader role="status" size="sm" aria-label={t('conflict.loading')} />}
        {entries.map((h) => {
          const fields = Object.entries(h.data).filter(([k]) => !HIDDEN.has(k));
          if (!fields.length) return null;
          return (
            <div key={`${h.version}-${h.replaced_at}`}>
              <Text size="xs" c="dimmed">
                {t('conflict.replaced', { date: formatDate(h.replaced_at) })}
              </Text>
              <Table withRowBorders={false} verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {fields.map(([k, v]) => (
                    <Table.Tr key={k}>
                      <Table.Th w="35%">{t(`page.field.${k}`, { defaultValue: k })}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{String(v ?? '')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                mt={4}
                onClick={() => void saveRecord(collection, { id: record.id, ...Object.fromEntries(fields) } as never)}
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
