import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../i18n';
import './strings';

/** A confirmation before destroying data: Cancel keeps everything, the red button runs onConfirm. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  blocked,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** Only explain why it cannot be done: one Close button. */
  blocked?: boolean;
}) {
  const { t } = useStrings('record');
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="lg">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        {!blocked && (
          <Button
            color="red"
            loading={busy}
            data-autofocus
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel ?? t('confirm.delete')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
