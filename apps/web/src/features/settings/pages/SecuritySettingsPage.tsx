import { PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { setSession } from '../../../data/session';
import { useStrings } from '../../../i18n';
import { serverMessage } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import { changePassword } from '../../accounts/api';
import { accountErrorText, validateNewPassword } from '../../accounts/validation';
import { fieldSetter, NewPasswordFields, SubmitButton } from '../../../ui/form';
import { SettingsPanel } from '../SettingsPanel';
import '../strings';

const EMPTY = { old: '', password: '', confirm: '' };

/** settings/security: change password; the returned jwt replaces the old token (old tokens stop working). */
export default function SecuritySettingsPage() {
  const { t } = useStrings('settings');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!form.old) found.old = t('validation.required');
    const rules = validateNewPassword(form.password, form.confirm);
    if (rules.password) found.password = accountErrorText(t, rules.password);
    if (rules.confirm) found.confirm = accountErrorText(t, rules.confirm);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = await changePassword(form.old, form.password);
      if (res.jwt) setSession(res.jwt);
      toast.success(t('security.changed'));
      setForm(EMPTY);
    } catch (err) {
      // SPEC §8: '{server message}! Check if your old password…'; offline or a server failure is said as such.
      const message = serverMessage(err);
      if (message) toast.danger(t('security.failed', { message: message.replace(/[.!]+$/, '') }), 'resetOrDelete');
      else toast.error(err, {}, 'resetOrDelete');
    } finally {
      setBusy(false);
    }
  }

  const set = fieldSetter(setForm);
  return (
    <>
      <SettingsPanel title={t('security.title')} intro={t('security.intro')} maxWidth={520}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('security.old')}
              name="old_password"
              autoComplete="current-password"
              value={form.old}
              onChange={set('old')}
              error={errors.old}
            />
            <NewPasswordFields
              labels={{ password: t('security.new'), confirm: t('security.confirm'), hint: t('security.newHint') }}
              value={form}
              onChange={set}
              errors={errors}
              gap={0}
            />
            <SubmitButton pending={busy} align="flex-end">
              {t('security.save')}
            </SubmitButton>
          </Stack>
        </form>
      </SettingsPanel>
    </>
  );
}
