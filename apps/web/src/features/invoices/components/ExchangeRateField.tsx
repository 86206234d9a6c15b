import '../strings';
import { TextInput } from '@mantine/core';
import { useStrings } from '../../../i18n';
import { latestRate } from '../../../ui/exchangeRate';
import type { EditorErrors, EditorState } from '../lib/editor';

/**
 * t19 N5: an invoice in another currency than the business's asks for the exchange rate of its day (1 USD = … NGN):
 * the VAT return counts its VAT in the business's currency at this rate. Shown only for such an invoice.
 */
export function ExchangeRateField({
  state,
  home,
  errors,
  onChange,
}: {
  state: EditorState;
  home: string;
  errors: EditorErrors;
  onChange: (p: Partial<EditorState>) => void;
}) {
  const { t } = useStrings('invoices');
  if (state.currency === home) return null;
  return (
    <TextInput
      label={t('exchangeRate', { from: state.currency, to: home })}
      description={t('exchangeRateHelp', { to: home })}
      inputMode="decimal"
      value={state.rateText ?? ''}
      onChange={(e) => onChange({ rateText: e.currentTarget.value })}
      error={errors.rate ? t(errors.rate, { from: state.currency, to: home }) : undefined}
      data-field-error={errors.rate ? '' : undefined}
      data-testid="exchange-rate"
    />
  );
}

/** The rate last entered on an invoice in this currency (newest issue date first): the default of a new one. */
export function lastRate(
  invoices: ReadonlyArray<{ currency: string; issue_date: string; exchange_rate?: number | null }> | undefined,
  currency: string,
): string {
  return latestRate(invoices, currency, (i) => i.issue_date);
}
