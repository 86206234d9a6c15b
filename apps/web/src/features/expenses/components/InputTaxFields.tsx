import { defaultInputTaxBps, expenseGross, expenseInputTax, formatMoney, PERCENT_INPUT } from '@duka/core';
import { Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import { MoneyInput } from '../../../ui/MoneyInput';
import { StepNumberInput } from '../../../ui/StepNumberInput';
import '../strings';

export interface InputTaxValues {
  input_tax_rate_bps: number | null;
  input_tax_amount: number | null;
  input_tax_inclusive: boolean;
}

/** The optional input tax of an expense (issue 26): none, a rate or an amount, inside the amount or on top. */
export function InputTaxFields({
  amount,
  currency,
  country,
  value,
  onChange,
  error,
}: {
  amount: number;
  currency: string;
  /** The business's country: "Rate" starts at what its suppliers charge (VAT plus levies). */
  country: string | null | undefined;
  value: InputTaxValues;
  onChange: (v: InputTaxValues) => void;
  error?: string;
}) {
  const { t } = useStrings('expenses');
  const mode = value.input_tax_rate_bps !== null ? 'rate' : value.input_tax_amount !== null ? 'amount' : 'none';
  const tax = expenseInputTax({ amount, ...value });
  return (
    <Stack gap={6} data-testid="input-tax">
      <Text size="sm" fw={500}>
        {t('form.inputTax')}
      </Text>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(m) =>
          onChange({ ...value, input_tax_rate_bps: m === 'rate' ? defaultInputTaxBps(country) : null, input_tax_amount: m === 'amount' ? 0 : null })
        }
        data={[
          { value: 'none', label: t('form.inputTaxNone') },
          { value: 'rate', label: t('form.inputTaxRate') },
          { value: 'amount', label: t('form.inputTaxAmount') },
        ]}
      />
      {mode === 'rate' && (
        <StepNumberInput
          label={t('form.inputTaxRatePct')}
          min={PERCENT_INPUT.min}
          max={PERCENT_INPUT.max}
          decimalScale={PERCENT_INPUT.decimals}
          value={(value.input_tax_rate_bps ?? 0) / 100}
          onChange={(v) => onChange({ ...value, input_tax_rate_bps: Math.round((typeof v === 'number' ? v : Number(v) || 0) * 100) })}
          data-testid="input-tax-rate"
        />
      )}
      {mode === 'amount' && (
        <MoneyInput
          label={t('form.inputTaxAmountLabel')}
          value={value.input_tax_amount}
          onChange={(v) => onChange({ ...value, input_tax_amount: v ?? 0 })}
          currency={currency}
          error={error}
        />
      )}
      {mode !== 'none' && (
        <>
          <Checkbox
            label={t('form.inputTaxInclusive')}
            checked={value.input_tax_inclusive}
            onChange={(e) => onChange({ ...value, input_tax_inclusive: e.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed" data-testid="input-tax-amount">
            {t('form.inputTaxIs', {
              tax: formatMoney(tax, currency, { minor: true }),
              gross: formatMoney(expenseGross({ amount, ...value }), currency, { minor: true }),
            })}
          </Text>
        </>
      )}
      {error && mode !== 'amount' && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
