import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Contact } from '../../../data/db';
import { useStrings } from '../../../i18n';
import '../strings';

/** The editor's client: who the invoice is for, its error, and the button that chooses or changes it. */
export function EditorClientCard({ contact, error, onChoose }: { contact: Contact | null; error?: string; onChoose: () => void }) {
  const { t } = useStrings('invoices');
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('client')}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="chosen-client">
            {contact?.name ?? t('chooseClient')}
          </Text>
          {error && (
            <Text c="red" size="sm" role="alert">
              {t(error)}
            </Text>
          )}
        </Stack>
        <Button variant="light" onClick={onChoose} style={{ flexShrink: 0 }} data-field-error={error ? '' : undefined}>
          {contact ? t('changeClient') : t('chooseClient')}
        </Button>
      </Group>
    </Card>
  );
}
