import '../invoiceLinkStrings';
import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMoney, documentShowsMinor } from '@duka/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLanguage, useStrings } from '../../../i18n/lite';
import { publicPagePaths } from '../../../publicPaths';
import { fetchPublicInvoice, type PublicInvoice } from '../publicApi';
import { PublicReceipts } from '../components/PublicReceipts';

// A plan or credit-pack checkout comes back here with ?checkout=…: wait for its webhook (features/plans).
const CheckoutWait = lazy(() => import('../../plans/components/CheckoutWait'));
// Back from an invoice's hosted (Paystack) checkout with ?reference=…: verified before "paid" (features/paystack).
const VerifyPayment = lazy(() => import('../../paystack/VerifyPayment'));

/** thank-you: where a confirmed card payment lands (SPEC §2, §4). Router-free: the public entry renders it too. */
export default function ThankYouPage() {
  const { t } = useStrings('invoiceLink');
  const language = useLanguage();
  const query = new URLSearchParams(window.location.search);
  const invoice = query.get('invoice');
  const checkout = query.get('checkout');
  const inv = usePaidInvoice(checkout ? null : invoice);
  if (checkout) {
    return (
      <Container size="xs" py="xl">
        <Suspense fallback={<Loader />}>
          <CheckoutWait reference={checkout} />
        </Suspense>
      </Container>
    );
  }
  const reference = query.get('reference');
  const receipts = inv && <ThankYouReceipts inv={inv} />;
  const test = query.get('test') === '1';
  // After a TEST part payment the invoice is partly paid, not paid (t20 H1): said once the invoice is read.
  const testBody =
    inv?.test_balance === undefined
      ? t('thankYouBodyTestShort')
      : inv.test_balance > 0
        ? t('thankYouBodyTestPart', { left: formatMoney(inv.test_balance, inv.currency, { language, minor: documentShowsMinor(inv, inv) }) })
        : t('thankYouBodyTest');
  const paid = (
    <Stack align="center" ta="center" gap="md" role="status">
      {/* A plain round badge (Mantine's ThemeIcon alone cost the pay flow 0.5 KB gz). */}
      <span
        aria-hidden="true"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          background: 'var(--mantine-color-teal-filled)',
          color: 'var(--mantine-color-white)',
        }}
      >
        <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12l5 5L20 7" />
        </svg>
      </span>
      <Title order={1}>{t('thankYouTitle')}</Title>
      {/* After a TEST MODE payment (the test provider's card, checkout or prompt): no money moved, and the page says so (t14 D11, t16). */}
      <Text data-testid="thank-you-body">{test ? testBody : t('thankYouBody')}</Text>
      {test && (
        <Text fw={700} c="#8a3c00" data-testid="thank-you-test">
          {t('railTestMode')}
        </Text>
      )}
      {receipts}
      {invoice && (
        <Button component="a" href={publicPagePaths.invoiceLink(invoice)} variant="light">
          {t('backToInvoice')}
        </Button>
      )}
    </Stack>
  );
  return (
    <Container size="xs" py="xl">
      {reference ? (
        <Suspense fallback={<Loader />}>
          <VerifyPayment reference={reference} invoice={invoice} paid={paid} />
        </Suspense>
      ) : (
        paid
      )}
    </Container>
  );
}

/**
 * The invoice just paid, read for its receipts (t18 E2) and what TEST MODE left (t20 H1). A card payment confirmed by
 * the provider's webhook may reach the invoice a few seconds after this page: it is asked again a few times until it does.
 */
function usePaidInvoice(invoice: string | null): PublicInvoice | null {
  const [inv, setInv] = useState<PublicInvoice | null>(null);
  useEffect(() => {
    if (!invoice) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (tries: number) =>
      fetchPublicInvoice(invoice).then(
        (fetched) => {
          if (cancelled) return;
          setInv(fetched);
          if (!fetched.payments.length && tries > 1) timer = setTimeout(() => ask(tries - 1), 3000);
        },
        () => undefined,
      );
    void ask(5);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [invoice]);
  return inv;
}

/** The receipts of the invoice just paid, each a "Download receipt" link. */
function ThankYouReceipts({ inv }: { inv: PublicInvoice }) {
  const language = useLanguage();
  const minor = documentShowsMinor(inv, inv);
  return <PublicReceipts publicId={inv.public_id} payments={inv.payments} money={(m) => formatMoney(m, inv.currency, { language, minor })} />;
}
