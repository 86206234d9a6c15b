import '../strings';
import '../creditStrings';
import '../testSettledStrings';
import {
  isBilledKind,
  documentShowsMinor,
  fiscalLockMessage,
  paidSaleLocked,
  formatDate,
  formatMoney,
  paidWithBrand,
  refundDueOf,
  isCreditable,
  isCreditReasonCode,
  type Receipt,
  realBalanceOf,
  testPaid,
  testRefundDue,
  testPaymentStatus,
} from '@duka/core';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
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
import { InvoiceConflictNotice } from '../components/InvoiceConflictNotice';
import { RefusedBanner } from '../components/RefusedBanner';
import { RenumberNotice } from '../components/RenumberNotice';
import { useRefusedChange } from '../lib/refusedChange';
import { WholeShillingsNotice } from '../components/WholeShillingsNotice';
import { receiptOnDevice } from '../lib/creditNotes';
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
  const { t: tf } = useStrings('fiscal');
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
      <Center py="xl" aria-busy="true" aria-label={t('loading')}>
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
      {declined && inv.declined_at && (
        <Alert color="red" variant="light" role="status" data-testid="quote-declined">
          <Text size="sm">{t('declinedNote', { client: client?.name ?? '—', date: formatDate(inv.declined_at.slice(0, 10)) })}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {inv.decline_reason ? t('declinedReason', { reason: inv.decline_reason }) : t('declinedNoReason')}
          </Text>
        </Alert>
      )}
      {/* A credit note has its own fiscal state (NC) too. */}
      {(!isQuote || isCredit) && <FiscalStatus invoiceId={inv.id} view={fiscal.view} />}
      {locked && (
        <Alert color="blue" variant="light" role="status" title={tf(fiscal.view?.test ? 'lockedTitleTest' : 'lockedTitle')} data-testid="fiscal-locked">
          <Text size="sm">{tf(fiscal.view?.test ? 'lockedTest' : 'locked')}</Text>
        </Alert>
      )}
      {isCredit && (
        <Alert color="blue" variant="light" role="status" data-testid="credit-of">
          <Text size="sm">
            {tc('creditsInvoice', { number: '' })}
            <Anchor component={Link} to={pagePaths.invoice(inv.credited_invoice_id ?? '')}>
              {credited?.number ?? ''}
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
      )}
      {!isQuote && <RefundsDue invoiceId={inv.id} onServer={inv.version !== undefined} />}
      {!isQuote && !isVoid && <WholeShillingsNotice inv={inv} balance={balance} locked={locked && fiscal.view?.test ? 'test' : locked} />}
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('client')}
            </Text>
            <Text fw={600}>{client?.name ?? '—'}</Text>
          </Stack>
          {/* A credit note has no date to pay by nor to accept by (issue 26 D9). */}
          {!isCredit && (
            <Stack gap={0} data-testid="view-due">
              <Text size="sm" c="dimmed">
                {isQuote ? t('validUntil') : t('dueDate')}
              </Text>
              <Text>{inv.due_date ? formatDate(inv.due_date) : '—'}</Text>
            </Stack>
          )}
          {/* A quote and a void invoice owe nothing: they show their total, never a balance (issue 14). */}
          <Stack gap={0} align="flex-end">
            <Text size="sm" c="dimmed">
              {isCredit ? tc('totalCredited') : isQuote || isVoid ? t('total') : t('balance')}
            </Text>
            <Text
              fw={700}
              data-testid={isQuote || isVoid ? 'view-total' : 'view-balance'}
              data-balance={isQuote || isVoid ? undefined : balance}
              td={isVoid ? 'line-through' : undefined}
            >
              {formatMoney(isQuote || isVoid ? inv.total_due : balance, inv.currency, { minor })}
            </Text>
            {testTag && !isQuote && !isVoid && (
              <Text size="xs" c="orange.9" ta="right" data-testid="view-test-settled">
                {tt(testTag === 'paid' ? 'settled' : 'part')}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>

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

      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('preview')}</Text>
          {pdf.url && (
            <Button component="a" href={pdf.url} download={`${shared.file}.pdf`} size="xs" variant="light" data-testid="download-pdf">
              {t('download')}
            </Button>
          )}
        </Group>
        {pdf.error ? (
          <Alert color="red">{t('pdfFailed')}</Alert>
        ) : !pdf.url ? (
          <Center h={200} aria-busy="true" aria-label={t('pdfBuilding')}>
            <Loader />
          </Center>
        ) : (
          <object
            data={pdf.url}
            type="application/pdf"
            aria-label={`${t('preview')} ${inv.number}`}
            data-testid="pdf-preview"
            data-ms={pdf.ms ?? ''}
            data-fiscal={pdf.fiscal ?? ''}
            style={{ width: '100%', height: '70vh', border: 0 }}
          >
            {/* A browser that shows no PDF in the page (most phones): a sentence, not a second "Download PDF" (t17 K4). */}
            <Text size="sm" c="dimmed" data-testid="pdf-no-preview">
              {t('pdfNoPreview')}
            </Text>
          </object>
        )}
      </Card>

      <Card withBorder padding="sm">
        <TotalsPanel
          totals={totals}
          currency={inv.currency}
          showPaid={!isQuote && !isVoid}
          minor={minor}
          credited={inv.credited_total ?? 0}
          discount={inv.discount}
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

      {!isQuote && (
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            {t('payments')}
          </Text>
          {inv.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noPayments')}
            </Text>
          ) : (
            <Table>
              <Table.Tbody>
                {inv.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    {/* The date, with the method and any reference under it: a long bank reference wraps in the room
                        left by the amount and Receipt, which stay on screen at 360 px (issue 23 D7). A column of its own
                        was squeezed to one letter wide by the table. */}
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(p.date)}
                      </Text>
                      <Text component="div" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="payment-method">
                        {/* The wallet paid with when known (MTN MoMo), as the receipt names it (t18 C2). */}
                        {p.refund ? `${t('refundPaidRow')} · ` : ''}
                        {paidWithBrand(p) ?? t(`methods.${p.method}`)}
                        {p.reference ? ` · ${p.reference}` : ''}
                        {p.test && (
                          <Badge ml="xs" size="xs" color="yellow" variant="light">
                            TEST
                          </Badge>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(p.amount, inv.currency, { minor })}
                    </Table.Td>
                    <Table.Td ta="right" w={1}>
                      {/* A refund paid out is no money received: no receipt. */}
                      <Button
                        display={p.refund ? 'none' : undefined}
                        size="compact-xs"
                        variant="light"
                        onClick={() => void receiptOnDevice(inv, p.id).then(setReceipt)}
                        aria-label={`${t('receipt')} ${formatMoney(p.amount, inv.currency, { minor })}`}
                      >
                        {t('receipt')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}

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
