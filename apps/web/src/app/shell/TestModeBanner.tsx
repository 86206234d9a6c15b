import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { useStrings } from '../../i18n';
import './testModeStrings';

/**
 * Issue 22: while this server takes test payments (the built-in test provider runs, or a provider has test keys),
 * the owner sees it on every screen: such payments move no real money and are marked TEST.
 */
export function TestModeBanner() {
  const { t } = useStrings('testMode');
  const config = useQuery({ queryKey: ['payments', 'config'], queryFn: () => api('GET /payments/config'), staleTime: 10 * 60_000, retry: false });
  if (!config.data?.test_payments) return null;
  return (
    <Alert color="yellow" variant="light" title={t('title')} mb="sm" role="status" data-testid="test-mode-banner">
      {t('body')}
    </Alert>
  );
}
