import { CONTACT_DEFAULTS, COUNTRIES, contactFields } from '@duka/core';
import { useShowRefusedFields } from '../../../data/sync/hooks';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { type Contact, saveRecord, uniquePermalink } from '../../../data/db';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import '../strings';
import { countryNameOf, dialCodeOf } from './dial';
import { fieldErrors } from './forms';

const COUNTRY_NAMES = [...new Set(COUNTRIES.map((c) => c.name))];
type Values = Pick<Contact, 'name' | 'email' | 'phone' | 'address' | 'city' | 'country' | 'tax_id' | 'notes'>;

/** Add or edit a client (name required; e-mail checked; phone starts with the user's dial code). Saved locally first. */
export function ContactForm({ opened, onClose, contact, onSaved, initialName }: { opened: boolean; onClose: () => void; contact?: Contact | null; onSaved?: (c: Contact) => void; initialName?: string }) {
  const { t } = useStrings('clients');
  const user = useCurrentUser();
  const phone = useMediaQuery('(max-width: 36em)');
  const dial = dialCodeOf(user);
  const initial = (): Values => ({
    ...CONTACT_DEFAULTS,
    ...(contact ?? { name: initialName ?? '', phone: dial ? `${dial} ` : '', country: countryNameOf(user) }),
  });
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useShowRefusedFields('contacts', opened ? contact?.id : null, setErrors);
  const [saving, setSaving] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const key = opened ? (contact?.id ?? 'new') : null;
  if (key !== openedFor) {
    // Reopened (or opened for another client): start from that client's values.
    setOpenedFor(key);
    if (key) {
      setValues(initial());
      setErrors({});
    }
  }

  const set = (field: keyof Values) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((old) => ({ ...old, [field]: v }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const clean = { ...values, phone: values.phone?.trim() === dial ? '' : (values.phone ?? '').trim() };
    const errs = fieldErrors(contactFields.omit({ permalink: true, archived: true }), clean);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSaving(true);
    try {
      const id = contact?.id ?? crypto.randomUUID();
      const permalink = contact?.permalink ?? (await uniquePermalink(clean.name, id));
      const saved = await saveRecord('contacts', { ...clean, name: clean.name.trim(), id, permalink });
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
          <TextInput label={t('form.name')} required value={values.name} onChange={set('name')} error={errors.name} data-autofocus autoComplete="off" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('form.email')} type="email" value={values.email ?? ''} onChange={set('email')} error={errors.email} autoComplete="off" />
            <TextInput
              label={t('form.phone')}
              type="tel"
              value={values.phone ?? ''}
              onChange={set('phone')}
              error={errors.phone}
              description={dial ? t('form.phoneHint', { dial }) : undefined}
              autoComplete="off"
            />
          </SimpleGrid>
          <TextInput label={t('form.address')} value={values.address ?? ''} onChange={set('address')} error={errors.address} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('form.city')} value={values.city ?? ''} onChange={set('city')} error={errors.city} />
            <Select
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              data={COUNTRY_NAMES}
              searchable
              clearable
              value={values.country || null}
              onChange={(v) => setValues((old) => ({ ...old, country: v ?? '' }))}
              error={errors.country}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <TextInput label={t('form.taxId')} value={values.tax_id ?? ''} onChange={set('tax_id')} error={errors.tax_id} />
          <Textarea label={t('form.notes')} autosize minRows={2} maxRows={6} value={values.notes ?? ''} onChange={set('notes')} error={errors.notes} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
