import '../strings';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { checkRule, contactFields, contactPermalink, parsePhone, phoneCountry, phoneExample } from '@duka/core';
import { type Contact, saveRecord } from '../../../data/db';
import { useCurrentUser } from '../../../data/user';
import { countryNameOf } from '../../../ui/dial';
import { useStrings } from '../../../i18n';
import { SubmitButton } from '../../../ui/form';
import '../../../ui/strings';
import { ruleText } from '../../../ui/validation';

/** Core's e-mail rule for a client (the server's). */
const emailProblem = (email: string) => checkRule(contactFields.shape.email, email) !== null;

/** A small client form for the invoice editor: saved on the device (and queued for upload). */
export function NewClientModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (c: Contact) => void }) {
  const { t } = useStrings('invoices');
  const { t: tu } = useStrings('ui');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameError = tried && !name.trim() ? t('clientName') : undefined;
  const emailError = tried && email.trim() && emailProblem(email) ? t('emailInvalid') : undefined;
  // The client gets the business's country; the phone is read with it and kept in E.164 (issue 14).
  const home = countryNameOf(useCurrentUser());
  const parsedPhone = parsePhone(phone, home);
  const phoneError = tried && !parsedPhone.ok ? ruleText(parsedPhone) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || (email.trim() && emailProblem(email)) || !parsedPhone.ok) return;
    setSaving(true);
    try {
      const id = crypto.randomUUID();
      const contact = await saveRecord('contacts', {
        id,
        name: name.trim(),
        permalink: contactPermalink(name.trim(), id),
        email: email.trim(),
        phone: parsedPhone.value,
        country: home,
      });
      setName('');
      setEmail('');
      setPhone('');
      setTried(false);
      onCreated(contact);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('newClient')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('clientName')} required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} />
          <TextInput label={t('clientEmail')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} />
          <TextInput
            label={t('clientPhone')}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={phoneError}
            description={t('clientPhoneHint', { example: phoneExample(phoneCountry(home), tu('or')) })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <SubmitButton pending={saving}>{t('saveClient')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
