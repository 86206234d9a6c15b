import '../payAmountStrings';
import { formatMoney, showsMinorUnits } from '@duka/core';
import { useLanguage, useStrings } from '../../../i18n/lite';
import { MoneyInput } from '../../../ui/MoneyInput';
import { payAmountProblem } from '../payAmount';

export { payAmountProblem };

/**
 * The amount field of the public pay page when the owner allows part payments (issue 23 item 10): starts at the
 * balance, read in the customer's language (MoneyInput); every rail shown takes what it says.
 */
export function PayAmountField({
  value,
  onChange,
  balance,
  min,
  currency,
}: {
  value: number | null;
  onChange: (minor: number | null) => void;
  balance: number;
  min: number;
  currency: string;
}) {
  const { t } = useStrings('payAmount');
  const language = useLanguage();
  const problem = payAmountProblem(value, balance, min);
  const floor = Math.min(min, balance);
  // One format in a sentence: once the minimum or the balance has cents, both show them (KSh0.01 … KSh1,900.00).
  const minor = showsMinorUnits([floor, balance], currency);
  const money = (m: number) => formatMoney(m, currency, { language, minor });
  return (
    <MoneyInput
      label={t('label')}
      description={t('hint', { min: money(floor), balance: money(balance) })}
      value={value}
      onChange={onChange}
      currency={currency}
      error={problem ? t(problem, { min: money(floor), balance: money(balance) }) : undefined}
      data-testid="pay-amount"
    />
  );
}
