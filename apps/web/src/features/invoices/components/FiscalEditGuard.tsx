import '../../fiscal/strings';
import '../creditStrings';
import { fiscalKindOf, fiscalLockMessage, isCreditable } from '@duka/core';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import type { Invoice } from '../lib/model';
import { useFiscal } from '../../fiscal/useFiscal';
import { pagePaths } from '../../../paths';

/**
 * Guards a page that edits an invoice (issue 26): an invoice KRA signed (or that is on its way to KRA) keeps what
 * was signed, so the page is not shown. Instead it says why, in core's words (the server's 409), and offers the
 * credit note. `title`: the page's heading. Anything else (a draft, a quote, an invoice awaiting KRA) is edited.
 */
export function FiscalEditGuard({ invoice, title, children }: { invoice: Invoice | null; title: string; children: ReactNode }) {
  const { t } = useStrings('fiscal');
  const { t: tc } = useStrings('credit');
  const { t: tu } = useStrings('ui');
  // Only a finished or sent invoice goes to KRA (core's rule): a draft or a quote opens at once.
  const sale = invoice && fiscalKindOf(invoice) === 'sale' ? invoice : null;
  const fiscal = useFiscal(sale, invoice?.version !== undefined);
  // An issued credit note is never edited (core's rule, the server refuses it): say so instead of the editor.
  if (invoice?.kind === 'credit_note' && invoice.version !== undefined)
    return (
      <Stack gap="md">
        <PageHeader title={`${title} · ${invoice.number}`} back={pagePaths.invoice(invoice.id)} />
        <Alert color="blue" variant="light" role="alert" title={t('creditNoteLockedTitle')} data-testid="fiscal-edit-refused">
          <Text size="sm">{tc('rules.immutable')}</Text>
        </Alert>
        <Group gap="xs">
          <Button variant="default" component={Link} to={pagePaths.invoice(invoice.id)}>
            {t('openCreditNote')}
          </Button>
        </Group>
      </Stack>
    );
  if (!invoice || !sale) return <>{children}</>;
  const state = fiscal.view?.state;
  const message = fiscalLockMessage(state);
  if (!message) {
    if (!fiscal.settled)
      return (
        <Center py="xl" role="status" aria-busy="true" aria-label={tu('loading')}>
          <Loader />
        </Center>
      );
    return <>{children}</>;
  }
  const signed = state === 'fiscalised';
  // TEST MODE: nothing went to KRA, and the words say so.
  const test = !!fiscal.view?.test;
  const creditable = signed && isCreditable({ ...invoice, fiscalised: true });
  return (
    <Stack gap="md">
      <PageHeader title={`${title} · ${invoice.number}`} back={pagePaths.invoice(invoice.id)} />
      <Alert
        color="blue"
        variant="light"
        role="alert"
        title={t(signed ? (test ? 'lockedTitleTest' : 'lockedTitle') : test ? 'lockedInFlightTitleTest' : 'lockedInFlightTitle')}
        data-testid="fiscal-edit-refused"
      >
        <Text size="sm">{t(signed ? (test ? 'lockedTest' : 'locked') : test ? 'lockedInFlightTest' : 'lockedInFlight')}</Text>
      </Alert>
      <Group gap="xs">
        {creditable && (
          <Button component={Link} to={pagePaths.creditNote(invoice.id)} data-testid="credit-note-action">
            {tc('action')}
          </Button>
        )}
        <Button variant="default" component={Link} to={pagePaths.invoice(invoice.id)}>
          {t('openInvoice')}
        </Button>
      </Group>
    </Stack>
  );
}
