import './strings';
import type { FiscalCode } from '@duka/core';
import { Select, SimpleGrid } from '@mantine/core';
import { db, type DukaDb } from '../../data/db';
import { useStrings } from '../../i18n';
import { ItemRegistration } from './ItemRegistration';
import { useFiscalCodes } from './useFiscalCodes';

const options = (list: FiscalCode[]) => list.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

/**
 * A catalog item's KRA eTIMS codes (issue 26), for a Kenyan business: the item classification and quantity unit,
 * chosen from the lists the business's control unit gives (KRA's, through the server; TEST MODE's bundled part of
 * them), kept on the device for offline, or the bundled lists until the device has asked once. Stored on the item and
 * sent on every sale of it.
 */
export function ItemCodesPicker({
  itemClass,
  unitCode,
  onChange,
  errors,
  catalogId,
  d = db,
}: {
  itemClass: string;
  unitCode: string;
  onChange: (field: 'item_class' | 'unit_code', value: string) => void;
  errors: Record<string, string>;
  /** An item already saved: its eTIMS item code and registration are shown under the pickers. */
  catalogId?: string;
  d?: DukaDb;
}) {
  const { t } = useStrings('fiscal');
  const { lists, source } = useFiscalCodes(d);
  const withSaved = (list: FiscalCode[], code: string) => (code && !list.some((c) => c.code === code) ? [...list, { code, name: code }] : list);
  return (
    // Keyed by where the lists come from: Select keeps the label it first showed, so it starts again with the new lists.
    <SimpleGrid key={source} cols={{ base: 1, xs: 2 }} spacing="sm">
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
      {catalogId && (
        <div style={{ gridColumn: '1 / -1' }}>
          <ItemRegistration catalogId={catalogId} d={d} />
        </div>
      )}
    </SimpleGrid>
  );
}
