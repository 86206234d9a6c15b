import { Alert, Center, Container, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../data/session';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { Dashboard } from '../components/Dashboard';
import { Programme } from '../components/Programme';
import { affiliateApi } from '../lib/api';
import '../strings';
import { errorMessage } from '../../../ui/errors';
import { PAGES } from '../../../paths';

/** /affiliate (open): the programme and a way in; for an affiliate, their dashboard. */
export default function AffiliatePage() {
  const { t } = useStrings('affiliates');
  const signedIn = Boolean(getToken());
  const me = useQuery({ queryKey: ['affiliates', 'me'], queryFn: affiliateApi.me, enabled: signedIn, retry: false });
  const terms = useQuery({ queryKey: ['affiliates', 'terms'], queryFn: affiliateApi.terms, enabled: !signedIn, retry: false });
  const data = me.data;
  const shownTerms = data?.terms ?? terms.data;
  const error = me.error ?? terms.error;
  return (
    <Container size="sm" py="md" component="main">
      <PageHeader title={data?.affiliate ? t('dashboard') : t('title')} back={signedIn ? PAGES.clients : undefined} />
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {!shownTerms && !error && (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      )}
      <Stack gap="md">
        {data?.affiliate && <Dashboard data={data} />}
        {shownTerms && <Programme terms={shownTerms} joinable={!data?.affiliate} />}
      </Stack>
    </Container>
  );
}
