import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useStrings } from '../../i18n';
import type { QueuedMutation } from '../db';
import { syncEngine } from './engine';
import { creditNoteFix, fixPath, label, storedOf } from './fix';
import { useRefusalText } from './refusalText';
import './strings';

/** The changes the server refused, with Fix / Send again / Discard (loaded when the header's button is pressed). */
export default function RejectedList({
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
  const reasonOf = useRefusalText();
  const navigate = useNavigate();
  const stored = useLiveQuery(() => storedOf(rejected), [rejected]);
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
              {t(`collection.${m.collection}`)} · {t(`op_${m.op}`)}: {label(m, stored?.get(`${m.collection}:${m.id}`))}
            </Text>
            <Text size="sm" c="red">
              {m.held ? t('held', { error: m.error }) : reasonOf(m)}
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
                {creditNoteFix(m) && (
                  <Button
                    size="xs"
                    onClick={() => {
                      onClose();
                      navigate(creditNoteFix(m)!);
                    }}
                  >
                    {t('creditNote')}
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
