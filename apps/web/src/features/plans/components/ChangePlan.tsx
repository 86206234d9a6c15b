import type { SubscriptionInfo } from '@duka/core';
import { Button } from '@mantine/core';
import { useStrings } from '../../../i18n';
import '../strings';
import { loadChangePlanModal, useDialogOnDemand } from './onDemand';

/** A plan that is being paid for (active or past due): the one Change Plan and Cancel plan act on. */
export function isRunning(sub: SubscriptionInfo | undefined): sub is SubscriptionInfo {
  return !!sub && (sub.status === 'active' || sub.status === 'past_due') && sub.paid;
}

/**
 * Change Plan (SPEC modal 5) on plan/subscribe and settings/billing: its button and its dialog, whose code loads when
 * first opened (issue 30: the pages stay within their 40 KB without Mantine's Modal stack).
 */
export function useChangePlan(sub: SubscriptionInfo | undefined, onChanged: () => void) {
  const { t } = useStrings('plans');
  const changing = useDialogOnDemand(loadChangePlanModal);
  const button = (disabled?: boolean) => (
    <Button onClick={changing.open} loading={changing.loading} disabled={disabled}>
      {t('changePlan')}
    </Button>
  );
  const dialog = changing.Dialog && (
    <changing.Dialog
      opened={changing.opened}
      onClose={changing.close}
      current={sub?.intent ?? null}
      periodEnd={sub?.current_period_end ?? null}
      onChanged={onChanged}
    />
  );
  return { button, dialog };
}
