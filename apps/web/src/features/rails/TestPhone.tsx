import './strings';
import './testPhoneStrings';
import { formatMoney, isLanguage, RAILS, type TestPhoneView } from '@duka/core';
import { Alert, Badge, Button, Card, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { setLanguage, useLanguage, useStrings } from '../../i18n/lite';
import { errorMessage } from '../../ui/errors';
import { answerTestPhone, testPhone } from './testPhoneApi';
import { publicPagePaths } from '../../publicPaths';

/**
 * The test provider's phone (/test-phone/{reference}, TEST MODE, issue 25): shows the mobile-money prompt the
 * customer would get, with Approve, Decline and Let it time out. The test provider then calls Duka back the way
 * the real provider does, and the invoice page (polling) turns to Paid once Duka has confirmed it.
 */
/** How often the page asks whether the voucher was typed on the invoice page. */
const VOUCHER_POLL_MS = 2_000;

export default function TestPhone({ reference }: { reference: string }) {
  const { t } = useStrings('testPhone');
  const { t: tRails } = useStrings('rails');
  const language = useLanguage();
  const [view, setView] = useState<TestPhoneView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A voucher to type on the invoice page first (Telecel Cash): the prompt shows here once the page has taken it.
  const voucher = view?.status === 'pending' ? view.voucher : null;
  useEffect(() => {
    if (!voucher) return;
    const timer = setInterval(() => {
      testPhone(reference).then(
        (v) => setView(v),
        () => undefined, // a lost poll is retried on the next tick
      );
    }, VOUCHER_POLL_MS);
    return () => clearInterval(timer);
  }, [reference, voucher]);

  useEffect(() => {
    testPhone(reference).then(
      async (v) => {
        // The customer's language, as on the invoice's page: ?lang= from its link, else the invoice's (the client's).
        const lang = new URLSearchParams(window.location.search).get('lang') ?? v.language;
        if (isLanguage(lang) && lang !== language) await setLanguage(lang).catch(() => undefined);
        setView(v);
      },
      (e: unknown) => setError(errorMessage(e, t('notFound'))),
    );
    // t changes with the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference]);

  if (!view) {
    return error ? (
      <Container size="xs" py="xl">
        <Alert color="red" role="alert">
          {error}
        </Alert>
      </Container>
    ) : (
      <Center mih="60vh" role="status" aria-busy="true" aria-label={t('phoneTitle')}>
        <Loader />
      </Center>
    );
  }

  const answer = async (action: 'approve' | 'decline' | 'timeout') => {
    setBusy(true);
    setError(null);
    try {
      const r = await answerTestPhone(reference, action);
      setView({ ...view, status: r.status, left: r.left });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  // A hosted checkout's stand-in (Chapa, Ozow, Flutterwave's checkout) is a page, not a phone.
  const hosted = RAILS[view.rail]?.kind === 'checkout';
  return (
    <Container size="xs" py="md" px="sm">
      <Stack gap="md">
        <Alert color="orange" title={tRails('testMode')} data-testid="test-phone-banner">
          {t(hosted ? 'checkoutBanner' : 'phoneBanner', { rail: view.rail_name })}
        </Alert>
        <Title order={1} size="h3">
          {t(hosted ? 'checkoutTitle' : 'phoneTitle')} <Badge color="orange">{tRails('testMode')}</Badge>
        </Title>
        <Card withBorder radius="lg" p="md" data-testid="test-phone-prompt">
          <Stack gap="sm">
            <Text fw={700}>{view.rail_name}</Text>
            <Text>
              {t('phonePrompt', {
                business: view.business,
                amount: formatMoney(view.amount, view.currency, { language, minor: view.minor }),
                rail: view.rail_name,
                number: view.number,
              })}
            </Text>
            {view.phone && <Text c="dimmed">{t('phoneNumber', { phone: `+${view.phone}` })}</Text>}
            {voucher ? (
              <Alert color="blue" title={t('voucherTitle')} data-testid="test-phone-voucher">
                <Text size="xl" fw={700} ff="monospace" data-testid="test-phone-voucher-code">
                  {voucher}
                </Text>
                <Text size="sm">{t('voucherBody', { rail: view.rail_name })}</Text>
              </Alert>
            ) : view.status === 'pending' ? (
              <Stack gap="xs">
                <Button color="green" loading={busy} onClick={() => void answer('approve')} data-testid="test-phone-approve">
                  {t('approve')}
                </Button>
                <Button color="red" variant="outline" disabled={busy} onClick={() => void answer('decline')} data-testid="test-phone-decline">
                  {t('decline')}
                </Button>
                <Button variant="default" disabled={busy} onClick={() => void answer('timeout')} data-testid="test-phone-timeout">
                  {t('letTimeOut')}
                </Button>
              </Stack>
            ) : (
              <Alert color={view.status === 'approved' ? 'teal' : 'gray'} role="status" data-testid="test-phone-answered">
                {view.status === 'approved' && (view.left ?? 0) > 0
                  ? t('answered.approvedPart', { left: formatMoney(view.left ?? 0, view.currency, { language, minor: view.minor }) })
                  : t(`answered.${view.status}`)}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </Card>
        {view.public_id && (
          <Button component="a" href={backTo(view, reference)} variant="light">
            {t('backToInvoice')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/**
 * The invoice page; after a hosted checkout (Chapa), with the rail and reference the real checkout returns with, so
 * the page waits for that payment and shows its receipt.
 */
function backTo(view: TestPhoneView, reference: string): string {
  const page = publicPagePaths.invoiceLink(view.public_id);
  return RAILS[view.rail]?.kind === 'checkout' ? `${page}?rail=${encodeURIComponent(view.rail)}&reference=${encodeURIComponent(reference)}` : page;
}
