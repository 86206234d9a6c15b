import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { useStrings } from '../../i18n';
import { takeTestModeAhead, testModeAheadNow } from './testModeAhead';
import './testModeStrings';

/**
 * Issue 22: while this server takes test payments (the built-in test provider runs, or a provider has test keys),
 * the owner sees it on every screen: such payments move no real money and are marked TEST.
 */
export function TestModeBanner() {
  const { t } = useStrings('testMode');
  // On the client list the early script has asked already (testModeAhead.ts): known at the first draw, no shift.
  const early = testModeAheadNow() ?? undefined;
  const config = useQuery({
    queryKey: ['payments', 'config'],
    queryFn: async () => (await takeTestModeAhead()) ?? api('GET /payments/config'),
    initialData: early,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!config.data?.test_payments) return null;
  return (
    // Dark text on the light yellow: Mantine's yellow title (#e67700 on #fff3bf) is 2.7:1, under WCAG's 4.5:1.
    <Alert
      color="yellow"
      variant="light"
      title={t('title')}
      mb="sm"
      role="status"
      data-testid="test-mode-banner"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' }, message: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {t('body')}
    </Alert>
  );
}
