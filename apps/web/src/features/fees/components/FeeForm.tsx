import { bpsToPercentText, DEFAULT_CURRENCY, FEE_DEFAULTS, feeFields, parsePercentBps } from '@duka/core';
import { useRecords, useShowRefusedFields } from '../../../data/sync/hooks';
import { Input, Modal, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { type Fee, saveRecord } from '../../../data/db';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { MoneyInput } from '../../../ui/MoneyInput';
import { toast } from '../../../ui/toast';
import { fieldBinder, focusFirstInvalid, fieldSetter, valueSetter } from '../../../ui/form';
import { RecordFormActions } from '../../../ui/record/RecordFormActions';
import { fieldErrors } from '../../../ui/record/forms';
import '../strings';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';

/** "7.5" → 750 basis points: core's one percentage rule (0 to 100%, the server's limit too); null otherwise. */
export const percentToBps = parsePercentBps;
export const bpsToPercent = bpsToPercentText;

type Values = Pick<Fee, 'name' | 'kind' | 'calculation' | 'inclusive' | 'default_on' | 'subject_to_tax'>;

/**
 * Whether a new fee starts subject to VAT (t18 Z1): yes when the business charges a VAT (a percentage tax above 0%
 * on its Fees tab, i.e. it is VAT-registered), since a fee it charges its customer (delivery, service, packing) is
 * part of its supply and standard-rated; no otherwise. The owner turns it off for a cost passed on untaxed.
 */
export function taxedByDefault(fees: ReadonlyArray<Pick<Fee, 'kind' | 'calculation' | 'percentage_bps'>> | undefined): boolean {
  return (fees ?? []).some((f) => f.kind === 'tax' && f.calculation === 'percentage' && f.percentage_bps > 0);
}

/** Add or edit a tax or fee: a percentage (stored in basis points) or a fixed amount, inclusive or exclusive. */
export function FeeForm({ fee, onClose }: { fee: Fee | null; onClose: () => void }) {
  const { t } = useStrings('fees');
  const phone = useMediaQuery('(max-width: 36em)');
  const currency = parseInvoiceSettings(useCurrentUser()).currency ?? DEFAULT_CURRENCY;
  const fees = useRecords('fees');
  const [values, setValues] = useState<Values>(() => ({ ...FEE_DEFAULTS, name: '', ...fee, subject_to_tax: fee?.subject_to_tax === true }));
  // A new fee follows the business's VAT once the Fees tab is read (an edited one keeps its own choice).
  const [taxChosen, setTaxChosen] = useState(!!fee);
  const taxed = taxChosen ? values.subject_to_tax : taxedByDefault(fees);
  const [rate, setRate] = useState(fee ? bpsToPercent(fee.percentage_bps) : '');
  const [amount, setAmount] = useState<number | null>(fee?.amount ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useShowRefusedFields('fees', fee?.id, setErrors);
  const set = valueSetter(setValues, setErrors);
  const field = fieldBinder(values, fieldSetter(setValues, setErrors), (k) => errors[k]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const pct = values.calculation === 'percentage';
    const bps = pct ? percentToBps(rate) : 0;
    // Only a fee added on top is taxed (a tax, or a fee inside the prices, never).
    const subject_to_tax = values.kind === 'fee' && !values.inclusive && taxed;
    const data = { ...values, subject_to_tax, name: values.name.trim(), percentage_bps: bps ?? 0, amount: pct ? 0 : (amount ?? 0) };
    const errs = fieldErrors(feeFields, data);
    if (pct && bps === null) errs.percentage_bps = t('form.rateInvalid');
    if (!pct && !amount) errs.amount = t('form.amountRequired');
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    await saveRecord('fees', { ...data, id: fee?.id ?? crypto.randomUUID() });
    toast.success(t('form.saved'));
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={fee ? t('form.editTitle') : t('form.newTitle')} fullScreen={!!phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {fee && <ConflictNotice collection="fees" record={fee} />}
          <TextInput label={t('form.name')} placeholder={t('form.namePlaceholder')} required {...field('name')} data-autofocus />
          <Input.Wrapper label={t('form.kind')}>
            <SegmentedControl
              fullWidth
              value={values.kind}
              onChange={(v) => set('kind', v as Values['kind'])}
              data={[
                { value: 'tax', label: t('tax') },
                { value: 'fee', label: t('fee') },
              ]}
            />
          </Input.Wrapper>
          <Input.Wrapper label={t('form.calculation')}>
            <SegmentedControl
              fullWidth
              value={values.calculation}
              onChange={(v) => set('calculation', v as Values['calculation'])}
              data={[
                { value: 'percentage', label: t('form.percentage') },
                { value: 'fixed', label: t('form.fixed') },
              ]}
            />
          </Input.Wrapper>
          {values.calculation === 'percentage' ? (
            <TextInput
              label={t('form.rate')}
              inputMode="decimal"
              required
              value={rate}
              rightSection={<span aria-hidden="true">%</span>}
              onChange={(e) => {
                setRate(e.currentTarget.value);
                setErrors((o) => ({ ...o, percentage_bps: '' }));
              }}
              error={errors.percentage_bps}
            />
          ) : (
            <MoneyInput label={t('form.amount')} required value={amount} onChange={setAmount} currency={currency} error={errors.amount} />
          )}
          <Input.Wrapper label={t('form.inclusive')} description={t('form.inclusiveHint')}>
            <SegmentedControl
              fullWidth
              mt={4}
              value={values.inclusive ? 'inclusive' : 'exclusive'}
              onChange={(v) => set('inclusive', v === 'inclusive')}
              data={[
                { value: 'exclusive', label: t('exclusive') },
                { value: 'inclusive', label: t('inclusive') },
              ]}
            />
          </Input.Wrapper>
          {values.kind === 'fee' && !values.inclusive && (
            <Switch
              label={t('form.subjectToTax')}
              description={t('form.subjectToTaxHint')}
              checked={taxed}
              onChange={(e) => {
                setTaxChosen(true);
                set('subject_to_tax', e.currentTarget.checked);
              }}
            />
          )}
          <Switch label={t('form.defaultOn')} checked={values.default_on} onChange={(e) => set('default_on', e.currentTarget.checked)} />
          <RecordFormActions collection="fees" recordId={fee?.id} onClose={onClose} t={t} deleteText={t('form.deleteText', { name: fee?.name ?? '' })} />
        </Stack>
      </form>
    </Modal>
  );
}
