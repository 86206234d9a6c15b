import './strings';
import { formatDate, type ReminderChannel } from '@duka/core';
import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';
import { errorMessage } from '../../ui/errors';
import { toast } from '../../ui/toast';
import { getReminders, reminderKey, sendNow, setInvoiceReminders } from './api';
import { ReminderRuleForm } from './ReminderSettingsModal';
import { PAGES } from '../../paths';

/** On an invoice: reminders sent and due, WhatsApp message, send now, stop / resume. */
export function RemindersPanel({ invoiceId, onServer, revision }: { invoiceId: string; onServer: boolean; revision?: string }) {
  const { t } = useStrings('reminders');
  const { online } = useSyncState();
  const qc = useQueryClient();
  const view = useQuery({ queryKey: reminderKey(invoiceId), queryFn: () => getReminders(invoiceId), enabled: online && onServer, staleTime: 10_000 });
  const act = useMutation({
    mutationFn: (a: { send?: ReminderChannel; stopped?: boolean }) =>
      a.send ? sendNow(invoiceId, a.send) : setInvoiceReminders(invoiceId, { stopped: a.stopped }),
    onSuccess: (data, a) => {
      qc.setQueryData(reminderKey(invoiceId), data);
      if (a.send) toast.success(t('sentNow'));
    },
    onError: (e) => {
      toast.error(e, {}, 'actionFailed');
      void qc.invalidateQueries({ queryKey: reminderKey(invoiceId) });
    },
  });
  // The invoice changed (sent, paid, synced): what reminders apply changes with it, without a reload (issue 23).
  useEffect(() => {
    if (revision !== undefined) void qc.invalidateQueries({ queryKey: reminderKey(invoiceId) });
  }, [qc, invoiceId, revision]);
  const v = view.data;
  const [editing, setEditing] = useState(false);
  const [smsPreview, setSmsPreview] = useState(false);
  const saveRule = async (rule: Parameters<typeof setInvoiceReminders>[1]['rule']) => {
    qc.setQueryData(reminderKey(invoiceId), await setInvoiceReminders(invoiceId, { rule }));
  };
  return (
    <Card withBorder padding="sm" data-testid="reminders-panel">
      <Text fw={600} mb="xs">
        {t('title')}
      </Text>
      {!online || !onServer ? (
        <Text size="sm" c="dimmed">
          {t('offline')}
        </Text>
      ) : view.isLoading ? (
        <Loader role="status" size="sm" aria-label={t('loading')} />
      ) : view.isError || !v ? (
        <Alert color="red">{errorMessage(view.error, { fallback: t('offline'), offline: t('offline') })}</Alert>
      ) : (
        <Stack gap="xs">
          {!v.automatic && (
            <Text size="sm" c="dimmed">
              {t('needsPlan')}{' '}
              <Anchor component={Link} to={PAGES.settingsBilling} size="sm">
                {t('upgrade')}
              </Anchor>
            </Text>
          )}
          {v.stopped && <Text size="sm">{v.stopped.by === 'customer' ? t('stoppedByCustomer') : t('stoppedByOwner')}</Text>}
          {!v.open && !v.stopped && (
            <Text size="sm" c="dimmed">
              {t('closed')}
            </Text>
          )}
          {v.upcoming.length > 0 && (
            <Stack gap={2} data-testid="reminders-upcoming">
              <Text size="xs" c="dimmed">
                {t('upcoming')}
              </Text>
              {v.upcoming.map((u) => (
                <Text size="sm" key={`${u.kind}${u.date}`}>
                  {formatDate(u.date)} · {t(`kinds.${u.kind}`)} · {u.channels.map((c) => t(`channels.${c}`)).join(', ')}
                </Text>
              ))}
            </Stack>
          )}
          <Stack gap={2} data-testid="reminders-log">
            <Text size="xs" c="dimmed">
              {t('sent')}
            </Text>
            {v.log.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('none')}
              </Text>
            ) : (
              v.log.map((l) => (
                <Text size="sm" key={`${l.at}${l.channel}${l.kind}`} c={l.state === 'failed' ? 'red.8' : undefined}>
                  {formatDate(l.at)} · {t(`kinds.${l.kind}`)} · {t(`channels.${l.channel}`)} {l.to ? `(${l.to})` : ''} · {t(`states.${l.state}`)}
                  {l.error ? `: ${l.error}` : ''}
                </Text>
              ))
            )}
          </Stack>
          {v.open && (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                color="#237032"
                component="a"
                href={`https://wa.me/${(v.phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(v.whatsapp_text)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('whatsappLabel')}
              >
                {t('whatsapp')}
              </Button>
              <Button size="compact-sm" variant="light" loading={act.isPending} onClick={() => act.mutate({ send: 'email' })}>
                {t('sendEmail')}
              </Button>
              <Button size="compact-sm" variant="light" loading={act.isPending} onClick={() => setSmsPreview(true)}>
                {t('sendSms')}
              </Button>
            </Group>
          )}
          <Text size="xs" c="dimmed" data-testid="reminders-rule">
            {v.own_rule ? t('ownRule') : t('defaultRule')}
          </Text>
          {(v.open || v.stopped) && (
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
                {t('changeRule')}
              </Button>
              {v.own_rule && (
                <Button size="compact-sm" variant="default" onClick={() => void saveRule(null).then(() => toast.success(t('saved')))}>
                  {t('useDefaults')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color={v.stopped ? 'teal' : 'red'}
                loading={act.isPending}
                onClick={() => act.mutate({ stopped: !v.stopped })}
              >
                {v.stopped ? t('resume') : t('stop')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('ruleTitle')} centered>
        {v && <ReminderRuleForm initial={v.rule} onClose={() => setEditing(false)} onSave={(rule) => saveRule(rule)} automatic={v.automatic} />}
      </Modal>
      {/* An SMS costs the owner money: what it says and to whom, then a confirmation. */}
      <Modal opened={smsPreview} onClose={() => setSmsPreview(false)} title={t('smsPreviewTitle')} centered>
        {v && (
          <Stack gap="sm">
            <Text size="sm">{v.phone ? t('smsPreviewTo', { phone: v.phone }) : t('smsNoPhone')}</Text>
            <Text
              size="sm"
              p="xs"
              bg="var(--mantine-color-default-hover)"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 4 }}
              data-testid="sms-preview"
            >
              {v.whatsapp_text}
            </Text>
            <Text size="xs" c="dimmed">
              {t('smsCost')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setSmsPreview(false)}>
                {t('cancel')}
              </Button>
              <Button
                disabled={!v.phone}
                loading={act.isPending}
                onClick={() => {
                  setSmsPreview(false);
                  act.mutate({ send: 'sms' });
                }}
              >
                {t('smsSend')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
