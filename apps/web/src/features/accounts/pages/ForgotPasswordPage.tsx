import { Alert, Anchor, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { SubmitButton } from '../../../ui/form';
import { toast } from '../../../ui/toast';
import { forgotPassword } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import '../strings';
import { accountErrorText, validEmail } from '../validation';
import { PAGES } from '../../../paths';

export default function ForgotPasswordPage() {
  const { t } = useStrings('accounts');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const rule = validEmail(email);
    setError(rule && accountErrorText(t, rule));
    if (rule) return;
    setBusy(true);
    try {
      const { message } = await forgotPassword(email);
      setSent(message);
    } catch (err) {
      toast.error(err, t('forgot.failed'), 'resetOrDelete');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <Anchor component={Link} to={PAGES.login} fw={600}>
          {t('forgot.back')}
        </Anchor>
      }
    >
      {sent && (
        <Alert color="teal" title={t('forgot.sent')} role="status">
          {sent}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('forgot.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          mb="md"
          autoFocus
        />
        <SubmitButton fullWidth size="md" pending={busy}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
