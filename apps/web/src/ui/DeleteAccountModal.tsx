import { Button, Group, Modal, Text } from '@mantine/core';
import { useStrings } from '../i18n';
import './appStrings';

export interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called on Delete; the dialog shows a busy Delete button while it runs. */
  onConfirm: () => void;
  busy?: boolean;
  /** Changes on this device not yet on the server: the dialog warns they go too and offers Stay / Delete anyway. */
  unsynced?: number;
}

/** SPEC §2 modal 7 / §4: the Delete Account confirmation, with SPEC's exact title, text and buttons. */
export function DeleteAccountModal({ opened, onClose, onConfirm, busy = false, unsynced = 0 }: DeleteAccountModalProps) {
  const { t } = useStrings('ui');
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t('deleteAccount.title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Text mb={unsynced ? 'sm' : 'lg'}>{t('deleteAccount.text')}</Text>
      {unsynced > 0 && (
        <Text mb="lg" fw={600} c="red.8" role="alert">
          {t('deleteAccount.unsynced', { count: unsynced })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {unsynced ? t('deleteAccount.stay') : t('deleteAccount.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {unsynced ? t('deleteAccount.anyway') : t('deleteAccount.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

export default DeleteAccountModal;
