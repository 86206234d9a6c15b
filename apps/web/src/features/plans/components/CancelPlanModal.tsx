import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { cancelPlan } from '../api';
import '../strings';
import { shortDate } from './CurrentPlan';

/** Cancel plan, confirmed first (settings/billing): the plan stops renewing and stays active until `periodEnd`. */
export function CancelPlanModal({
  opened,
  onClose,
  periodEnd,
  onCancelled,
}: {
  opened: boolean;
  onClose: () => void;
  periodEnd: string | null;
  onCancelled: () => void;
}) {
  const { t } = useStrings('plans');
  const [busy, setBusy] = useState(false);

  const confirmCancel = async () => {
    setBusy(true);
    try {
      const { message } = await cancelPlan();
      toast.success(message, 'transactionOrPortal');
      onCancelled();
      onClose();
    } catch {
      toast.danger(t('subscriptionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('cancelTitle')} centered>
      <Text mb="lg">{t('cancelText', { date: periodEnd ? shortDate(periodEnd) : '' })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancelKeep')}
        </Button>
        <Button color="red" onClick={confirmCancel} loading={busy}>
          {t('cancelConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
