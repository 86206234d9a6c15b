import './strings';
import {
  businessFiscalises,
  catalogEtimsProblems,
  catalogItemType,
  catalogPackagingUnit,
  type CatalogEtimsProblem,
  ETIMS_ITEM_TYPES,
  type FiscalCode,
  type FiscalCodeLists,
} from '@duka/core';
import { Select, SimpleGrid } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type DukaDb } from '../../data/db';
import { useStrings } from '../../i18n';
import { ItemRegistration } from './ItemRegistration';
import { fiscalModeOnDevice } from './mode';
import { useFiscalCodes } from './useFiscalCodes';

const options = (list: FiscalCode[]) => list.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
/** A code the item already has stays offered (and valid) when the lists at hand lack it (other lists, offline). */
const withSaved = (list: FiscalCode[], code: string | null | undefined) =>
  code && !list.some((c) => c.code === code) ? [...list, { code, name: code }] : list;

/** The eTIMS fields of a catalog item, as the form holds them ('' for the type and packaging: core's defaults). */
export interface EtimsItemValues {
  item_class: string;
  unit_code: string;
  item_type: string;
  packaging_unit: string;
  /** The catalog unit (hour, bag…): an item sold by the hour, day or service is a service by default. */
  unit: string;
}
export type EtimsField = 'item_class' | 'unit_code' | 'item_type' | 'packaging_unit';

const PROBLEM_KEYS: Record<CatalogEtimsProblem, string> = {
  item_class_required: 'errItemClassRequired',
  item_class_unknown: 'errItemClassUnknown',
  item_type_unknown: 'errItemTypeUnknown',
  packaging_unit_unknown: 'errPackagingUnknown',
  unit_code_unknown: 'errUnitUnknown',
};

/**
 * Whether the catalog form asks for the eTIMS fields (issue 26): when the business's sales go to KRA eTIMS or are
 * signed in TEST MODE, as the server last said (GET /state); before the device has heard it, by the country
 * (a Kenyan business). `check` runs core's catalogEtimsProblems against the lists the pickers offer (the item's
 * saved codes count as offered) and gives each field its message in the owner's language.
 */
export function useEtimsItemForm(country: string | null | undefined, d: DukaDb = db) {
  const { t } = useStrings('fiscal');
  const mode = useLiveQuery(() => fiscalModeOnDevice(d), [d]);
  const shown = mode === 'test' || mode === 'etims' || (mode === null && businessFiscalises(country));
  // A new Kenyan shop in TEST MODE can add an item before choosing its class (it goes under KRA's generic class
  // until then); once sales go to KRA itself the class is required.
  const classRequired = mode === 'etims';
  const { lists } = useFiscalCodes(d, shown);
  const check = (v: Omit<EtimsItemValues, 'unit'>, saved?: Partial<EtimsItemValues> | null): Record<string, string> => {
    if (!shown) return {};
    const offered: Pick<FiscalCodeLists, 'item_classes' | 'packaging_units' | 'units'> = {
      item_classes: withSaved(lists.item_classes, saved?.item_class),
      packaging_units: withSaved(lists.packaging_units, saved?.packaging_unit),
      units: withSaved(lists.units, saved?.unit_code),
    };
    const problems = catalogEtimsProblems(v, offered, { classRequired });
    return Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, t(PROBLEM_KEYS[p])]));
  };
  return { shown, check, classRequired };
}

/**
 * A catalog item's KRA eTIMS codes (issue 26), for a business whose sales go to KRA (or TEST MODE): what kind of
 * item it is (the item classification, searchable), its item type (raw material, finished product, service), its
 * packaging and quantity units, chosen from the lists the business's control unit gives (KRA's, through the server;
 * TEST MODE's bundled part of them), kept on the device for offline, or the bundled lists until the device has asked
 * once. Stored on the item, registered with KRA (saveItem) and sent on every sale of it.
 */
export function ItemCodesPicker({
  values,
  onChange,
  errors,
  catalogId,
  d = db,
  classRequired = true,
}: {
  values: EtimsItemValues;
  onChange: (field: EtimsField, value: string) => void;
  errors: Record<string, string>;
  /** An item already saved: its eTIMS item code and registration are shown under the pickers. */
  catalogId?: string;
  d?: DukaDb;
  /** The class must be chosen (sales go to KRA itself); optional in TEST MODE. */
  classRequired?: boolean;
}) {
  const { t } = useStrings('fiscal');
  const { lists, source } = useFiscalCodes(d);
  const types = Object.values(ETIMS_ITEM_TYPES).map((code) => ({ value: code, label: `${code} · ${t(`itemType${code}`)}` }));
  // '' keeps core's default (service for service units, NT): shown as chosen, saved only once the owner changes it.
  const shownType = catalogItemType(values);
  const shownPackaging = catalogPackagingUnit(values);
  return (
    // Keyed by where the lists come from: Select keeps the label it first showed, so it starts again with the new lists.
    <SimpleGrid key={source} cols={{ base: 1, xs: 2 }} spacing="sm">
      <div style={{ gridColumn: '1 / -1' }}>
        <Select
          label={t('itemClass')}
          description={t('itemClassHint')}
          placeholder={t('codeNone')}
          required={classRequired}
          searchable
          clearable
          nothingFoundMessage={t('codeNotFound')}
          data={options(withSaved(lists.item_classes, values.item_class))}
          value={values.item_class || null}
          onChange={(v) => onChange('item_class', v ?? '')}
          error={errors.item_class}
          comboboxProps={{ withinPortal: true }}
        />
      </div>
      <Select
        label={t('itemType')}
        description={t('itemTypeHint')}
        data={types}
        value={shownType}
        allowDeselect={false}
        onChange={(v) => onChange('item_type', v ?? '')}
        error={errors.item_type}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('packagingUnit')}
        description={t('packagingUnitHint')}
        searchable
        nothingFoundMessage={t('codeNotFound')}
        data={options(withSaved(lists.packaging_units, shownPackaging))}
        value={shownPackaging}
        allowDeselect={false}
        onChange={(v) => onChange('packaging_unit', v ?? '')}
        error={errors.packaging_unit}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('unitCode')}
        description={t('unitCodeHint')}
        placeholder={t('codeNone')}
        searchable
        clearable
        nothingFoundMessage={t('codeNotFound')}
        data={options(withSaved(lists.units, values.unit_code))}
        value={values.unit_code || null}
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
