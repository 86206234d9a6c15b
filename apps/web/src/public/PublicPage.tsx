import { Container, Text, Title } from '@mantine/core';
import { InvoiceLinkView } from '../features/invoices/components/InvoiceLinkView';
import ThankYouPage from '../features/invoices/pages/ThankYouPage';

const LINK = /^\/invoice\/link\/([^/]+)\/?$/;

/** The page for a public path: invoice/link/{id}, thank-you, or a plain 'not found'. */
export function PublicPage({ path }: { path: string }) {
  const link = LINK.exec(path);
  if (link) return <InvoiceLinkView id={decodeURIComponent(link[1])} onPaid={(next) => window.location.assign(next)} />;
  if (path === '/thank-you' || path === '/thank-you/') return <ThankYouPage />;
  return (
    <Container size="xs" py="xl">
      <Title order={1}>Page not found</Title>
      <Text>
        <a href="/">Open Duka</a>
      </Text>
    </Container>
  );
}
