import '../strings';
import '../creditStrings';
import '../testSettledStrings';
import {
  isBilledKind,
  documentShowsMinor,
  fiscalLockMessage,
  paidSaleLocked,
  formatMoney,
  refundDueOf,
  isCreditable,
  type Receipt,
  realBalanceOf,
  testPaid,
  testRefundDue,
  testPaymentStatus,
  withheldOf,
} from '@duka/core';
import { Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useRecord } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { useStatusLabel } from '../statusLabel';
import { ReceiptModal } from '../../receipts/ReceiptModal';
import { RecurringPanel } from '../../recurring/RecurringPanel';
import { RemindersPanel } from '../../reminders/RemindersPanel';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { CreditNoteAction } from '../components/CreditNoteAction';
import { CreditNotesPanel } from '../components/CreditNotesPanel';
import { PaymentModal } from '../components/PaymentModal';
import { RefundsDue } from '../components/RefundsDue';
import { SharePanel } from '../components/SharePanel';
import { TestPaidTag } from '../components/TestPaidTag';
import { TotalsPanel } from '../components/TotalsPanel';
import { VoidModal } from '../components/VoidModal';
import { PaymentsCard } from '../components/PaymentsCard';
import { PdfPreviewCard } from '../components/PdfPreviewCard';
import { CreditOfNotice, FiscalLockedNotice, QuoteDeclinedNotice } from '../components/ViewNotices';
import { ViewSummaryCard } from '../components/ViewSummaryCard';
import { InvoiceConflictNotice } from '../components/InvoiceConflictNotice';
import { RefusedBanner } from '../components/RefusedBanner';
import { RenumberNotice } from '../components/RenumberNotice';
import { useRefusedChange } from '../lib/refusedChange';
import { WholeShillingsNotice } from '../components/WholeShillingsNotice';
import { duplicateInvoice } from '../lib/data';
import { asInvoice, STATUS_COLORS, statusOn, totalsOf } from '../lib/model';
import { convertQuote, markSent, publicLink, recordPayment, voidInvoice } from '../lib/ownerApi';
import { useInvoicePdf } from '../lib/usePdf';
import { useSharedNumber } from '../lib/provisional';
import { FiscalStatus } from '../../fiscal/FiscalStatus';
import { pdfFiscal, useFiscal } from '../../fiscal/useFiscal';
import { todayForBusiness } from '../../../data/today';
import { PAGES, pagePaths } from '../../../paths';

