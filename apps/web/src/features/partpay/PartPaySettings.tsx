import './strings';
import { formatMoney, partPayFloor } from '@duka/core';
import { NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useStrings } from '../../i18n';
import { MoneyInput } from '../../ui/MoneyInput';

export interface PartPaySettingsValue {
  part_payments: boolean;
  /** Minor units; null: the currency's least part payment (core partPayFloor). */
  part_payment_min: number | null;
}

/** Invoice settings: whether customers may pay part of an invoice online, and the least part (issue 23 item 10). */
export function PartPaySettings({
  value,
  onChange,
  currency,
}: {
  value: PartPaySettingsValue;
  onChange: (next: PartPaySettingsValue) => void;
  currency: string;
}) {
  const { t } = useStrings('partpay');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('title')}</Text>
      <Switch
        label={t('allow')}
        description={t('allowHint')}
        checked={value.part_payments}
        onChange={(e) => onChange({ ...value, part_payments: e.currentTarget.checked })}
        data-testid="part-payments"
      />
      {value.part_payments && (
        <MoneyInput
          label={t('min')}
          description={t('minHint', { floor: formatMoney(partPayFloor(currency), currency) })}
          value={value.part_payment_min}
          onChange={(minor) => onChange({ ...value, part_payment_min: minor })}
          currency={currency}
          maw={280}
          data-testid="part-payment-min"
        />
      )}
    </Stack>
  );
}

/** The invoice editor's own say (null: the business setting), issue 23 item 10. */
export function InvoicePartPaySelect({
  value,
  onChange,
  businessAllows,
}: {
  value: boolean | null;
  onChange: (v: boolean | null) => void;
  businessAllows: boolean;
}) {
  const { t } = useStrings('partpay');
  return (
    <NativeSelect
      label={t('invoiceLabel')}
      value={value === null ? 'default' : value ? 'on' : 'off'}
      onChange={(e) => onChange(e.currentTarget.value === 'default' ? null : e.currentTarget.value === 'on')}
      data={[
        { value: 'default', label: businessAllows ? t('invoiceDefaultOn') : t('invoiceDefaultOff') },
        { value: 'on', label: t('invoiceOn') },
        { value: 'off', label: t('invoiceOff') },
      ]}
      data-testid="invoice-part-payments"
    />
  );
}
