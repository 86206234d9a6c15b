import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useStrings } from '../../../i18n';
import type { PayoutDetailsInput } from '../lib/api';
import '../strings';
import { FormAlert, SubmitButton } from '../../../ui/form';

/** Payout details: a bank account or a mobile-money number. Errors come back from the server per field. */
export function PayoutForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial?: PayoutDetailsInput;
  submitLabel: string;
  onSubmit: (input: PayoutDetailsInput) => Promise<void>;
}) {
  const { t } = useStrings('affiliates');
  const [v, setV] = useState<PayoutDetailsInput>(initial ?? { payout_method: 'bank' });
  const { errors, busy, run } = useFormSubmit();
  const field = (key: keyof PayoutDetailsInput, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={(v[key] as string | undefined) ?? ''}
      onChange={(e) => setV({ ...v, [key]: e.currentTarget.value })}
      error={errors[key]}
      withAsterisk
      {...extra}
    />
  );
  const submit = () =>
    run(() =>
      onSubmit(
        v.payout_method === 'bank'
          ? { payout_method: 'bank', bank_name: v.bank_name, account_name: v.account_name, account_number: v.account_number }
          : { payout_method: 'mobile_money', mobile_provider: v.mobile_provider, mobile_number: v.mobile_number },
      ),
    );
  return (
    <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <FormAlert message={errors.form} />
      <div>
        <Text size="sm" fw={500} mb={4} id="payout-method">
          {t('register.method')}
        </Text>
        <SegmentedControl
          aria-labelledby="payout-method"
          fullWidth
          value={v.payout_method}
          onChange={(m) => setV({ ...v, payout_method: m as PayoutDetailsInput['payout_method'] })}
          data={[
            { value: 'bank', label: t('register.bank') },
            { value: 'mobile_money', label: t('register.mobile') },
          ]}
        />
      </div>
      {v.payout_method === 'bank' ? (
        <>
          {field('bank_name', t('register.bankName'))}
          {field('account_name', t('register.accountName'))}
          {field('account_number', t('register.accountNumber'), { inputMode: 'numeric' })}
        </>
      ) : (
        <>
          {field('mobile_provider', t('register.provider'), { description: t('register.providerHint') })}
          {field('mobile_number', t('register.number'), { type: 'tel' })}
        </>
      )}
      <SubmitButton pending={busy}>{submitLabel}</SubmitButton>
    </Stack>
  );
}
