import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  EXPENSE_CATEGORIES,
  EXPENSE_DEFAULTS,
  expenseFieldsFor,
  expenseInputTax,
  expenseTaxErrors,
  formatMoney,
  PAYMENT_METHODS,
} from '@duka/core';
import { useShowRefusedFields } from '../../../data/sync/hooks';
import { Alert, Autocomplete, Button, FileButton, Group, Image, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { db, type Expense } from '../../../data/db';
import { useLocal, useRecords } from '../../../data/sync/hooks';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { MoneyInput } from '../../../ui/MoneyInput';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { fieldBinder, focusFirstInvalid, fieldSetter, valueSetter } from '../../../ui/form';
import { latestRate, parseRate } from '../../../ui/exchangeRate';
import { RecordFormActions } from '../../../ui/record/RecordFormActions';
import { fieldErrors } from '../../../ui/record/forms';
import '../strings';
import { RECEIPT_MAX_BYTES, shrinkPhoto } from './receipt';
import { InputTaxFields } from './InputTaxFields';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';
import { todayForBusiness } from '../../../data/today';
import { useExpenseCategory } from '../../../ui/expenseCategory';
import { DraftNotice } from '../../../ui/drafts/DraftNotice';
import { useFormDraft, useRestoredDraft } from '../../../ui/drafts/useFormDraft';
import { useReceiptReading } from '../ocr/useReceiptReading';
import { watchWaitingReceipts } from '../ocr/waiting';
import { saveExpenseStep } from '../lib/save';
import { pendingLabelKey, pendingNoteKey, pendingWaitsForOwner } from '../lib/pending';
import { ReceiptReadingNote } from './ReceiptReadingNote';
import { useReceiptPhoto } from './useReceiptPhoto';
import { PAGES } from '../../../paths';
import { StockReceivedFields, useStockReceived } from '../../stock/StockReceivedFields';

type Values = Pick<
  Expense,
  | 'amount'
  | 'currency'
  | 'date'
  | 'category'
  | 'vendor'
  | 'contact_id'
  | 'payment_method'
  | 'description'
  | 'input_tax_rate_bps'
  | 'input_tax_amount'
  | 'input_tax_inclusive'
> & {
  /** The exchange rate as typed (an expense in another currency than the business's); '' when none. */
  rateText?: string;
};

/**
 * Add or edit one expense, with a receipt photo (kept on the device until uploaded). The file input does not
 * force the camera: phones offer the camera or the photos already taken.
 */
export function ExpenseForm({ expense }: { expense: Expense | null }) {
  const { t } = useStrings('expenses');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const currency = parseInvoiceSettings(user).currency ?? DEFAULT_CURRENCY;
  const category = useExpenseCategory();
  // Stock bought with a new expense: +n movements saved with it (issue 28).
  const stock = useStockReceived();
  // The category field holds the text shown (a default category in the active language); saving stores core's value.
  const [opened] = useState<{ values: Values; amount: number | null }>(() => ({
    values: {
      ...EXPENSE_DEFAULTS,
      currency,
      date: todayForBusiness(),
      amount: 0,
      ...pickValues(expense),
      category: expense ? category.label(expense.category) : '',
    },
    // A pending expense (issue 29) has no amount yet: the field shows empty, not 0.
    amount: expense && !expense.amount_pending ? expense.amount : null,
  }));
  // What was typed is kept on this device until saved or discarded (issue 23).
  const draftKey = `expense:${expense?.id ?? 'new'}`;
  const restored = useRestoredDraft<typeof opened>(draftKey);
  const [values, setValues] = useState<Values>(restored?.value.values ?? opened.values);
  const [amount, setAmount] = useState<number | null>(restored ? restored.value.amount : opened.amount);
  const draft = useFormDraft(
    draftKey,
    { values, amount },
    opened,
    restored,
    useCallback(() => {
      setValues(opened.values);
      setAmount(opened.amount);
    }, [opened]),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  useShowRefusedFields('expenses', expense?.id, setErrors);
  const [photo, setPhoto] = useState<Blob | null>(null);
  // Issue 29: a new expense's receipt photo is read and fills the form; each field it filled is marked for checking.
  const reading = useReceiptReading(currency);
  const [guessed, setGuessed] = useState<Set<string>>(() => new Set());
  const mark = (k: string) => (guessed.has(k) ? { description: t('scan.guessed') } : {});
  const valuesNow = useRef(values);
  const amountNow = useRef(amount);
  useEffect(() => {
    valuesNow.current = values;
    amountNow.current = amount;
  }, [values, amount]);
  const [saving, setSaving] = useState(false);
  const stored = useLocal(() => (expense ? db.blobs.get(expense.id) : undefined), [expense?.id]);
  const contacts = useRecords('contacts');
  const allExpenses = useRecords('expenses');

  const categories = useMemo(() => {
    const own = new Set((allExpenses ?? []).map((e) => e.category).filter((c) => c && !(EXPENSE_CATEGORIES as readonly string[]).includes(c)));
    return [...EXPENSE_CATEGORIES.map((c) => category.label(c)), ...[...own].sort()];
  }, [allExpenses, category]);
  // Archived clients are not offered (issue 14), except the one this expense already has.
  const clientOptions = useMemo(
    () =>
      (contacts ?? [])
        .filter((c) => !c.archived || c.id === expense?.contact_id)
        .map((c) => ({ value: c.id, label: c.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [contacts, expense?.contact_id],
  );

  const previewBlob = photo ?? stored?.blob ?? null;
  const preview = useMemo(() => (previewBlob ? URL.createObjectURL(previewBlob) : null), [previewBlob]);
  const storedPhoto = useReceiptPhoto(expense?.receipt_url);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = valueSetter(setValues, setErrors);
  // Another currency starts from the rate last entered for it (the owner checks it; as on invoices): a rate typed for
  // the currency before does not carry over.
  const rateFor = (cur: string) => (cur === currency ? '' : latestRate(allExpenses, cur, (e) => e.date));
  const chooseCurrency = (v: string) => {
    setValues((before) => (before.currency === v ? before : { ...before, currency: v, rateText: rateFor(v) }));
    setErrors((e) => (e.currency || e.rateText ? { ...e, currency: '', rateText: '' } : e));
  };
  const field = fieldBinder(values, fieldSetter(setValues, setErrors), (k) => errors[k]);

  async function readInto(shrunk: Blob) {
    const result = await reading.read(shrunk);
    if (result.step !== 'done') return;
    const d = result.draft;
    // What the owner typed while the photo was being read is kept: only empty vendor and category are filled.
    const cur = valuesNow.current;
    const next: Partial<Values> = {};
    if (d.currency_found) {
      next.currency = d.currency;
      if (d.currency !== cur.currency) next.rateText = rateFor(d.currency);
    }
    if (d.date) next.date = d.date;
    if (d.vendor && !cur.vendor) next.vendor = d.vendor;
    if (d.category && !cur.category) next.category = category.label(d.category);
    if (d.tax !== null || d.tax_rate_bps !== null) {
      next.input_tax_amount = d.tax;
      next.input_tax_rate_bps = d.tax === null ? d.tax_rate_bps : null;
      next.input_tax_inclusive = true;
    }
    const filled = new Set<string>(Object.keys(next).filter((k) => !k.startsWith('input_tax')));
    // An amount the owner typed while the photo waited to be read stays.
    if (d.total !== null && !amountNow.current) {
      setAmount(d.total);
      filled.add('amount');
    }
    setValues((v) => ({ ...v, ...next }));
    setGuessed(filled);
  }

  async function pick(file: File | null) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setErrors((e) => ({ ...e, receipt: t('form.photoNotImage') }));
    if (file.size > RECEIPT_MAX_BYTES) return setErrors((e) => ({ ...e, receipt: t('form.photoTooBig') }));
    setErrors((e) => ({ ...e, receipt: '' }));
    const shrunk = await shrinkPhoto(file);
    setPhoto(shrunk);
    if (expense) return;
    await readInto(shrunk);
  }

  // Offline before the reader was ever fetched: the photo waits, and is read here when the connection comes back
  // while the form is still open (once saved, features/expenses/ocr/waiting.ts reads it).
  const waitingPhoto = reading.state.step === 'waiting' ? photo : null;
  useEffect(() => {
    if (!waitingPhoto) return;
    const again = () => void readInto(waitingPhoto);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
    // readInto reads the latest values through refs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingPhoto]);

  // Issue 29: a new expense whose photo waits to be read (offline before the reader was fetched) may be saved without
  // its amount; it is kept as "Amount to be read from the photo" (core's pending expense) until the photo is read.
  const photoWillFill = !expense && !!photo && reading.state.step === 'waiting';
  const pendingBefore = expense?.amount_pending ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = (amount ?? 0) > 0;
    // Typing an amount ends the pending state; leaving it empty keeps (or, with a waiting photo, starts) it.
    const amount_pending = typed ? null : photoWillFill ? 'to_read' : pendingBefore;
    // In another currency: the rate typed, or none (the VAT return then names the expense instead of guessing).
    const { rateText = '', ...formValues } = values;
    const foreign = values.currency !== currency;
    const exchange_rate = foreign ? parseRate(rateText) : null;
    const data = { ...formValues, amount: amount ?? 0, category: category.stored(values.category), receipt: null, amount_pending, exchange_rate };
    const errs = fieldErrors(expenseFieldsFor(data), data);
    if (foreign && rateText.trim() && exchange_rate === null) errs.rateText = t('form.rateInvalid');
    if (errs.amount) errs.amount = t('form.amountRequired');
    // Input tax (issue 26): core's rules; the tax itself is worked out by core (and again by the server).
    const taxErr = expenseTaxErrors(data).input_tax_amount;
    if (taxErr) errs.input_tax_amount = taxErr.includes('both') ? t('form.inputTaxBoth') : t('form.inputTaxTooLarge');
    setErrors(errs);
    const stockOk = expense || stock.check();
    if (Object.keys(errs).length || !stockOk) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setSaving(true);
    try {
      const { receipt: _r, ...fields } = data;
      const id = expense?.id ?? crypto.randomUUID();
      // Issue 28: the expense, the stock it received and its photo are saved as one step (all kept, or none).
      const movements = expense ? [] : stock.movements(id, [fields.vendor, values.category].map((v) => v?.trim()).find(Boolean) ?? '');
      const toRead = !!photo && reading.state.step === 'waiting';
      await saveExpenseStep(
        { ...fields, input_tax: expenseInputTax(fields), id },
        movements,
        photo && {
          blob: photo,
          toRead,
          // A new expense whose date the owner left as the form opened with it: the receipt's date may replace it.
          defaultDate: toRead && !expense && values.date === opened.values.date ? values.date : undefined,
        },
      );
      if (toRead) watchWaitingReceipts();
      draft.clear();
      toast.success(t(amount_pending === 'to_read' && !pendingBefore ? 'form.savedPending' : 'form.saved'));
      navigate(PAGES.expenses);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader title={expense ? t('form.editTitle') : t('form.newTitle')} back={PAGES.expenses} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={640}>
          <DraftNotice draft={draft} />
          {expense && <ConflictNotice collection="expenses" record={expense} />}
          {pendingBefore && (
            <Alert
              color="orange"
              variant="light"
              role={pendingWaitsForOwner(pendingBefore) ? 'alert' : 'status'}
              data-testid="expense-pending-note"
              title={t(pendingLabelKey(pendingBefore))}
            >
              <Text size="sm">{t(pendingNoteKey(pendingBefore))}</Text>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <MoneyInput
              label={t('form.amount')}
              required={!photoWillFill && !pendingBefore}
              value={amount}
              onChange={setAmount}
              currency={values.currency}
              error={errors.amount}
              data-autofocus
              {...(photoWillFill && !amount ? { description: t('form.amountFromPhoto') } : mark('amount'))}
            />
            <Select
              label={t('form.currency')}
              data={CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
              value={values.currency}
              onChange={(v) => v && chooseCurrency(v)}
              allowDeselect={false}
              error={errors.currency}
              {...mark('currency')}
            />
            <TextInput label={t('form.date')} type="date" required {...field('date')} {...mark('date')} />
            <Autocomplete
              label={t('form.category')}
              description={guessed.has('category') ? t('scan.guessed') : t('form.categoryHint')}
              required={!photoWillFill && !pendingBefore}
              data={categories}
              value={values.category}
              onChange={(v) => set('category', v)}
              error={errors.category}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput label={t('form.vendor')} {...field('vendor')} {...mark('vendor')} />
            <Select
              label={t('form.method')}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              value={values.payment_method}
              onChange={(v) => v && set('payment_method', v as Values['payment_method'])}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            label={t('form.client')}
            placeholder={t('form.clientPlaceholder')}
            data={clientOptions}
            searchable
            clearable
            value={values.contact_id ?? null}
            onChange={(v) => set('contact_id', v)}
            limit={50}
          />
          {values.currency !== currency && (
            <TextInput
              label={t('form.exchangeRate', { from: values.currency, to: currency })}
              description={t('form.exchangeRateHelp', { to: currency })}
              inputMode="decimal"
              {...field('rateText')}
              data-testid="expense-exchange-rate"
            />
          )}
          <InputTaxFields
            amount={amount ?? 0}
            currency={values.currency}
            country={user?.country}
            value={{
              input_tax_rate_bps: values.input_tax_rate_bps ?? null,
              input_tax_amount: values.input_tax_amount ?? null,
              input_tax_inclusive: values.input_tax_inclusive ?? true,
            }}
            onChange={(v) => {
              setValues((cur) => ({ ...cur, ...v }));
              setErrors((e) => ({ ...e, input_tax_amount: '' }));
            }}
            error={errors.input_tax_amount || undefined}
          />
          <Textarea label={t('form.description')} autosize minRows={2} {...field('description')} />
          {!expense && <StockReceivedFields stock={stock} />}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('form.photo')}
            </Text>
            {(preview || storedPhoto) && <Image src={preview ?? storedPhoto ?? undefined} alt={t('receipt')} mah={240} w="auto" fit="contain" radius="sm" />}
            <Group gap="xs">
              <FileButton onChange={(f) => void pick(f)} accept="image/*" inputProps={{ 'aria-label': t('form.photoTake') }}>
                {(props) => (
                  <Button variant="light" {...props}>
                    {preview || expense?.receipt_url ? t('form.photoReplace') : t('form.photoTake')}
                  </Button>
                )}
              </FileButton>
              {photo && (
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    setPhoto(null);
                    reading.reset();
                  }}
                >
                  {t('form.photoRemove')}
                </Button>
              )}
            </Group>
            <Text size="xs" c={errors.receipt ? 'red' : 'dimmed'} role={errors.receipt ? 'alert' : undefined}>
              {errors.receipt || (photo || stored ? t('form.photoHint') : expense?.receipt_url ? t('form.photoUploaded') : t('form.photoNone'))}
            </Text>
            <ReceiptReadingNote state={reading.state} />
          </Stack>
          <RecordFormActions
            collection="expenses"
            recordId={expense?.id}
            saving={saving}
            onClose={() => navigate(PAGES.expenses)}
            onDeleted={() => navigate(PAGES.expenses, { replace: true })}
            t={t}
            deleteText={expense ? t('form.deleteText', { amount: formatMoney(expense.amount, expense.currency) }) : ''}
          />
        </Stack>
      </form>
    </>
  );
}

/** Only the form's fields of a stored expense (so the draft compares what the form shows, not sync metadata). */
function pickValues(e: Expense | null): Partial<Values> {
  if (!e) return {};
  const { amount, currency, date, category, vendor, contact_id, payment_method, description } = e;
  const tax = {
    input_tax_rate_bps: e.input_tax_rate_bps ?? null,
    input_tax_amount: e.input_tax_amount ?? null,
    input_tax_inclusive: e.input_tax_inclusive ?? true,
  };
  return {
    amount,
    currency,
    date,
    category,
    vendor,
    contact_id,
    payment_method,
    description,
    ...tax,
    rateText: e.exchange_rate ? String(e.exchange_rate) : '',
  };
}
