import '../strings';
import { formatMoney } from '@duka/core';
import { Center, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CatalogItem } from '../../../data/db';
import { useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { useUnitWords } from '../../catalog/units';

/** Pick a catalog item to add as a line (search by name or SKU). */
export function CatalogPickerModal({
  opened,
  onClose,
  onPick,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (item: CatalogItem) => void;
  currency: string;
}) {
  const { t } = useStrings('invoices');
  const { label: unitLabel } = useUnitWords();
  const items = useRecords('catalogs');
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (items ?? [])
      .filter((i) => i.active !== false && (!needle || i.name.toLowerCase().includes(needle) || (i.sku ?? '').toLowerCase().includes(needle)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, 200);
  }, [items, q]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('addFromCatalog')}>
      <Stack gap="xs">
        <TextInput
          type="search"
          data-autofocus
          placeholder={t('catalogSearch')}
          aria-label={t('catalogSearch')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        {!items ? (
          <Center py="md">
            <Loader role="status" aria-label={t('loading')} />
          </Center>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" role="status">
            {t('catalogEmpty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh">
            <Stack gap={4} role="list">
              {shown.map((item) => (
                <UnstyledButton
                  key={item.id}
                  role="listitem"
                  onClick={() => onPick(item)}
                  p="xs"
                  style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' }}
                  data-testid="catalog-option"
                >
                  <Text fw={500}>{item.name}</Text>
                  <Text size="sm" c="dimmed">
                    {formatMoney(item.unit_price, currency)}
                    {item.unit ? ` / ${unitLabel(item.unit)}` : ''}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
