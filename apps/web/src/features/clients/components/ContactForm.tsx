import {
  businessIdNames,
  CONTACT_DEFAULTS,
  CUSTOMER_LANGUAGE_NAMES,
  CUSTOMER_LANGUAGES,
  contactFields,
  isCustomerLanguage,
  normaliseTaxPin,
  TAX_PIN_MESSAGE,
  taxPinError,
  formatPhone,
  parsePhone,
  phoneCountry,
  phoneExample,
} from '@duka/core';
import { useShowRefusedFields } from '../../../data/sync/hooks';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useCallback, useState } from 'react';
import { type Contact, saveRecord, uniquePermalink } from '../../../data/db';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import '../../../ui/strings';
import { ruleText } from '../../../ui/validation';
import { toast } from '../../../ui/toast';
import '../strings';
import { useCountryOptions } from '../../../ui/countryOptions';
import { countryNameOf } from '../../../ui/dial';
import { fieldErrors } from '../../../ui/record/forms';
import { fieldBinder, focusFirstInvalid, fieldSetter, SubmitButton } from '../../../ui/form';
import { DraftNotice } from '../../../ui/drafts/DraftNotice';
import { useFormDraft, useRestoredDraft } from '../../../ui/drafts/useFormDraft';

type Values = Pick<Contact, 'name' | 'email' | 'phone' | 'address' | 'city' | 'country' | 'tax_id' | 'notes' | 'language'>;

/**
 * Add or edit a client (name required; e-mail checked). The phone is typed as people write it (0805 987 6543,
 * +254 722 000111) and kept in E.164, read with the client's country or else the business's (core parsePhone,
 * the rule the server applies). Saved locally first.
 */
export function ContactForm({
  opened,
  onClose,
  contact,
  onSaved,
  initialName,
}: {
  opened: boolean;
  onClose: () => void;
  contact?: Contact | null;
  onSaved?: (c: Contact) => void;
  initialName?: string;
}) {
  const { t } = useStrings('clients');
  const { t: tu } = useStrings('ui');
  const user = useCurrentUser();
  const phone = useMediaQuery('(max-width: 36em)');
  const countryOptions = useCountryOptions();
  const home = countryNameOf(user);
  const initial = (): Values =>
    formValues(contact ? { ...contact, phone: formatPhone(contact.phone, contact.country, home) } : { name: initialName ?? '', phone: '', country: home });
  const key = opened ? (contact?.id ?? 'new') : null;
  // What was typed is kept on this device until saved or discarded (issue 23).
  const draftKey = key && `client:${key}`;
  const restored = useRestoredDraft<Values>(draftKey);
  const [values, setValues] = useState<Values>(() => restored?.value ?? initial());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useShowRefusedFields('contacts', opened ? contact?.id : null, setErrors);
  const [saving, setSaving] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [openedWith, setOpenedWith] = useState<Values>(initial);
  if (key !== openedFor) {
    // Reopened (or opened for another client): start from that client's values, or the draft kept for it.
    setOpenedFor(key);
    if (key) {
      const start = initial();
      setOpenedWith(start);
      setValues(restored?.value ?? start);
      setErrors({});
    }
  }
  const draft = useFormDraft(
    key === openedFor ? draftKey : null,
    values,
    openedWith,
    restored,
    useCallback(() => setValues(openedWith), [openedWith]),
  );

  // A client of a Kenyan business (or a Kenyan client) has a KRA PIN, checked as it is typed by core's rule, the
  // server's (issue 26 D3); an unchanged stored one is left as it was, as the server does.
  const pinCountry = (values.country ?? '').trim() || home;
  const pinKept = !!contact && contact.tax_id === values.tax_id && contact.country === values.country;
  const pinRule = pinKept || pinCountry.toLowerCase() !== 'kenya' ? null : taxPinError(values.tax_id, pinCountry);
  const pinError = pinRule === TAX_PIN_MESSAGE ? t('form.taxPinKra') : pinRule;
  // What the client's country (else the business's) calls the number, as invoices print it (core businessIdNames).
  const idName = businessIdNames(pinCountry).taxId;
  const field = fieldBinder(values, fieldSetter(setValues, setErrors), (k) => errors[k]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = (values.phone ?? '').trim();
    const parsed = parsePhone(typed, values.country, home);
    // An older number that cannot be read stays as it was while it is left untouched.
    const keptAsStored = !parsed.ok && !!contact && typed === formatPhone(contact.phone, contact.country, home) && contact.country === values.country;
    const pin = values.tax_id && !pinKept && !pinError ? normaliseTaxPin(values.tax_id) : values.tax_id;
    const clean = { ...values, tax_id: pin, phone: parsed.ok ? parsed.value : keptAsStored ? contact.phone : typed };
    const errs = fieldErrors(contactFields.omit({ permalink: true, archived: true }), clean);
    if (!parsed.ok && !keptAsStored) errs.phone = ruleText(parsed);
    if (pinError) errs.tax_id = pinError;
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setSaving(true);
    try {
      const id = contact?.id ?? crypto.randomUUID();
      const permalink = contact?.permalink ?? (await uniquePermalink(clean.name, id));
      const saved = await saveRecord('contacts', { ...clean, name: clean.name.trim(), id, permalink });
      draft.clear();
      toast.success(contact ? t('form.saved') : t('form.created'));
      onSaved?.(saved);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={contact ? t('form.editTitle') : t('form.newTitle')} fullScreen={!!phone} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DraftNotice draft={draft} />
          <TextInput label={t('form.name')} required {...field('name')} data-autofocus autoComplete="off" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('form.email')} type="email" {...field('email')} autoComplete="off" />
            <TextInput
              label={t('form.phone')}
              type="tel"
              {...field('phone')}
              description={t('form.phoneHint', { example: phoneExample(phoneCountry(values.country) ?? phoneCountry(home), tu('or')) })}
              autoComplete="off"
            />
          </SimpleGrid>
          <TextInput label={t('form.address')} {...field('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('form.city')} {...field('city')} />
            <Select
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              {...countryOptions}
              searchable
              clearable
              value={values.country || null}
              onChange={(v) => setValues((old) => ({ ...old, country: v ?? '' }))}
              error={errors.country}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <TextInput
            label={t('form.taxId')}
            {...field('tax_id')}
            description={idName ? t('form.taxIdNamed', { name: idName }) : undefined}
            error={errors.tax_id ?? pinError ?? undefined}
            autoComplete="off"
          />
          <Select
            label={t('form.language')}
            description={t('form.languageHint')}
            data={[{ value: 'same', label: t('form.languageSame') }, ...CUSTOMER_LANGUAGES.map((l) => ({ value: l, label: CUSTOMER_LANGUAGE_NAMES[l] }))]}
            value={values.language ?? 'same'}
            onChange={(v) => setValues((old) => ({ ...old, language: isCustomerLanguage(v) ? v : null }))}
            allowDeselect={false}
            error={errors.language}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea label={t('form.notes')} autosize minRows={2} maxRows={6} {...field('notes')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <SubmitButton pending={saving}>{t('form.save')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Only the form's fields (so a draft compares what the form shows, not sync metadata). */
function formValues(c: Partial<Values>): Values {
  const v = { ...CONTACT_DEFAULTS, ...c };
  return {
    name: v.name ?? '',
    email: v.email,
    phone: v.phone,
    address: v.address,
    city: v.city,
    country: v.country,
    tax_id: v.tax_id,
    notes: v.notes,
    language: v.language ?? null,
  } as Values;
}
