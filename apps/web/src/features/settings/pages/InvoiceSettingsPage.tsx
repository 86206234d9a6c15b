import {
  businessTimeZone,
  type Country,
  CURRENCIES,
  currencyNameIn,
  type CurrencyCode,
  findCountry,
  INVOICE_SETTINGS_LIMITS,
  invoiceSettingsSchema,
  isTimeZone,
  onlinePaySettings,
  parseInvoiceSettingsString,
  usesNairaCheckout,
  countryDisplayName,
} from '@duka/core';
import { Divider, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { setCurrentUser, useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import { SelectCountryModal } from '../../../ui/SelectCountryModal';
import { toast } from '../../../ui/toast';
import { updateUser } from '../../accounts/api';
import classes from '../../accounts/pages/RegisterPage.module.css';
import { composePayment, parsePayment } from '../payment';
import { OnlinePaySettings } from '../../paystack/OnlinePaySettings';
import { PartPaySettings } from '../../partpay/PartPaySettings';
import { RailSettings } from '../../rails/RailSettings';
import { fieldBinder, fieldSetter, SubmitButton } from '../../../ui/form';
import { StepNumberInput } from '../../../ui/StepNumberInput';
import { SettingsPanel } from '../SettingsPanel';
import '../strings';

const LIMITS = INVOICE_SETTINGS_LIMITS;

/** The IANA time zones this browser knows, for the time-zone select. */
function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** settings/invoice: currency (one of the 11), country, number prefixes, default due days, time zone, payment instructions. */
export default function InvoiceSettingsPage() {
  const { t } = useStrings('settings');
  const language = useLanguage();
  const user = useCurrentUser();
  const [initial] = useState(() => parseInvoiceSettingsString(user?.invoice_settings, user?.country || 'Nigeria'));
  const [form, setForm] = useState(() => ({
    currency: initial.currency as string,
    country: initial.country,
    invoice_prefix: initial.invoice_prefix,
    quote_prefix: initial.quote_prefix,
    due_days: initial.due_days as number | string,
    time_zone: isTimeZone(initial.time_zone) ? initial.time_zone : '',
    ...parsePayment(initial.payment_instructions),
  }));
  const [online, setOnline] = useState(() => onlinePaySettings(initial));
  const [rails, setRails] = useState(() => initial.pay_rails ?? null);
  const [part, setPart] = useState(() => ({ part_payments: initial.part_payments === true, part_payment_min: initial.part_payment_min || null }));
  const [zones] = useState(timeZones);
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function chooseCountry(c: Country) {
    setForm((f) => ({ ...f, country: { name: c.name, flag: c.flag, iso_code: c.iso_code, currency: c.currency } }));
    setPicking(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const due = typeof form.due_days === 'number' ? form.due_days : Number.NaN;
    if (!invoiceSettingsSchema.shape.due_days.safeParse(due).success) {
      setErrors({ due_days: t('invoice.dueDaysError') });
      return;
    }
    if (!online.pay_channels.length) {
      setErrors({ pay_channels: t('invoice.payChannelsError') });
      return;
    }
    if (rails && !rails.length) {
      setErrors({ pay_rails: t('invoice.payChannelsError') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const invoice_settings = {
        currency: form.currency as CurrencyCode,
        country: form.country,
        invoice_prefix: form.invoice_prefix.trim(),
        quote_prefix: form.quote_prefix.trim(),
        due_days: due,
        time_zone: form.time_zone,
        payment_instructions: composePayment(form),
        pay_channels: online.pay_channels,
        ...(rails ? { pay_rails: rails } : {}),
        customer_pays_fee: online.customer_pays_fee,
        part_payments: part.part_payments,
        part_payment_min: part.part_payment_min ?? 0,
      };
      setCurrentUser(await updateUser(user.username, { invoice_settings }));
      toast.success(t('invoice.updated'));
    } catch (err) {
      setErrors(toast.error(err, t('invoice.failed')));
    } finally {
      setBusy(false);
    }
  }

  const field = fieldBinder(form, fieldSetter(setForm), (k) => errors[k]);
  // M-Pesa details matter in Kenya; shown there, or whenever the owner already has some.
  const showMpesa = form.currency === 'KES' || form.country.iso_code === 'KE' || Boolean(form.till || form.paybill || form.account);
  const flag = form.country.flag || findCountry(form.country.name)?.flag || '🌍';

  return (
    <>
      <SettingsPanel title={t('invoice.title')} intro={t('invoice.intro')} maxWidth={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <NativeSelect
                label={t('invoice.currency')}
                {...field('currency')}
                data={CURRENCIES.map((c) => ({ value: c.code, label: `${c.symbol}  ${c.code} · ${currencyNameIn(c.code, language)}` }))}
              />
              <Input.Wrapper label={t('invoice.country')} id="settings-country" error={errors.country}>
                <UnstyledButton
                  id="settings-country"
                  className={classes.picker}
                  onClick={() => setPicking(true)}
                  aria-haspopup="dialog"
                  aria-labelledby="settings-country-label settings-country-value"
                >
                  <span aria-hidden="true" className={classes.flag}>
                    {flag}
                  </span>
                  <Text id="settings-country-value" component="span" className={classes.value}>
                    {form.country.name ? countryDisplayName(form.country.name, language) : t('invoice.chooseCountry')}
                  </Text>
                  <span aria-hidden="true">▾</span>
                </UnstyledButton>
              </Input.Wrapper>
              <TextInput
                label={t('invoice.invoicePrefix')}
                description={t('invoice.invoicePrefixHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...field('invoice_prefix')}
                maxLength={LIMITS.prefix}
              />
              <TextInput label={t('invoice.quotePrefix')} {...field('quote_prefix')} maxLength={LIMITS.prefix} />
              <StepNumberInput
                label={t('invoice.dueDays')}
                description={t('invoice.dueDaysHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                name="due_days"
                min={LIMITS.minDueDays}
                max={LIMITS.maxDueDays}
                allowDecimal={false}
                allowNegative={false}
                value={form.due_days}
                onChange={(v) => setForm((f) => ({ ...f, due_days: v }))}
                error={errors.due_days}
              />
              <NativeSelect
                label={t('invoice.timeZone')}
                description={t('invoice.timeZoneHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...field('time_zone')}
                data={[
                  { value: '', label: t('invoice.timeZoneDefault', { zone: businessTimeZone(user?.country || form.country.name) }) },
                  ...zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
                ]}
              />
            </SimpleGrid>
            <Divider my="sm" />
            <div>
              <Text fw={600}>{t('invoice.payment')}</Text>
              <Text fz="sm" c="dimmed">
                {t('invoice.paymentIntro')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <TextInput label={t('invoice.bank')} placeholder={t('invoice.bankPlaceholder')} {...field('bank')} />
              <TextInput label={t('invoice.mobile')} placeholder={t('invoice.mobilePlaceholder')} {...field('mobile')} inputMode="tel" />
            </SimpleGrid>
            {showMpesa && (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
                <TextInput
                  label={t('invoice.mpesaTill')}
                  description={t('invoice.mpesaHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...field('till')}
                  name="mpesa_till"
                  inputMode="numeric"
                  maxLength={LIMITS.mpesaTill}
                />
                <TextInput label={t('invoice.mpesaPaybill')} {...field('paybill')} name="mpesa_paybill" inputMode="numeric" maxLength={LIMITS.mpesaPaybill} />
                <TextInput label={t('invoice.mpesaAccount')} {...field('account')} name="mpesa_account" maxLength={LIMITS.mpesaAccount} />
              </SimpleGrid>
            )}
            <Textarea label={t('invoice.notes')} autosize minRows={2} maxRows={6} {...field('notes')} error={errors.payment_instructions} />
            <Divider my="sm" />
            <RailSettings country={form.country.iso_code} value={rails} onChange={setRails} error={errors.pay_rails} />
            {/* Paystack's naira checkout: only for a business that invoices in naira or is in Nigeria (issue 23). */}
            {usesNairaCheckout(form) && <OnlinePaySettings value={online} onChange={setOnline} error={errors.pay_channels} />}
            <PartPaySettings value={part} onChange={setPart} currency={form.currency} />
            <SubmitButton pending={busy} align="flex-end">
              {t('invoice.save')}
            </SubmitButton>
          </Stack>
        </form>
      </SettingsPanel>
      <SelectCountryModal opened={picking} onClose={() => setPicking(false)} onSelect={chooseCountry} selected={form.country.name} />
    </>
  );
}
