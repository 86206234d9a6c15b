import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { DeleteAccountModal } from '../../../ui/DeleteAccountModal';
import { toast } from '../../../ui/toast';
import { deleteAccount } from '../api';
import { logout, unsyncedAfterLastSync } from '../logout';
import '../strings';

/**
 * SPEC §4: confirm, call DELETE /users/delete, and on success log out; on failure the server message for 3.5 s.
 * Before deleting, one last sync: changes that still did not reach the server are counted and the dialog
 * says they go with the account (Stay / Delete anyway) — issue 14 item 1.
 */
export function DeleteAccountDialog({ opened, onClose: close }: { opened: boolean; onClose: () => void }) {
  const { t } = useStrings('accounts');
  const [busy, setBusy] = useState(false);
  const [unsynced, setUnsynced] = useState(0);
  const onClose = () => {
    setUnsynced(0);
    close();
  };
  async function confirm() {
    setBusy(true);
    try {
      if (!unsynced) {
        const left = await unsyncedAfterLastSync().catch(() => 0);
        if (left) {
          setUnsynced(left);
          setBusy(false);
          return;
        }
      }
      await deleteAccount();
      await logout({ forget: true });
    } catch (err) {
      toast.error(err, t('deleteFailed'), 'resetOrDelete');
      setBusy(false);
    }
  }
  return <DeleteAccountModal opened={opened} onClose={onClose} onConfirm={confirm} busy={busy} unsynced={unsynced} />;
}
