import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useStrings } from '../../../i18n';
import { logout, unsyncedAfterLastSync } from '../logout';
import '../strings';
import '../../../ui/appStrings';
import { listDrafts } from '../../../ui/drafts/store';

/**
 * Log Out (issue 14 item 1): first one last sync; when nothing is left to upload the user is logged out at
 * once, otherwise the dialog says how many changes are waiting and offers Stay / Log out anyway (the
 * changes are then kept on this device for this user).
 */
export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return opened ? <LeaveCheck onClose={onClose} /> : null;
}

function LeaveCheck({ onClose }: { onClose: () => void }) {
  const { t } = useStrings('accounts');
  const { t: tu } = useStrings('ui');
  // Forms started and not saved are kept on the device per user and cleared at log out: say so first (issue 23).
  const [drafts] = useState(() => listDrafts().length);
  const [waiting, setWaiting] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let live = true;
    void unsyncedAfterLastSync()
      .catch(() => 1)
      .then((n) => {
        if (!live) return;
        if (n === 0 && drafts === 0) {
          setLeaving(true);
          void logout();
        } else setWaiting(n);
      });
    return () => {
      live = false;
    };
  }, [drafts]);

  const checking = waiting === null || leaving;
  return (
    <Modal
      opened
      onClose={leaving ? () => undefined : onClose}
      title={checking || !waiting ? t('leave.logoutTitle') : t('leave.title')}
      centered
      withCloseButton={!leaving}
      closeButtonProps={{ 'aria-label': t('leave.close') }}
    >
      {checking ? (
        <Group gap="sm" role="status" wrap="nowrap">
          <Loader size="sm" />
          <Text>{t('leave.checking')}</Text>
        </Group>
      ) : (
        <Stack gap="md">
          {!!waiting && <Text fw={600}>{t('leave.waiting', { count: waiting })}</Text>}
          {!!waiting && <Text size="sm">{t('leave.kept')}</Text>}
          {drafts > 0 && (
            <Text fw={600} data-testid="logout-drafts">
              {tu('draft.logout', { count: drafts })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('leave.stay')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setLeaving(true);
                void logout();
              }}
            >
              {t('leave.logoutAnyway')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
