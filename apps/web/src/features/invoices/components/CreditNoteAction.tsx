import '../creditStrings';
import { remainingCreditable } from '@duka/core';
import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { pagePaths } from '../../../paths';
import { asCreditSource, creditNotesFor, priorOf } from '../lib/creditNotes';
import type { Invoice } from '../lib/model';

/**
 * The invoice view's "Credit note" action, by the credit-note page's own rule (what remains creditable after its credit
 * notes): nothing left, it says so instead of opening a page that only says "fully credited" (t19, a dead end).
 */
export function CreditNoteAction({ invoice }: { invoice: Invoice }) {
  const { t } = useStrings('credit');
  const all = useRecords('invoices');
  const left = useMemo(() => {
    // The stored figure (what the server worked out), and what the device's credit notes leave: either at nothing is nothing.
    const stored = invoice.total_due - (invoice.credited_total ?? 0);
    if (!all) return stored;
    return Math.min(stored, remainingCreditable(asCreditSource(invoice), priorOf(creditNotesFor(all, invoice.id))));
  }, [all, invoice]);
  if (left <= 0)
    return (
      <Text size="sm" c="dimmed" data-testid="credit-note-none" style={{ alignSelf: 'center' }}>
        {t('fullyCredited')}
      </Text>
    );
  return (
    <Button variant="light" component={Link} to={pagePaths.creditNote(invoice.id)} data-testid="credit-note-action">
      {t('action')}
    </Button>
  );
}
