import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { registerStrings, useStrings } from '../i18n';

registerStrings('common', {
  routeErrorTitle: 'This page could not be opened',
  routeErrorText: 'The app may have been updated, or the connection dropped while loading. Nothing you saved is lost.',
  reload: 'Reload',
});

/** Shown instead of React Router's default error page, e.g. when a page chunk fails to load after an update. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useStrings('common');
  console.error(error);
  return (
    <Stack align="center" p="xl" ta="center" role="alert">
      <Title order={1} size="h3">
        {t('routeErrorTitle')}
      </Title>
      <Text c="dimmed">{t('routeErrorText')}</Text>
      <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
    </Stack>
  );
}
