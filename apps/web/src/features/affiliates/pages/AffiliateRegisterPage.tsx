import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { getToken } from '../../../data/session';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { PayoutForm } from '../components/PayoutForm';
import { Programme } from '../components/Programme';
import { affiliateApi } from '../lib/api';
import '../strings';
import { errorMessage } from '../../../ui/errors';
import { PAGES, pagePaths } from '../../../paths';

/** /affiliate/register (open): a signed-in user joins with payout details; a visitor logs in or signs up first. */
export default function AffiliateRegisterPage() {
  const { t } = useStrings('affiliates');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const signedIn = Boolean(getToken());
  const me = useQuery({ queryKey: ['affiliates', 'me'], queryFn: affiliateApi.me, enabled: signedIn, retry: false });
  const terms = useQuery({ queryKey: ['affiliates', 'terms'], queryFn: affiliateApi.terms, enabled: !signedIn, retry: false });
  if (me.data?.affiliate) return <Navigate to={PAGES.affiliate} replace />;
  const shownTerms = me.data?.terms ?? terms.data;
  return (
    <Container size="sm" py="md" component="main">
      <PageHeader title={t('register.title')} back={PAGES.affiliate} />
      <Stack gap="md">
        {!signedIn && (
          <Paper withBorder p="md">
            <Text mb="sm">{t('register.signInFirst')}</Text>
            <Group>
              <Button component={Link} to={pagePaths.login(PAGES.affiliateRegister)}>
                {t('register.login')}
              </Button>
              <Button component={Link} to={PAGES.register} variant="light">
                {t('register.create')}
              </Button>
            </Group>
          </Paper>
        )}
        {signedIn && me.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label={t('loading')} />
          </Center>
        )}
        {me.error && <Alert color="red">{errorMessage(me.error)}</Alert>}
        {signedIn && me.data && !me.data.affiliate && (
          <Paper withBorder p="md">
            <PayoutForm
              submitLabel={t('register.submit')}
              onSubmit={async (input) => {
                const d = await affiliateApi.join(input);
                qc.setQueryData(['affiliates', 'me'], d);
                toast.success(t('register.joined'));
                navigate(PAGES.affiliate);
              }}
            />
          </Paper>
        )}
        {shownTerms && <Programme terms={shownTerms} joinable={false} />}
      </Stack>
    </Container>
  );
}
