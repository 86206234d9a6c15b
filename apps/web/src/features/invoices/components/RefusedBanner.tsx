import '../refusedStrings';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { syncEngine } from '../../../data/sync/engine';
import { useRefusalText } from '../../../data/sync/refusalText';
import { useStrings } from '../../../i18n';
import { pagePaths } from '../../../paths';
import type { RefusedChange } from '../lib/refusedChange';

/**
 * "Your change was not saved: <the server's reason> [Review] [Discard]" above an invoice whose change the server refused
 * (t19 N6). The page shows the server's copy under it; Review opens the refused change in the editor (nothing the owner
 * typed is lost), Discard drops it.
 */
export function RefusedBanner({ refused, invoiceId }: { refused: RefusedChange; invoiceId: string }) {
  const { t } = useStrings('refused');
  const reasonOf = useRefusalText();
  const [busy, setBusy] = useState(false);
  const { mutation, server } = refused;
  return (
    <Alert color="red" title={t('title')} data-testid="refused-change" role="alert">
      <Text size="sm">{t('body', { reason: reasonOf(mutation) })}</Text>
      <Text size="sm" mt={4}>
        {server === undefined ? t('notShown') : server ? t('shown') : ''}
      </Text>
      <Group mt="sm" gap="xs">
        {mutation.op === 'upsert' && (
          <Button size="xs" variant="default" component={Link} to={pagePaths.newInvoice({ id: invoiceId })}>
            {t('review')}
          </Button>
        )}
        <Button
          size="xs"
          color="red"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void syncEngine.discard(mutation).finally(() => setBusy(false));
          }}
        >
          {t('discard')}
        </Button>
      </Group>
    </Alert>
  );
}
