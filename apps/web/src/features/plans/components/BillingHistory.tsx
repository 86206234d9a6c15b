import { type BillingPayment, formatPlanMoney } from '@duka/core';
import { Badge } from '@mantine/core';
import { useStrings } from '../../../i18n';
import '../strings';
import { paymentDescription } from '../planText';
import classes from './BillingHistory.module.css';
import { shortDate } from './CurrentPlan';

/** settings/billing's payment history: date, what was paid for (TEST for a test payment), amount (a refund negative). */
export function BillingHistory({ payments }: { payments: BillingPayment[] }) {
  const { t } = useStrings('plans');
  return (
    <div className={classes.scroll}>
      <table className={classes.table} data-testid="billing-history">
        <thead>
          <tr>
            <th>{t('date')}</th>
            <th>{t('description')}</th>
            <th className={classes.amount}>{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <td>{shortDate(p.created_at)}</td>
              <td>
                {paymentDescription(t, p)}
                {p.test && (
                  <Badge ml="xs" size="xs" color="yellow" variant="light">
                    TEST
                  </Badge>
                )}
              </td>
              <td className={classes.amount}>{formatPlanMoney(p.kind === 'refund' ? -p.amount : p.amount, p.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
