import {
  businessDetailsOf,
  businessIdNames,
  documentStrings,
  formatPhone,
  namesTaxInvoices,
  parseInvoiceSettingsString,
  parsePhone,
  phoneCountry,
  phoneExample,
} from '@duka/core';
import { Divider, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { setCurrentUser, useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import '../../../ui/strings';
import { ruleText } from '../../../ui/validation';
import { LanguageSelect } from '../../../ui/LanguageSelect';
import { toast } from '../../../ui/toast';
import { updateUser } from '../../accounts/api';
import { LogoSpot } from '../../accounts/components/LogoSpot';
import { chooseLanguage } from '../../accounts/language';
import { accountErrorText, required, validEmail } from '../../accounts/validation';
import { fieldBinder, focusFirstInvalid, fieldSetter, SubmitButton } from '../../../ui/form';
import { SettingsPanel } from '../SettingsPanel';
import '../strings';

/** settings/account: name, company, e-mail, logo, and the business details printed on invoices (kept in invoice_settings). */
export default function AccountSettingsPage() {
  const { t } = useStrings('settings');
  const { t: tu } = useStrings('ui');
  const user = useCurrentUser();
  // What the business's country calls its numbers ("KRA PIN", "NIU", "RCCM"), as its invoices print them.
  const idNames = businessIdNames(user?.country);
  const fromUser = () => {
    const own = businessDetailsOf(user?.invoice_settings);
    return {
      name: user?.name ?? '',
      company_name: user?.company_name ?? '',
      email: user?.email ?? '',
      current_password: '',
      address: own.address,
      phone: formatPhone(own.phone, user?.country),
      tax_id: own.tax_id,
      registration_number: own.registration_number,
      business_email: own.email ?? '',
    };
  };
  const [form, setFormState] = useState(fromUser);
  // The profile refreshes from the server after the page opens (another device may have changed it): an
  // untouched form follows it, so saving never writes back older values; a form being typed in is kept.
  const [touched, setTouched] = useState(false);
  const [shownFor, setShownFor] = useState(user);
  if (user !== shownFor) {
    setShownFor(user);
    if (!touched) setFormState(fromUser());
  }
  const setForm: typeof setFormState = (update) => {
    setTouched(true);
    setFormState(update);
  };
  const settingsCountry = parseInvoiceSettingsString(user?.invoice_settings, user?.country || 'Nigeria').country.iso_code;
  // A new e-mail address needs the current password (the server refuses it otherwise).
  const emailChanged = !!user && form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The language applies at once (no Save): the screens switch, the device keeps it, the account gets it when online.
  const language = useLanguage();
  const languageWaiting = !!user && user.language !== undefined && user.language !== language;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const found: Record<string, string> = {};
    const n = required(form.name);
    if (n) found.name = accountErrorText(t, n);
    const m = validEmail(form.email);
    if (m) found.email = accountErrorText(t, m);
    const phone = parsePhone(form.phone, user.country, settingsCountry);
    if (!phone.ok) found.phone = ruleText(phone);
    const be = form.business_email.trim() ? validEmail(form.business_email) : null;
    if (be) found.business_email = accountErrorText(t, be);
    if (emailChanged && !form.current_password) found.current_password = t('account.currentPasswordRequired');
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      const business = {
        address: form.address.trim(),
        phone: phone.ok ? phone.value : '',
        tax_id: form.tax_id.trim(),
        registration_number: form.registration_number.trim(),
        email: form.business_email.trim(),
      };
      const changes = {
        name: form.name.trim(),
        company_name: form.company_name.trim(),
        invoice_settings: { business },
        ...(emailChanged ? { email: form.email.trim(), current_password: form.current_password } : {}),
      };
      const updated = await updateUser(user.username, changes);
      setTouched(false);
      setCurrentUser(updated);
      setFormState((f) => ({ ...f, current_password: '' }));
      toast.success(t('account.updated'));
    } catch (err) {
      setErrors(toast.error(err, t('account.failed')));
    } finally {
      setBusy(false);
    }
  }

  const field = fieldBinder(form, fieldSetter(setForm), (k) => errors[k]);
  return (
    <>
      <SettingsPanel title={t('account.title')} intro={t('account.intro')} maxWidth={640}>
        <Group align="center" gap="lg" mb="xl" wrap="nowrap">
          <LogoSpot size={96} />
          <Stack gap={2}>
            <Text fw={600}>{t('account.logo')}</Text>
            <Text fz="sm" c="dimmed">
              {t('account.logoHint')}
            </Text>
          </Stack>
        </Group>
        <LanguageSelect
          label={t('account.language')}
          description={languageWaiting ? t('account.languageOffline') : t('account.languageHint')}
          value={language}
          onChange={(l) => void chooseLanguage(l)}
          mb="lg"
        />
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('account.username')} value={user?.username ?? ''} readOnly variant="filled" />
            <TextInput label={t('account.name')} autoComplete="name" {...field('name')} />
            <TextInput label={t('account.company')} autoComplete="organization" {...field('company_name')} />
            <TextInput label={t('account.email')} type="email" autoComplete="email" {...field('email')} />
            {emailChanged && (
              <TextInput
                label={t('account.currentPassword')}
                description={t('account.currentPasswordHint')}
                type="password"
                autoComplete="current-password"
                {...field('current_password')}
              />
            )}
            <Divider mt="sm" />
            <Title order={2} size="h5">
              {t('account.businessTitle')}
            </Title>
            <Text fz="sm" c="dimmed" mt={-8}>
              {t('account.businessIntro')}
            </Text>
            <Textarea label={t('account.address')} autoComplete="street-address" autosize minRows={2} maxRows={4} {...field('address')} />
            <TextInput
              label={t('account.phone')}
              type="tel"
              autoComplete="tel"
              {...field('phone')}
              description={t('account.phoneHint', { example: phoneExample(phoneCountry(user?.country) ?? phoneCountry(settingsCountry), tu('or')) })}
            />
            <TextInput
              label={t('account.businessEmail')}
              type="email"
              autoComplete="off"
              {...field('business_email')}
              description={t('account.businessEmailHint')}
            />
            <TextInput
              label={t('account.taxId')}
              {...field('tax_id')}
              description={
                idNames.taxId
                  ? t('account.taxIdNamed', { name: idNames.taxId })
                  : // A South African vendor's number prints as its VAT registration number (core isTaxInvoiceIssuer).
                    namesTaxInvoices(user?.country)
                    ? t('account.taxIdVat', { name: documentStrings(language).vatNumber })
                    : t('account.taxIdHint')
              }
            />
            <TextInput
              label={t('account.registration')}
              {...field('registration_number')}
              description={
                idNames.registration
                  ? t('account.registrationNamed', { name: idNames.registration })
                  : idNames.registry
                    ? t('account.registrationAt', { registry: idNames.registry })
                    : t('account.registrationHint')
              }
            />
            <SubmitButton pending={busy} align="flex-end">
              {t('account.save')}
            </SubmitButton>
          </Stack>
        </form>
      </SettingsPanel>
    </>
  );
}
