import { Container, Loader, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import '../features/invoices/invoiceLinkStrings';
import { useStrings } from '../i18n/lite';
import { InvoiceLinkView } from '../features/invoices/components/InvoiceLinkView';
import { loadFullStyles } from '../boot/styles';
import { PUBLIC_PAGES } from '../publicPaths';

// Only loaded on its own path: a client opening an invoice link does not download the thank-you page.
const ThankYouPage = lazy(() => import('../features/invoices/pages/ThankYouPage'));

const LINK = /^\/invoice\/link\/([^/]+)\/?$/;
const CHECKOUT = /^\/pay\/checkout\/([^/]+)\/?$/;
// The test provider's Paystack-like checkout page (TEST MODE), only loaded on its own path.
// Its radio buttons need Mantine's full CSS (the public page ships only the first screen's): without it they drew as
// large black circles (issue 23).
const TestPaystackCheckout = lazy(() =>
  Promise.all([import('../features/paystack/TestPaystackCheckout'), loadFullStyles().catch(() => undefined)]).then(([m]) => m),
);

// The test provider's phone for mobile-money prompts (TEST MODE, issue 25), only loaded on its own path.
const TEST_PHONE = /^\/test-phone\/([^/]+)\/?$/;
const TestPhone = lazy(() => import('../features/rails/TestPhone'));

/** The page for a public path: invoice/link/{id}, thank-you, or a plain 'not found'. */
export function PublicPage({ path }: { path: string }) {
  const { t } = useStrings('invoiceLink');
  const link = LINK.exec(path);
  if (link) return <InvoiceLinkView id={decodeURIComponent(link[1])} onPaid={(next) => window.location.assign(next)} customerLanguage />;
  const checkout = CHECKOUT.exec(path);
  if (checkout) {
    return (
      <Suspense fallback={<Loader role="status" aria-label={t('publicLoading')} />}>
        <TestPaystackCheckout reference={decodeURIComponent(checkout[1])} />
      </Suspense>
    );
  }
  const phone = TEST_PHONE.exec(path);
  if (phone) {
    return (
      <Suspense fallback={<Loader role="status" aria-label={t('publicLoading')} />}>
        <TestPhone reference={decodeURIComponent(phone[1])} />
      </Suspense>
    );
  }
  if (path === PUBLIC_PAGES.thankYou || path === `${PUBLIC_PAGES.thankYou}/`) {
    return (
      <Suspense fallback={<Loader role="status" aria-label={t('publicLoading')} />}>
        <ThankYouPage />
      </Suspense>
    );
  }
  return (
    <Container size="xs" py="xl">
      <Title order={1}>{t('pageNotFound')}</Title>
      <Text>
        <a href={PUBLIC_PAGES.home}>{t('openDuka')}</a>
      </Text>
    </Container>
  );
}
