import './strings';
import { type FiscalCode, TEST_CODE_LISTS } from '@duka/core';
import { Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { useSyncState } from '../../data/sync/hooks';
import { useStrings } from '../../i18n';

const options = (list: FiscalCode[]) => list.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

/**
 * A catalog item's KRA eTIMS codes (issue 26), for a Kenyan business: the item classification and quantity unit,
 * chosen from the lists the business's control unit gives (KRA's, through the server; TEST MODE's bundled part of
 * them), or the bundled lists while offline. Stored on the item and sent on every sale of it.
 */
export function ItemCodesPicker({
  itemClass,
  unitCode,
  onChange,
  errors,
}: {
  itemClass: string;
  unitCode: string;
  onChange: (field: 'item_class' | 'unit_code', value: string) => void;
  errors: Record<string, string>;
}) {
  const { t } = useStrings('fiscal');
  const { online } = useSyncState();
  const q = useQuery({ queryKey: ['fiscal', 'codes'], queryFn: () => api('GET /fiscal/codes'), enabled: online, staleTime: 3600_000, retry: 1 });
  const lists = q.data && q.data.item_classes.length ? q.data : TEST_CODE_LISTS;
  const withSaved = (list: FiscalCode[], code: string) => (code && !list.some((c) => c.code === code) ? [...list, { code, name: code }] : list);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label={t('itemClass')}
        description={t('itemClassHint')}
        placeholder={t('codeNone')}
        searchable
        clearable
        nothingFoundMessage={t('codeNotFound')}
        data={options(withSaved(lists.item_classes, itemClass))}
        value={itemClass || null}
        onChange={(v) => onChange('item_class', v ?? '')}
        error={errors.item_class}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('unitCode')}
        description={t('unitCodeHint')}
        placeholder={t('codeNone')}
        searchable
        clearable
        nothingFoundMessage={t('codeNotFound')}
        data={options(withSaved(lists.units, unitCode))}
        value={unitCode || null}
        onChange={(v) => onChange('unit_code', v ?? '')}
        error={errors.unit_code}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
