import { Button } from '@mantine/core';
import { upgradePath } from '@duka/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { SettingsNav } from '../SettingsNav';
import '../strings';

/** settings/billing: an empty state until plans arrive. */
export default function BillingSettingsPage() {
  const { t } = useStrings('settings');
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('billing.title')} />
      <SettingsNav />
      <EmptyState
        title={t('billing.empty')}
        action={
          <Button component={Link} to={upgradePath(user?.country)} variant="light">
            {t('billing.seePlans')}
          </Button>
        }
      >
        {t('billing.emptyText')}
      </EmptyState>
    </>
  );
}
