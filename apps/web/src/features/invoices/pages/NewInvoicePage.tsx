import '../strings';
import type { InvoiceKind } from '@duka/core';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useLocal, useRecord, useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { PAGES } from '../../../paths';
import { PageHeader } from '../../../ui/PageHeader';
import { FiscalEditGuard } from '../components/FiscalEditGuard';
import { InvoiceEditor } from '../components/InvoiceEditor';
import { allocateNumber, blankInvoice, collectionPulled, feeInput } from '../lib/data';
import { toEditorState } from '../lib/editor';
import { mergeFees } from '../lib/editorFees';
import { asInvoice } from '../lib/model';

/** new-invoice: create or edit (?id=) an invoice or a quote (?kind=quote). Saves on the device first. */
export default function NewInvoicePage() {
  const { t } = useStrings('invoices');
  const [params] = useSearchParams();
  const editId = params.get('id');
  const newKind: InvoiceKind = params.get('kind') === 'quote' ? 'quote' : 'invoice';
  // The contact page links to /new-invoice?contact=<id> to start an invoice for that client.
  const contactId = params.get('contact');
  const record = useRecord('invoices', editId);
  const fees = useRecords('fees');
  const number = useLocal(() => (editId ? null : allocateNumber(newKind)), [editId, newKind]);

  // A link (?id=) opened before the device's first sync brought the invoices (a new phone): the invoice may be on its
  // way, so the editor waits for it; "not found" only once the invoices were pulled (issue 23). A new invoice reads none
  // of this: what opens it must not change later (a new start would remount the form, losing what is being typed).
  const invoicesPulled = useLocal(() => (editId ? collectionPulled('invoices') : true), [editId]);
  const linked = !editId ? 'none' : record ? 'found' : record === null && invoicesPulled === true ? 'missing' : 'waiting';
  const waitingForSync = linked === 'waiting' && record === null && invoicesPulled === false;
  const feesLoaded = fees !== undefined;
  const numberLoaded = number !== undefined;
  // The stored invoice, or a blank one numbered from the user's series with the default-on fees.
  const start = useMemo(() => {
    if (!fees || number === undefined || linked === 'waiting') return undefined;
    const all = fees.map(feeInput);
    if (editId) {
      if (!record) return null;
      const inv = asInvoice(record);
      return { base: inv, state: toEditorState({ ...inv, fees: mergeFees(inv.fees, all) }) };
    }
    const on = new Set(fees.filter((f) => f.default_on).map((f) => f.id));
    const inv = {
      ...blankInvoice(
        newKind,
        number ?? '',
        all.filter((f) => on.has(f.id)),
      ),
      contact_id: contactId,
    };
    return { base: inv, state: toEditorState({ ...inv, fees: all }) };
    // Only the first complete load counts: later changes (e.g. this editor's own save) must not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [feesLoaded, numberLoaded, linked, editId, newKind]);

  if (start === null) {
    return (
      <>
        <PageHeader title={t('editInvoice')} back={PAGES.invoices} />
        <Text role="alert">{t('notFound', { context: newKind })}</Text>
      </>
    );
  }
  if (!start) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
        <Stack align="center" gap="xs">
          <Loader />
          {waitingForSync && (
            <Text size="sm" c="dimmed" ta="center" data-testid="waiting-first-sync">
              {t('waitingFirstSync', { context: newKind })}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  // An invoice KRA signed is not edited (issue 26): the guard says why and offers its credit note instead.
  return (
    <FiscalEditGuard invoice={editId ? start.base : null} title={t('editInvoice')}>
      <InvoiceEditor key={start.base.id} initialBase={start.base} initialState={start.state} isEdit={!!editId} />
    </FiscalEditGuard>
  );
}