/** /invoices/:id: PDF preview made on the device, payments, status actions and sharing. */
export default function InvoiceViewPage() {
  const { t } = useStrings('invoices');
  const { t: tc } = useStrings('credit');
  const { t: tt } = useStrings('testSettled');
  const statusLabel = useStatusLabel();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const local = useRecord('invoices', id);
  // A change the server refused (t19 N6): the page shows the server's copy, with the refused change to review or discard.
  const refused = useRefusedChange(id);
  const record = refused?.server ?? local;
  const inv = useMemo(() => (record ? asInvoice(record) : null), [record]);
  const client = useRecord('contacts', inv?.contact_id ?? null) ?? null;
  const fiscal = useFiscal(inv && inv.kind !== 'quote' ? inv : null, inv?.version !== undefined);
  const credited = useRecord('invoices', inv?.credited_invoice_id ?? null) ?? null;
  // Offline, a number given on this device is provisional (t20 H3): the title and the PDF say so.
  const shared = useSharedNumber(inv, client);
  const { t: tp } = useStrings('provisional');
  // A credit note's PDF names the invoice it credits (issue 26); it has nothing to pay online.
  const pdfInv = useMemo(
    () => (inv ? { ...inv, number: shared.number, ...(credited ? { credited_invoice_number: credited.number } : {}) } : inv),
    [inv, credited, shared.number],
  );
  const pdf = useInvoicePdf(
    pdfInv,
    client,
    inv?.public_id && inv.kind !== 'credit_note' ? publicLink(inv) : null,
    pdfFiscal(fiscal.view, client?.tax_id, inv?.kind === 'credit_note'),
  );
  const [modal, setModal] = useState<'pay' | 'refund' | 'void' | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  if (record === undefined) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  }
  if (!inv) {
    return (
      <>
        <PageHeader title={t('tabTitle')} back={PAGES.invoices} />
        <Text role="alert">{t('notFound')}</Text>
      </>
    );
  }
  const status = statusOn(inv, todayForBusiness());
  const totals = totalsOf(inv);
  // Real money only (issue 22): a test-card payment never makes the invoice look paid nor blocks the real cash.
  const balance = realBalanceOf(inv);
  // TEST MODE payments (t17 G4): no money was received, so the owner's balance is the real one everywhere on this
  // page (header, totals, list), with a note under it and the TEST payment as its own line in the totals; the real
  // cash can still be recorded. (The pay page and the TEST receipt go on with the TEST journey: core testModeBalance.)
  const testTag = testPaymentStatus(inv);
  // Once one amount has kobo or cents, every amount shows them, as on the PDF and the public page (issue 23).
  const minor = documentShowsMinor(inv, totals);
  // A credit note (issue 26) is shown like a quote: its total, no payments, no edits.
  const isCredit = inv.kind === 'credit_note';
  const isQuote = inv.kind === 'quote' || isCredit;
  const isVoid = inv.status === 'void';
  // The customer declined the quote on its link (issue 23): shown with their reason until it is converted or voided.
  // Signed by KRA (issue 26): the printed fields are kept as signed, so no Edit or Void; a credit note instead.
  const locked = isBilledKind(inv.kind) && !isVoid && fiscalLockMessage(fiscal.view?.state) !== null;
  // A counter sale paid with real money keeps what its receipt printed (t21 P5): a credit note or a new sale instead.
  const receiptKept = paidSaleLocked(inv);
  const creditable = isCreditable({ ...inv, fiscalised: fiscal.view?.state === 'fiscalised' });
  const declined = isQuote && !isVoid && !inv.converted_invoice_id && !!inv.declined_at;
  const run = async (fn: () => Promise<unknown>, ok?: string) => {
    setBusy(true);
    try {
      await fn();
      if (ok) toast.success(ok);
    } catch (e) {
      // A command refused (core's rules, the same as the server's): say why.
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={shared.provisional ? tp('title', { number: inv.number }) : inv.number}
        back={PAGES.invoices}
        right={
          <Group gap={6} wrap="nowrap">
            <TestPaidTag status={testPaymentStatus(inv)} label={tt('tag')} />
            <Badge size="lg" color={declined ? 'red' : STATUS_COLORS[status]} autoContrast data-testid="view-status">
              {declined ? t('declined') : isCredit ? tc('kind') : statusLabel(status)}
            </Badge>
          </Group>
        }
      />
      {refused && <RefusedBanner refused={refused} invoiceId={inv.id} />}
      {!refused && <InvoiceConflictNotice invoice={inv} />}
      {inv.notice && <RenumberNotice invoiceId={inv.id} notice={inv.notice} />}
      {declined && <QuoteDeclinedNotice inv={inv} client={client?.name} />}
      {/* A credit note has its own fiscal state (NC) too. */}
      {(!isQuote || isCredit) && <FiscalStatus invoiceId={inv.id} view={fiscal.view} />}
      {locked && <FiscalLockedNotice test={!!fiscal.view?.test} />}
      {isCredit && <CreditOfNotice inv={inv} creditedNumber={credited?.number} />}
      {!isQuote && <RefundsDue invoiceId={inv.id} onServer={inv.version !== undefined} />}
      {!isQuote && !isVoid && <WholeShillingsNotice inv={inv} balance={balance} locked={locked && fiscal.view?.test ? 'test' : locked} />}
      <ViewSummaryCard inv={inv} client={client?.name} balance={balance} minor={minor} isQuote={isQuote} isCredit={isCredit} />

      <Group gap="xs" display={isCredit ? 'none' : undefined}>
        {!isQuote && !isVoid && balance > 0 && (
          <Button onClick={() => setModal('pay')} disabled={busy}>
            {t('recordPayment')}
          </Button>
        )}
        {/* A credit note took back more than was left to pay (t21 R1): the owner records the money handed back. */}
        {!isQuote && !isVoid && totals.credit > 0 && (
          <Button onClick={() => setModal('refund')} disabled={busy}>
            {t('recordRefund')}
          </Button>
        )}
        {!isVoid && !inv.sent_at && (
          <Button variant="light" onClick={() => void run(() => markSent(inv), t('markedSent'))} loading={busy}>
            {t('markSent')}
          </Button>
        )}
        {isQuote && !isVoid && !inv.converted_invoice_id && (
          <Button
            variant="light"
            loading={busy}
            onClick={() =>
              void run(async () => {
                const newId = await convertQuote(inv);
                toast.success(t('converted'));
                navigate(pagePaths.invoice(newId));
              })
            }
          >
            {t('convert')}
          </Button>
        )}
        {/* Paid and part-paid invoices stay editable while the total covers what was paid (issue 14). */}
        {/* An invoice with credit notes keeps its lines, taxes and discount (the server refuses them): no Edit (t19 N6). */}
        {!isVoid && !locked && !receiptKept && !((inv.credited_total ?? 0) > 0) && (
          <Button variant="default" component={Link} to={pagePaths.newInvoice({ id: inv.id })}>
            {t('edit')}
          </Button>
        )}
        <Button
          variant="default"
          loading={busy}
          onClick={() =>
            void run(async () => {
              const copy = await duplicateInvoice(inv);
              toast.success(t('duplicated', { number: copy.number }));
              navigate(pagePaths.newInvoice({ id: copy.id }));
            })
          }
        >
          {t('duplicate')}
        </Button>
        {/* Fully credited: nothing is left to credit, so it says so instead of a dead-end Credit note button (t19 N6). */}
        {creditable && <CreditNoteAction invoice={inv} />}
        {!isVoid && !locked && (
          <Button variant="default" c="red.9" onClick={() => setModal('void')}>
            {t('void')}
          </Button>
        )}
      </Group>

      {!isQuote && <CreditNotesPanel invoice={inv} minor={minor} />}

      {!isVoid && !isCredit && <SharePanel invoice={inv} client={client} pdf={pdf.blob} />}

      {/* A till sale is made once, at the counter: nothing to repeat. */}
      {!isQuote && !isVoid && inv.kind !== 'sale' && <RecurringPanel invoiceId={inv.id} onServer={inv.version !== undefined} issueDate={inv.issue_date} />}
      {!isQuote && !isVoid && inv.sent_at && (inv.kind !== 'sale' || balance > 0) && (
        <RemindersPanel
          invoiceId={inv.id}
          onServer={inv.version !== undefined}
          revision={`${inv.version}:${inv.status}:${inv.sent_at}:${inv.amount_paid}:${inv.payments.length}`}
        />
      )}

      <PdfPreviewCard pdf={pdf} number={inv.number} file={shared.file} />

      <Card withBorder padding="sm">
        <TotalsPanel
          totals={totals}
          currency={inv.currency}
          showPaid={!isQuote && !isVoid}
          minor={minor}
          credited={inv.credited_total ?? 0}
          discount={inv.discount}
          withheld={withheldOf(inv.payments)}
          totalLabel={isCredit ? tc('totalCredited') : undefined}
          test={
            testTag && !isQuote && !isVoid
              ? { paidLabel: tt('paidRow'), paid: testPaid(inv), refundLabel: tt('refundRow'), refund: testRefundDue(inv) }
              : undefined
          }
        />
        {/* An invoice voided while it held payments (old rows, t19 N7): what was paid is owed back to the client. */}
        {isVoid && refundDueOf(inv) > 0 && (
          <Group justify="space-between" wrap="nowrap" mt={4}>
            <Text fw={700}>{tc('refundDue')}</Text>
            <Text fw={700} data-testid="refund-due" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(refundDueOf(inv), inv.currency, { minor })}
            </Text>
          </Group>
        )}
      </Card>

      {!isQuote && <PaymentsCard inv={inv} minor={minor} onReceipt={setReceipt} />}

      <ReceiptModal receipt={receipt} onClose={() => setReceipt(null)} client={client} publicId={inv.public_id ?? ''} synced={inv.version !== undefined} />
      <PaymentModal
        opened={modal === 'pay' || modal === 'refund'}
        onClose={() => setModal(null)}
        invoice={{ ...inv, balance }}
        refundDue={modal === 'refund' ? totals.credit : undefined}
        onSave={async (p) => {
          await recordPayment(inv, p);
          toast.success(t(p.refund ? 'refundSaved' : 'paymentSaved'));
          setModal(null);
        }}
      />
      <VoidModal
        inv={inv}
        opened={modal === 'void'}
        busy={busy}
        minor={minor}
        creditable={creditable}
        onClose={() => setModal(null)}
        onVoid={() => void run(() => voidInvoice(inv), t('voided', { context: inv.kind })).then(() => setModal(null))}
      />
    </Stack>
  );
}
