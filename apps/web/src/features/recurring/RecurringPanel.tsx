import './strings';
import type { RecurringRecord } from '@duka/core';
import { formatDate, localDate, shownNextDate } from '@duka/core';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import { errorMessage } from '../../ui/errors';
import { toast } from '../../ui/toast';
import { createRecurring, deleteRecurring, deviceTimeZone, listForInvoice, recurringKey, updateRecurring } from './api';
import { RecurringModal, type RecurringValues } from './RecurringForm';

const STATUS_COLOR = { active: 'teal', paused: 'orange', finished: 'gray' } as const;

/** How often, in words: "Every month", "Every 3 months". */
export function summaryOf(r: Pick<RecurringRecord, 'frequency' | 'interval'>, t: TFunction): string {
  if (r.frequency === 'months') return t('summary.months', { count: r.interval });
  if (r.interval > 1 && (r.frequency === 'weekly' || r.frequency === 'yearly')) return t(`summary.${r.frequency}N`, { count: r.interval });
  return t(`summary.${r.frequency}`);
}

/** On an invoice's page: its repeats (next date, status), with make / pause / resume / edit / stop. */
export function RecurringPanel({ invoiceId, onServer, issueDate }: { invoiceId: string; onServer: boolean; issueDate?: string }) {
  const { t } = useStrings('recurring');
  const { online } = useSyncState();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: recurringKey(invoiceId),
    queryFn: () => listForInvoice(invoiceId),
    enabled: online && onServer,
    staleTime: 15_000,
    // While the server's job has yet to make what is due (just after "Yes, make it now"), read again until it has: the
    // panel then counts what was made instead of "0 made" until a reload (issue 23).
    refetchInterval: (q) =>
      (q.state.data ?? []).some((r) => r.status === 'active' && r.next_date && r.next_date <= localDate(new Date(), r.time_zone)) ? 3000 : false,
  });
  const [editing, setEditing] = useState<RecurringRecord | 'new' | null>(null);
  const [stopping, setStopping] = useState<RecurringRecord | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: recurringKey(invoiceId) });
  const change = useMutation({
    mutationFn: async (a: { id: string; patch?: Parameters<typeof updateRecurring>[1]; remove?: boolean }) =>
      a.remove ? deleteRecurring(a.id) : updateRecurring(a.id, a.patch ?? {}),
    onSuccess: () => void refresh(),
    onError: (e) => toast.error(e),
  });

  async function save(v: RecurringValues) {
    try {
      if (editing && editing !== 'new') {
        const { start_date, ...rest } = v;
        await updateRecurring(editing.id, { ...rest, ...(editing.generated === 0 ? { start_date } : {}) });
      } else await createRecurring({ invoice_id: invoiceId, ...v, time_zone: deviceTimeZone() });
      toast.success(t('saved'));
      setEditing(null);
      await refresh();
    } catch (e) {
      toast.error(e);
      throw e;
    }
  }

  const records = list.data ?? [];
  return (
    <Card withBorder padding="sm" data-testid="recurring-panel">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('title')}</Text>
        {online && onServer && list.isSuccess && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('makeRepeat')}
          </Button>
        )}
      </Group>
      {!online || !onServer ? (
        <Text size="sm" c="dimmed">
          {t('offline')}
        </Text>
      ) : list.isLoading ? (
        <Loader role="status" size="sm" aria-label={t('loading')} />
      ) : list.isError ? (
        <Alert color="red">{errorMessage(list.error, { fallback: t('offline'), offline: t('offline') })}</Alert>
      ) : records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {records.map((r) => {
            // Never a past date while the server's catch-up job has not run yet (issue 23): core's rule, as the form's.
            const next = shownNextDate(r, r.next_date, localDate(new Date(), r.time_zone), {
              generated: r.generated,
              ...(issueDate ? { source: { issue_date: issueDate } } : {}),
            });
            return (
              <Stack key={r.id} gap={4} data-testid="recurring-item">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" fw={500}>
                    {summaryOf(r, t)} · {t(`sendModes.${r.send_mode}`)}
                  </Text>
                  <Badge color={STATUS_COLOR[r.status]} data-testid="recurring-status">
                    {t(`statuses.${r.status}`)}
                  </Badge>
                </Group>
                <Text size="sm" data-testid="recurring-next">
                  {next ? t('next', { date: formatDate(next) }) : ''}
                  {next ? ' · ' : ''}
                  {t('made', { count: r.generated })}
                </Text>
                {r.last_error && r.status === 'paused' && (
                  <Text size="sm" c="red">
                    {t('failed', { error: r.last_error })}
                  </Text>
                )}
                <Group gap="xs">
                  {r.status === 'active' && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={change.isPending}
                      onClick={() => change.mutate({ id: r.id, patch: { status: 'paused' } }, { onSuccess: () => toast.success(t('paused')) })}
                    >
                      {t('pause')}
                    </Button>
                  )}
                  {r.status === 'paused' && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={change.isPending}
                      onClick={() => change.mutate({ id: r.id, patch: { status: 'active' } }, { onSuccess: () => toast.success(t('resumed')) })}
                    >
                      {t('resume')}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(r)}>
                    {t('edit')}
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setStopping(r)}>
                    {t('stop')}
                  </Button>
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}
      <RecurringModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        initial={editing && editing !== 'new' ? editing : undefined}
        onSave={save}
        source={issueDate ? { issue_date: issueDate } : undefined}
        draftKey={editing === 'new' ? `recurring:${invoiceId}:new` : editing ? `recurring:${editing.id}` : undefined}
      />
      <Modal opened={stopping !== null} onClose={() => setStopping(null)} title={t('stopTitle')} centered>
        <Text>{t('stopBody')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setStopping(null)}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={change.isPending}
            onClick={() => stopping && change.mutate({ id: stopping.id, remove: true }, { onSuccess: () => (toast.success(t('stopped')), setStopping(null)) })}
          >
            {t('stop')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
