import { Alert } from '@mantine/core';
import { useStrings } from '../../../i18n';
import { useOnline } from '../api';
import '../strings';

/** Said plainly on every paying screen when there is no connection. */
export function OfflineNote() {
  const { t } = useStrings('plans');
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="status" data-testid="offline-note">
      {t('offline')}
    </Alert>
  );
}
