import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { DeleteAccountModal } from '../../../ui/DeleteAccountModal';
import { toast } from '../../../ui/toast';
import { deleteAccount, serverMessage } from '../api';
import { logout } from '../logout';
import '../strings';

/** SPEC §4: confirm, call DELETE /users/delete, and on success log out; on failure the server message for 3.5 s. */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useStrings('accounts');
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await deleteAccount();
      await logout();
    } catch (err) {
      toast.danger(serverMessage(err) ?? t('deleteFailed'), 3500);
      setBusy(false);
    }
  }
  return <DeleteAccountModal opened={opened} onClose={onClose} onConfirm={confirm} busy={busy} />;
}
