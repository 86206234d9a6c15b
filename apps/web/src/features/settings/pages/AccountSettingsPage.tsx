import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../data/api';
import { setCurrentUser, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, updateUser, serverMessage } from '../../accounts/api';
import { LogoSpot } from '../../accounts/components/LogoSpot';
import { required, validEmail } from '../../accounts/validation';
import { fieldSetter, SettingsPanel } from '../SettingsPanel';
import '../strings';

/** settings/account: name, company, e-mail and logo. */
export default function AccountSettingsPage() {
  const { t } = useStrings('settings');
  const user = useCurrentUser();
  const [form, setForm] = useState({ name: user?.name ?? '', company_name: user?.company_name ?? '', email: user?.email ?? '', current_password: '' });
  // A new e-mail address needs the current password (the server refuses it otherwise).
  const emailChanged = !!user && form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const found: Record<string, string> = {};
    const n = required(form.name);
    if (n) found.name = t(`validation.${n}`);
    const m = validEmail(form.email);
    if (m) found.email = t(`validation.${m}`);
    if (emailChanged && !form.current_password) found.current_password = t('account.currentPasswordRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const changes = { name: form.name.trim(), company_name: form.company_name.trim(), ...(emailChanged ? { email: form.email.trim(), current_password: form.current_password } : {}) };
      const updated = await updateUser(user.username, changes);
      setCurrentUser(updated);
      setForm((f) => ({ ...f, current_password: '' }));
      toast.success(t('account.updated'));
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldErrorsOf(err.fields));
      toast.danger(serverMessage(err) ?? t('account.failed'));
    } finally {
      setBusy(false);
    }
  }

  const set = fieldSetter(setForm);
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
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('account.username')} value={user?.username ?? ''} readOnly variant="filled" />
            <TextInput label={t('account.name')} name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
            <TextInput label={t('account.company')} name="company_name" autoComplete="organization" value={form.company_name} onChange={set('company_name')} error={errors.company_name} />
            <TextInput label={t('account.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
            {emailChanged && (
              <TextInput
                label={t('account.currentPassword')}
                description={t('account.currentPasswordHint')}
                name="current_password"
                type="password"
                autoComplete="current-password"
                value={form.current_password}
                onChange={set('current_password')}
                error={errors.current_password}
              />
            )}
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={busy}>
                {t('account.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SettingsPanel>
    </>
  );
}
