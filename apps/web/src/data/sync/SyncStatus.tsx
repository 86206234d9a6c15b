import { Badge, Button, Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLanguage, useStrings } from '../../i18n';
import { db, type QueuedMutation } from '../db';
import { syncEngine } from './engine';
import { startSync, useLocal, useQueue, useSyncState } from './hooks';
import './strings';

/** Where the user fixes a rejected change of each collection. */
export async function fixPath(m: QueuedMutation): Promise<string> {
  const data = (m.data ?? {}) as Record<string, unknown>;
  switch (m.collection) {
    case 'contacts': {
      const c = await db.contacts.get(m.id);
      return `/contacts/${encodeURIComponent(String(c?.permalink ?? data.permalink ?? m.id))}?edit=1`;
    }
    case 'notes': {
      const contact = data.contact_id ? await db.contacts.get(String(data.contact_id)) : undefined;
      return contact ? `/contacts/${encodeURIComponent(contact.permalink)}` : '/tabs/home';
    }
    case 'expenses':
      return `/expense?id=${m.id}`;
    case 'catalogs':
      return `/catalog?id=${m.id}`;
    case 'fees':
      return `/fee?id=${m.id}`;
    default: {
      // A draft opens in the editor with what was typed; a finished invoice opens its page.
      const inv = (await db.invoices.get(m.id)) as { sent_at?: string | null; voided_at?: string | null } | undefined;
      return inv && !inv.sent_at && !inv.voided_at ? `/new-invoice?id=${m.id}` : `/invoices/${m.id}`;
    }
  }
}

function label(m: QueuedMutation): string {
  const d = (m.data ?? {}) as Record<string, unknown>;
  const v = d.name ?? d.number ?? d.vendor ?? d.body ?? d.description ?? m.id;
  const s = String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** Header indicator: offline / syncing / N changes waiting / N rejected changes to fix (opens the list). */
export default function SyncStatus() {
  const { t } = useStrings('sync');
  const language = useLanguage();
  const state = useSyncState();
  const queue = useQueue();
  const badReceipts = useLocal(() => db.blobs.filter((b) => !!b.error).toArray(), []);
  const [open, setOpen] = useState(false);
  // The header is mounted for signed-in users only: the engine starts with it (once per page).
  useEffect(() => startSync(), []);
  const rejected = queue?.rejected ?? [];
  const pending = queue?.pending ?? 0;

  let body;
  if (rejected.length) {
    body = (
      <Button size="compact-sm" color="red" variant="light" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('rejected', { count: rejected.length })}
      </Button>
    );
  } else if (!state.online || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    body = (
      <Badge color="gray" variant="light" title={t('offlineHint')}>
        {pending ? `${t('offline')} · ${t('waitingShort', { count: pending })}` : t('offline')}
      </Badge>
    );
  } else if (state.syncing) {
    // The first sync says how far it is ("Syncing 1,240 of 2,000"), in the screen's language's digits.
    const p = state.progress;
    const n = (x: number) => x.toLocaleString(language);
    body = (
      <Badge color="blue" variant="light" data-testid={p ? 'sync-progress' : undefined}>
        {p ? t('progress', { done: n(p.done), total: n(p.total) }) : t('syncing')}
      </Badge>
    );
  } else if (pending) {
    body = (
      <UnstyledButton onClick={() => void syncEngine.sync()} aria-label={`${t('waiting', { count: pending })}. ${t('retryNow')}`}>
        <Badge color="yellow" variant="light" style={{ cursor: 'pointer' }}>
          {t('waiting', { count: pending })}
        </Badge>
      </UnstyledButton>
    );
  } else if (state.error) {
    body = (
      <UnstyledButton onClick={() => void syncEngine.sync()} aria-label={t('retryNow')}>
        <Badge color="orange" variant="light" title={t('failed', { error: state.error })} style={{ cursor: 'pointer' }}>
          {t('retryNow')}
        </Badge>
      </UnstyledButton>
    );
  } else {
    body = (
      <Badge color="teal" variant="light">
        {t('synced')}
      </Badge>
    );
  }

  return (
    <>
      <span role="status" aria-live="polite" data-testid="sync-status">
        {body}
      </span>
      <RejectedList opened={open} onClose={() => setOpen(false)} rejected={rejected} receiptErrors={(badReceipts ?? []).map((b) => b.error!)} />
    </>
  );
}

function RejectedList({
  opened,
  onClose,
  rejected,
  receiptErrors,
}: {
  opened: boolean;
  onClose: () => void;
  rejected: QueuedMutation[];
  receiptErrors: string[];
}) {
  const { t } = useStrings('sync');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<QueuedMutation | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={t('rejectedTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('rejectedIntro')}
        </Text>
        {!rejected.length && <Text>{t('none')}</Text>}
        {rejected.map((m) => (
          <Paper key={m.mutation_id} withBorder p="sm">
            <Text fw={600}>
              {t(`collection.${m.collection}`)} · {t(`op_${m.op}`)}: {label(m)}
            </Text>
            <Text size="sm" c="red">
              {m.held ? t('held', { error: m.error }) : m.error}
            </Text>
            {confirming?.mutation_id === m.mutation_id ? (
              <Stack gap={6} mt="xs">
                <Text size="sm">{t('discardConfirm')}</Text>
                <Group gap="xs">
                  <Button size="xs" color="red" onClick={() => void syncEngine.discard(m).then(() => setConfirming(null))}>
                    {t('discard')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                    {t('cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="xs" mt="xs">
                {m.op === 'upsert' && (
                  <Button
                    size="xs"
                    onClick={() =>
                      void fixPath(m).then((p) => {
                        onClose();
                        navigate(p);
                      })
                    }
                  >
                    {t('fix')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => void syncEngine.retry(m)}>
                  {t('retry')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(m)}>
                  {t('discard')}
                </Button>
              </Group>
            )}
          </Paper>
        ))}
        {receiptErrors.map((e, i) => (
          <Text key={i} size="sm" c="red">
            {t('receiptFailed', { error: e })}
          </Text>
        ))}
      </Stack>
    </Modal>
  );
}
