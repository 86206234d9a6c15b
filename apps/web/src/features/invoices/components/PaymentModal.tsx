import '../strings';
import { formatMoney, INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod, minorToInput, parseMoney } from '@duka/core';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useStrings } from '../../../i18n';
import type { Invoice, InvoicePayment } from '../lib/model';
import { PriceField } from './PriceField';
import { todayForBusiness } from '../../../data/today';

/** Problems with a payment to record (partial allowed, never more than the balance). Values are i18n keys. */
export function paymentErrors(amount: number | null, balance: number, date: string): Record<string, string> {
  const e: Record<string, string> = {};
  if (amount === null || amount <= 0) e.amount = 'amountRequired';
  else if (amount > balance) e.amount = 'amountTooHigh';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) e.date = 'date';
  return e;
}

/** Record a payment: amount (defaults to the balance), method, date and reference. */
type Props = { opened: boolean; onClose: () => void; invoice: Invoice; onSave: (p: Omit<InvoicePayment, 'id'>) => Promise<void> };

export function PaymentModal(props: Props) {
  const { t } = useStrings('invoices');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('recordPayment')} centered>
      <PaymentForm {...props} />
    </Modal>
  );
}

/** Mounted at each opening (Modal renders children only while open), so it starts fresh. */
function PaymentForm({ onClose, invoice, onSave }: Props) {
  const { t } = useStrings('invoices');
  const [amount, setAmount] = useState(() => minorToInput(invoice.balance));
  const [method, setMethod] = useState<InvoicePaymentMethod>('cash');
  const [date, setDate] = useState(todayForBusiness());
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  const parsed = parseMoney(amount);
  const errors = tried ? paymentErrors(parsed, invoice.balance, date) : {};

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(paymentErrors(parsed, invoice.balance, date)).length || parsed === null) return;
    setSaving(true);
    try {
      await onSave({ amount: parsed, method, date, reference: reference.trim() });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <PriceField
          label={t('amount')}
          data-autofocus
          currency={invoice.currency}
          value={amount}
          onChange={setAmount}
          error={errors.amount ? t(errors.amount, { balance: formatMoney(invoice.balance, invoice.currency) }) : undefined}
        />
        <Select
          label={t('method')}
          value={method}
          allowDeselect={false}
          onChange={(v) => v && setMethod(v as InvoicePaymentMethod)}
          data={INVOICE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
        />
        <TextInput type="date" label={t('date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.date ? t('date') : undefined} />
        <TextInput label={t('reference')} value={reference} onChange={(e) => setReference(e.currentTarget.value)} maxLength={200} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('recordPayment')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
