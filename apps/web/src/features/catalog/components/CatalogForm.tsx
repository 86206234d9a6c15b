import { CATALOG_DEFAULTS, catalogFields, DEFAULT_CURRENCY } from '@duka/core';
import { useShowRefusedFields } from '../../../data/sync/hooks';
import { Autocomplete, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { type CatalogItem, saveRecord } from '../../../data/db';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { MoneyInput } from '../../../ui/MoneyInput';
import { toast } from '../../../ui/toast';
import { fieldBinder, focusFirstInvalid, fieldSetter, valueSetter } from '../../../ui/form';
import { RecordFormActions } from '../../../ui/record/RecordFormActions';
import { fieldErrors } from '../../../ui/record/forms';
import '../strings';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';
import { ItemCodesPicker, useEtimsItemForm } from '../../fiscal/ItemCodesPicker';
import { useUnitWords } from '../units';

type Values = Pick<
  CatalogItem,
  'name' | 'description' | 'unit_price' | 'unit' | 'sku' | 'active' | 'barcode' | 'track_stock' | 'item_class' | 'unit_code' | 'item_type' | 'packaging_unit'
>;

/** Add or edit a catalog item (name required; price in minor units through the money input). */
export function CatalogForm({ item, onClose }: { item: CatalogItem | null; onClose: () => void }) {
  const { t } = useStrings('catalog');
  const phone = useMediaQuery('(max-width: 36em)');
  const user = useCurrentUser();
  const currency = parseInvoiceSettings(user).currency ?? DEFAULT_CURRENCY;
  const [values, setValues] = useState<Values>(() => ({ ...CATALOG_DEFAULTS, name: '', ...item }));
  const [price, setPrice] = useState<number | null>(item?.unit_price ?? null);
  // Stock (issue 28): a cost price and the level at or under which the item is flagged low.
  const [cost, setCost] = useState<number | null>(item?.cost_price || null);
  const [low, setLow] = useState(item?.low_stock_level == null ? '' : String(item.low_stock_level));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useShowRefusedFields('catalogs', item?.id, setErrors);
  const set = valueSetter(setValues, setErrors);
  const units = useUnitWords();
  // KRA eTIMS (issue 26): the item's class, type and units, asked when the business's sales go to KRA (or TEST MODE).
  const etims = useEtimsItemForm(user?.country);
  const field = fieldBinder(values, fieldSetter(setValues, setErrors), (k) => errors[k]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const lowLevel = low.trim() === '' ? null : Number(low.replace(',', '.'));
    const data = {
      name: values.name,
      description: values.description,
      unit_price: price ?? 0,
      unit: values.unit,
      sku: values.sku,
      active: values.active,
      barcode: values.barcode ?? '',
      track_stock: !!values.track_stock,
      low_stock_level: lowLevel !== null && Number.isNaN(lowLevel) ? -1 : lowLevel,
      cost_price: cost ?? 0,
      item_class: values.item_class ?? '',
      unit_code: values.unit_code ?? '',
      item_type: values.item_type ?? '',
      packaging_unit: values.packaging_unit ?? '',
    };
    const errs = { ...fieldErrors(catalogFields, data), ...etims.check(data, item) };
    // An empty price is asked for, not saved as 0: the item would sell for nothing at the counter (t24 F3).
    if (price === null) errs.unit_price = t('form.priceRequired');
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    await saveRecord('catalogs', { ...data, name: data.name.trim(), id: item?.id ?? crypto.randomUUID() });
    toast.success(t('form.saved'));
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={item ? t('form.editTitle') : t('form.newTitle')} fullScreen={!!phone} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {item && <ConflictNotice collection="catalogs" record={item} />}
          <TextInput label={t('form.name')} required {...field('name')} data-autofocus />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <MoneyInput label={t('form.price')} value={price} onChange={setPrice} currency={currency} error={errors.unit_price} />
            <Autocomplete
              label={t('form.unit')}
              placeholder={t('form.unitHint')}
              data={units.options}
              value={units.label(values.unit)}
              onChange={(v) => set('unit', units.stored(v))}
              error={errors.unit}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('form.sku')} {...field('sku')} />
            <TextInput label={t('form.barcode')} value={values.barcode ?? ''} onChange={(e) => set('barcode', e.currentTarget.value)} error={errors.barcode} />
          </SimpleGrid>
          <Switch label={t('form.trackStock')} checked={!!values.track_stock} onChange={(e) => set('track_stock', e.currentTarget.checked)} />
          {values.track_stock && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('form.lowStockLevel')}
                inputMode="decimal"
                value={low}
                onChange={(e) => setLow(e.currentTarget.value)}
                error={errors.low_stock_level}
              />
              <MoneyInput label={t('form.costPrice')} value={cost} onChange={setCost} currency={currency} error={errors.cost_price} />
            </SimpleGrid>
          )}
          {etims.shown && (
            <ItemCodesPicker
              classRequired={etims.classRequired}
              values={{
                item_class: values.item_class ?? '',
                unit_code: values.unit_code ?? '',
                item_type: values.item_type ?? '',
                packaging_unit: values.packaging_unit ?? '',
                unit: values.unit,
              }}
              onChange={(k, v) => set(k, v)}
              errors={errors}
              catalogId={item?.id}
            />
          )}
          <Textarea label={t('form.description')} autosize minRows={2} {...field('description')} />
          <Switch label={t('form.active')} checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          <RecordFormActions collection="catalogs" recordId={item?.id} onClose={onClose} t={t} deleteText={t('form.deleteText', { name: item?.name ?? '' })} />
        </Stack>
      </form>
    </Modal>
  );
}
