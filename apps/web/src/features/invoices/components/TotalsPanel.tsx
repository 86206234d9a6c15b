import '../strings';
import '../creditStrings';
import { discountRows, formatMoney, type InvoiceDiscount, type InvoiceTotals } from '@duka/core';
import { discountLabel, feeLabel } from './feeLabel';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useStrings } from '../../../i18n';

/** Subtotal, discount, each tax/fee (inclusive ones marked), total due, paid and balance. */
export function TotalsPanel({
  totals,
  currency,
  showPaid,
  minor,
  credited = 0,
  test,
  totalLabel,
  discount,
  withheld = 0,
}: {
  totals: InvoiceTotals;
  currency: string;
  showPaid?: boolean;
  /** Every amount shows its minor units (the document has kobo or cents somewhere; issue 23). */
  minor?: boolean;
  /** What credit notes took off the invoice (issue 26). */
  credited?: number;
  /**
   * TEST MODE payments (t17 G4): what they took, a line of its own that the balance does not count (no money came in);
   * `refund`: what they took beyond the balance once credit notes count (core testRefundDue, t20 U4), shown after it.
   */
  test?: { paidLabel: string; paid: number; refundLabel?: string; refund?: number };
  /** The total's name where it is not owed: a credit note's total is what it credits (t18 Z3). */
  totalLabel?: string;
  /**
   * The discount as typed: a percentage is named beside its amount, 'Discount (10%)' (t18 Z2); its whole-shillings
   * rounding part reads "Rounding", apart from the discount (core's discountRows).
   */
  discount?: InvoiceDiscount | null;
  /** Tax the client withheld (core withheldOf): settled but no money paid, on a row of its own as on the PDF. */
  withheld?: number;
}) {
  const { t } = useStrings('invoices');
  const { t: tc } = useStrings('credit');
  const m = (v: number) => formatMoney(v, currency, { minor });
  const off = discountRows(discount, totals.discount_total);
  return (
    <Stack gap={4} aria-live="polite" data-testid="totals">
      <Row label={t('subtotal')} value={m(totals.subtotal)} testId="subtotal" />
      {off.discount > 0 && <Row label={discountLabel(t('discount'), discount)} value={m(-off.discount)} testId="discount-total" />}
      {off.rounding > 0 && <Row label={t('rounding')} value={m(-off.rounding)} testId="rounding-total" />}
      {/* Taxes, then fees: a fee is never counted as tax (issue 23); with both, each group has its total. */}
      {(['tax', 'fee'] as const).map((kind) => (
        <Fragment key={kind}>
          {totals.fees
            .filter((f) => (f.kind === 'fee') === (kind === 'fee'))
            .map((f) => (
              <Row
                key={f.fee_id}
                label={`${feeLabel(f.name, f.percentage_bps)} (${f.inclusive ? t('inclusive') : t('exclusive')})${f.subject_to_tax ? ` (${t('taxApplies')})` : ''}`}
                value={m(f.amount)}
                dimmed={f.inclusive}
              />
            ))}
          {totals.tax_total > 0 && totals.fee_total > 0 && (
            <Row
              label={kind === 'tax' ? t('taxTotal') : t('feeTotal')}
              value={m(kind === 'tax' ? totals.tax_total : totals.fee_total)}
              testId={kind === 'tax' ? 'tax-total' : 'fee-total'}
            />
          )}
        </Fragment>
      ))}
      <Divider my={4} />
      <Row label={totalLabel ?? t('totalDue')} value={m(totals.total_due)} strong testId="total-due" />
      {showPaid && (
        <>
          {credited > 0 && <Row label={tc('totalCredited')} value={m(-credited)} testId="credited" />}
          <Row label={t('amountPaid')} value={m(totals.amount_paid - withheld)} />
          {withheld > 0 && <Row label={t('withheld')} value={m(withheld)} testId="withheld" />}
          {test && <Row label={test.paidLabel} value={m(test.paid)} dimmed testId="test-paid" />}
          <Row label={t('balance')} value={m(totals.balance)} strong testId="balance" />
          {/* Credited beyond what was unpaid (issue 26 F2): core's overpayment, owed back to the client. */}
          {totals.credit > 0 && <Row label={tc('refundDue')} value={m(totals.credit)} strong testId="refund-due" />}
          {test?.refund && test.refundLabel ? <Row label={test.refundLabel} value={m(test.refund)} strong testId="test-refund-due" /> : null}
        </>
      )}
    </Stack>
  );
}

function Row({ label, value, strong, dimmed, testId }: { label: string; value: string; strong?: boolean; dimmed?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400} c={dimmed ? 'dimmed' : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={dimmed ? 'dimmed' : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
