import './strings';
import { type OnlinePaySettings as Settings, PAY_CHANNELS, paystackFeeForCustomer, formatMoney } from '@duka/core';
import { Checkbox, Stack, Switch, Text } from '@mantine/core';
import { useStrings } from '../../i18n';

/**
 * Invoice settings: the ways a customer may pay a naira invoice on the Paystack checkout, and whether the
 * customer bears Paystack's processing fee (shown as its own line before paying).
 */
export function OnlinePaySettings({ value, onChange, error }: { value: Settings; onChange: (next: Settings) => void; error?: string }) {
  const { t } = useStrings('paystack');
  const example = 1_000_000;
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600}>{t('settingsTitle')}</Text>
        <Text fz="sm" c="dimmed">
          {t('settingsIntro')}
        </Text>
      </div>
      <Checkbox.Group
        label={t('channelsLabel')}
        value={value.pay_channels}
        onChange={(v) => onChange({ ...value, pay_channels: PAY_CHANNELS.filter((c) => v.includes(c)) })}
        error={error}
      >
        <Stack gap={6} mt={6}>
          {PAY_CHANNELS.map((c) => (
            <Checkbox key={c} value={c} label={t(`channel.${c}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('customerPaysFee')}
        description={t('customerPaysFeeHint', { example: formatMoney(example, 'NGN'), fee: formatMoney(paystackFeeForCustomer(example), 'NGN') })}
        checked={value.customer_pays_fee}
        onChange={(e) => onChange({ ...value, customer_pays_fee: e.currentTarget.checked })}
      />
    </Stack>
  );
}
