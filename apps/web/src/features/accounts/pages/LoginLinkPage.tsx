import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setSession } from '../../../data/session';
import { setCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { redeemLoginLink } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { PAGES } from '../../../paths';
import '../strings';

/**
 * /login-link?token=…: the page a mailed login link opens (issue 22 item 5; single use, 15 minutes). It
 * trades the token for a session once, and this browser becomes a known device of the account.
 */
export default function LoginLinkPage() {
  const { t } = useStrings('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(false);
  // The token works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    redeemLoginLink(token).then(
      ({ user, jwt }) => {
        setSession(jwt, user);
        setCurrentUser(user);
        toast.success(t('login.welcomeBack', { name: user.name }));
        navigate(PAGES.home, { replace: true });
      },
      () => setFailed(true),
    );
  }, [token, navigate, t]);

  const footer = (
    <Anchor component={Link} to={PAGES.login} fw={600}>
      {t('loginLink.backToLogin')}
    </Anchor>
  );
  return (
    <AuthLayout title={t('loginLink.title')} footer={footer}>
      {!token || failed ? (
        <Alert color="yellow" role="alert">
          {token ? t('loginLink.failed') : t('loginLink.missingToken')}
        </Alert>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('loginLink.working')}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
