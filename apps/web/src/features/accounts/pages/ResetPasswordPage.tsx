import { Alert, Anchor, Button, PasswordInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { resetPassword } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import '../strings';
import { validateNewPassword } from '../validation';

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
      navigate('/login', { replace: true });
    } catch (err) {
      // SPEC §8: reset failure shows the server message for 3.5 s.
      toast.error(err, t('deleteFailed'), 'resetOrDelete');
      setBusy(false);
    }
  }

  const set = (k: keyof typeof form) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const footer = (
    <Anchor component={Link} to="/forgot-password" fw={600}>
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
        <PasswordInput
          label={t('reset.password')}
          name="password"
          autoComplete="new-password"
          description={t('register.passwordHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={form.password}
          onChange={set('password')}
          error={errors.password && t(`validation.${errors.password}`)}
          mb="sm"
          autoFocus
        />
        <PasswordInput
          label={t('reset.confirm')}
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm && t(`validation.${errors.confirm}`)}
          mb="md"
        />
        <Button type="submit" fullWidth size="md" loading={busy}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
