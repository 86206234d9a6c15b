import { Alert, Anchor } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStrings } from '../../../i18n';
import { fieldSetter, NewPasswordFields, SubmitButton } from '../../../ui/form';
import { toast } from '../../../ui/toast';
import { resetPassword } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import '../strings';
import { accountErrorText, validateNewPassword } from '../validation';
import { PAGES } from '../../../paths';

/** /reset-password?token=…: the page the mailed link opens (single-use token, valid 1 hour). */
export default function ResetPasswordPage() {
  const { t } = useStrings('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateNewPassword>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateNewPassword(form.password, form.confirm);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await resetPassword(token, form.password);
      toast.success(t('reset.done'), 'resetOrDelete');
      navigate(PAGES.login, { replace: true });
    } catch (err) {
      // SPEC §8: reset failure shows the server message for 3.5 s.
      toast.error(err, t('deleteFailed'), 'resetOrDelete');
      setBusy(false);
    }
  }

  const set = fieldSetter(setForm);
  const footer = (
    <Anchor component={Link} to={PAGES.forgotPassword} fw={600}>
      {t('reset.askAgain')}
    </Anchor>
  );
  if (!token) {
    return (
      <AuthLayout title={t('reset.title')} footer={footer}>
        <Alert color="yellow" role="alert">
          {t('reset.missingToken')}
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('reset.title')} footer={footer}>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          labels={{ password: t('reset.password'), confirm: t('reset.confirm'), hint: t('register.passwordHint') }}
          value={form}
          onChange={set}
          errors={{
            password: errors.password && accountErrorText(t, errors.password),
            confirm: errors.confirm && accountErrorText(t, errors.confirm),
          }}
          autoFocus
        />
        <SubmitButton fullWidth size="md" pending={busy} mt="md">
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
