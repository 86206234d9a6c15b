import '../creditStrings';
import { formatDate, isCreditReasonCode } from '@duka/core';
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { pagePaths } from '../../../paths';
import type { Invoice } from '../lib/model';

/** The customer declined the quote on its link (issue 23): their reason, until it is converted or voided. */
export function QuoteDeclinedNotice({ inv, client }: { inv: Invoice; client: string | undefined }) {
  const { t } = useStrings('invoices');
  if (!inv.declined_at) return null;
  return (
    <Alert color="red" variant="light" role="status" data-testid="quote-declined">
      <Text size="sm">{t('declinedNote', { client: client ?? '—', date: formatDate(inv.declined_at.slice(0, 10)) })}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {inv.decline_reason ? t('declinedReason', { reason: inv.decline_reason }) : t('declinedNoReason')}
      </Text>
    </Alert>
  );
}

/** Signed by KRA (issue 26): the printed fields are kept as signed, so no Edit or Void; a credit note instead. */
export function FiscalLockedNotice({ test }: { test: boolean }) {
  const { t: tf } = useStrings('fiscal');
  return (
    <Alert color="blue" variant="light" role="status" title={tf(test ? 'lockedTitleTest' : 'lockedTitle')} data-testid="fiscal-locked">
      <Text size="sm">{tf(test ? 'lockedTest' : 'locked')}</Text>
    </Alert>
  );
}

/** A credit note (issue 26): the invoice it credits (a link), its reason and KRA's reason code. */
export function CreditOfNotice({ inv, creditedNumber }: { inv: Invoice; creditedNumber: string | undefined }) {
  const { t: tc } = useStrings('credit');
  return (
    <Alert color="blue" variant="light" role="status" data-testid="credit-of">
      <Text size="sm">
        {tc('creditsInvoice', { number: '' })}
        <Anchor component={Link} to={pagePaths.invoice(inv.credited_invoice_id ?? '')}>
          {creditedNumber ?? ''}
        </Anchor>
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {tc('reasonShown', { reason: inv.credit_reason ?? '' })}
      </Text>
      {isCreditReasonCode(inv.credit_reason_code) && (
        <Text size="sm" data-testid="credit-reason-code">
          {tc('kraReasonShown', { reason: `${inv.credit_reason_code} · ${tc(`reasonCodes.${inv.credit_reason_code}`)}` })}
        </Text>
      )}
    </Alert>
  );
}
