import { parseRenumberNotice } from '@duka/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { saveRecord } from '../../../data/db';
import { useStrings } from '../../../i18n';
import '../renumberStrings';

/**
 * An invoice the server renumbered because another device used its number first (issue 27's "renumbering with a
 * notice", t20 H3): says which number it had and which it has now, in the owner's language; OK dismisses it (the
 * server forgets the notice, on every device).
 */
export function RenumberNotice({ invoiceId, notice }: { invoiceId: string; notice: string }) {
  const { t } = useStrings('renumber');
  const numbers = parseRenumberNotice(notice);
  return (
    <Alert color="orange" role="status" data-testid="renumber-notice" title={numbers ? t('title', numbers) : undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          {numbers ? t('body', numbers) : notice}
        </Text>
        <Button size="compact-sm" variant="light" color="orange" onClick={() => void saveRecord('invoices', { id: invoiceId, notice: null })}>
          {t('ok')}
        </Button>
      </Group>
    </Alert>
  );
}
