import '../strings';
import {
  checkRule,
  formatDate,
  formatMoney,
  INVOICE_PAYMENT_METHODS,
  type InvoicePaymentMethod,
  paymentDateProblem,
  paymentFutureProblem,
  paymentInputSchema,
  REFERENCE_MAX,
} from '@duka/core';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useStrings } from '../../../i18n';
import type { Invoice } from '../lib/model';
import { MoneyInput } from '../../../ui/MoneyInput';
import { fieldBinder, fieldSetter, CancelAndSubmit } from '../../../ui/form';
import { todayForBusiness } from '../../../data/today';

/**
 * Problems with a payment to record, by core's payment rules (partial allowed, never more than the balance,
 * core's recordPaymentCommand; never dated before the invoice's issue date, core's paymentDateProblem). Values are i18n keys.
 */
export function paymentErrors(amount: number | null, balance: number, date: string, issueDate?: string, today?: string): Record<string, string> {
  const e: Record<string, string> = {};
  if (amount === null || checkRule(paymentInputSchema.shape.amount, amount)) e.amount = 'amountRequired';
  else if (amount > balance) e.amount = 'amountTooHigh';
  if (checkRule(paymentInputSchema.shape.date, date)) e.date = 'paymentDateRequired';
  else if (paymentDateProblem(date, issueDate)) e.date = 'paymentBeforeIssue';
  // Never after the business's today (t19: a payment dated 2031 was taken): core's paymentFutureProblem.
  else if (paymentFutureProblem(date, today)) e.date = 'paymentInFuture';
  return e;
}

/**
 * Record a payment: amount (defaults to the balance), method, date and reference. With `refundDue` (t21 R1): record
 * the refund paid out to the client instead, at most the refund due (core's recordPaymentCommand with `refund`).
 */
type Props = {
  opened: boolean;
  onClose: () => void;
  invoice: Invoice;
  refundDue?: number;
  onSave: (p: { amount: number; method: InvoicePaymentMethod; date: string; reference: string; refund?: true }) => Promise<void>;
};

export function PaymentModal(props: Props) {
  const { t } = useStrings('invoices');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t(props.refundDue ? 'recordRefund' : 'recordPayment')} centered>
      <PaymentForm {...props} />
    </Modal>
  );
}

/** Mounted at each opening (Modal renders children only while open), so it starts fresh. */
function PaymentForm({ onClose, invoice, onSave, refundDue }: Props) {
  const { t } = useStrings('invoices');
  // A refund is at most the refund due; a payment at most the balance (the same check, on another ceiling).
  const most = refundDue ?? invoice.balance;
  const [amount, setAmount] = useState<number | null>(most);
  const [method, setMethod] = useState<InvoicePaymentMethod>('cash');
  const [initialDate] = useState(todayForBusiness);
  const [form, setForm] = useState(() => ({ date: initialDate, reference: '' }));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  const { date } = form;
  // The date is checked as soon as it is changed: a day before the invoice's issue date is refused before sending.
  const errors = tried || date !== initialDate ? paymentErrors(amount, most, date, invoice.issue_date, initialDate) : {};
  const errorOf = (k: string) => {
    const key = refundDue && errors[k] === 'amountTooHigh' ? 'refundTooHigh' : errors[k];
    return key ? t(key, { balance: formatMoney(most, invoice.currency), issued: formatDate(invoice.issue_date), today: formatDate(initialDate) }) : undefined;
  };
  const field = fieldBinder(form, fieldSetter(setForm), errorOf);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(paymentErrors(amount, most, date, invoice.issue_date, initialDate)).length || amount === null) return;
    setSaving(true);
    try {
      await onSave({ amount, method, date, reference: form.reference.trim(), ...(refundDue ? { refund: true as const } : {}) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <MoneyInput
          label={t('amount')}
          data-autofocus
          name="amount"
          currency={invoice.currency}
          value={amount}
          onChange={setAmount}
          error={errorOf('amount')}
        />
        <Select
          label={t('method')}
          value={method}
          allowDeselect={false}
          onChange={(v) => v && setMethod(v as InvoicePaymentMethod)}
          // A refund is money paid out: never tax withheld.
          data={INVOICE_PAYMENT_METHODS.filter((m) => !refundDue || m !== 'withholding').map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          description={method === 'withholding' ? t('withholdingHint') : undefined}
        />
        <TextInput type="date" label={t('date')} min={invoice.issue_date} max={initialDate} {...field('date')} />
        <TextInput label={t('reference')} {...field('reference')} maxLength={REFERENCE_MAX} />
        <CancelAndSubmit cancel={t('cancel')} onCancel={onClose} submit={t(refundDue ? 'recordRefund' : 'recordPayment')} pending={saving} />
      </Stack>
    </form>
  );
}
