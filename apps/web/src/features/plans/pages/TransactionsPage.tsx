import { Button, Container, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { adoptToken, goTo, startCheckout, useOnline } from '../api';
import { OfflineNote } from '../components/OfflineNote';
import '../strings';
import { PAGES } from '../../../paths';

/**
 * /transactions?token=…&intent=… (SPEC §2, after registration with a chosen plan): stores the token and
 * starts the checkout for the intent (or ?credit_pack=…). Failure: 'Please login to continue' (4 s).
 */
export default function TransactionsPage() {
  const { t } = useStrings('plans');
  const { search } = useLocation();
  const online = useOnline();
  const params = new URLSearchParams(search);
  const intent = params.get('intent');
  const pack = params.get('credit_pack');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    adoptToken(search);
    if (started.current || (!intent && !pack) || !online) return;
    started.current = true;
    startCheckout({ transaction: intent ? { intent } : { credit_pack: pack as string } })
      .then(({ url }) => goTo(url))
      .catch(() => {
        toast.danger(t('loginToContinue'), 'transactionOrPortal');
        setFailed(true);
      });
  }, [search, intent, pack, online, t]);

  return (
    <Container component="main" size="md" py="md">
      <PageHeader title={t('transactionsTitle')} back={PAGES.home} />
      <OfflineNote />
      {!intent && !pack ? (
        <Stack align="center" py="xl">
          <Text>{t('nothingChosen')}</Text>
          <Button component={Link} to={PAGES.subscribe}>
            {t('goToPlans')}
          </Button>
        </Stack>
      ) : failed ? (
        <Stack align="center" py="xl">
          <Text>{t('loginToContinue')}</Text>
          <Group>
            <Button component={Link} to={PAGES.login}>
              {t('login')}
            </Button>
            <Button component={Link} to={PAGES.subscribe} variant="default">
              {t('goToPlans')}
            </Button>
          </Group>
        </Stack>
      ) : (
        online && (
          <Center py="xl">
            <Stack align="center" aria-busy="true">
              <Loader />
              <Text>{t('redirecting')}</Text>
            </Stack>
          </Center>
        )
      )}
    </Container>
  );
}
