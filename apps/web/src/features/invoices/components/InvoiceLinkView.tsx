import '../invoiceLinkStrings';
// Only what the pay page already carries (constants/languages, dates, money): no Zod, no document strings.
import {
  documentShowsMinor,
  formatDate as formatDateOf,
  formatMoney,
  formatQuantity,
  isBilledKind,
  isLanguage,
  labelledId,
  type OfferedRail,
  refundDueOf,
  type RailId,
  setDisplayLanguage,
  withheldOf,
} from '@duka/core';
import { Alert, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../../../data/api';
import { CompanyInitials } from '../../../ui/CompanyInitials';
import { setLanguage, useLanguage, useStrings, whenTranslated } from '../../../i18n/lite';
import { LanguageSwitch } from './LanguageSwitch';
import { discountLabel, feeLabel } from './feeLabel';
import classes from './InvoiceLinkView.module.css';
import { TestPaidTag } from './TestPaidTag';
import { RailButton, railKey, TestModeTag } from '../../rails/RailButton';
import { returnedRail } from '../../rails/returnedRail';
import { fetchPublicInvoice, markPublicInvoiceViewed, type PublicInvoice, publicPdfUrl } from '../publicApi';
import { errorMessage } from '../../../ui/errors';
import '../payAmountStrings';
import { payAmountProblem } from '../payAmount';
import { publicPagePaths } from '../../../publicPaths';
import { aboveWalletMax, offWalletUnit, WalletLimitNote } from './WalletLimitNote';

// The card form (modal, focus trap, provider form; ~30 KB) loads when the client shows they mean to pay (a finger or
// the pointer on the Pay button, or its focus), not with the page: its code would compete with the page taking over.
const loadPayment = () => import('./CardPaymentModal');
const CardPaymentModal = lazy(() => loadPayment().then((m) => ({ default: m.CardPaymentModal })));
// Naira invoices pay on the hosted (Paystack) checkout: its button, fee line and channels (features/paystack).
const PaystackPay = lazy(() => import('../../paystack/PaystackPay'));
// Kenyan shilling invoices only: the M-Pesa form (phone input, progress) loads with them, not with every invoice.
// Like the rails' forms below, it loads when the customer shows they mean to use it (its button is a RailButton).
const loadMpesa = () => import('./MpesaPay');
const MpesaPay = lazy(() => loadMpesa().then((m) => ({ default: m.MpesaPay })));
// Mobile money and hosted rails of the business's country (issue 25): the page draws each one's button (RailButton);
// the form behind it (phone field, prompt, status) loads when the customer shows they mean to use one, or with the
// page when they come back from a hosted checkout.
const loadRails = () => import('../../rails/RailPay');
const RailPay = lazy(() => loadRails().then((m) => ({ default: m.RailPay })));
const RailReceipt = lazy(() => loadRails().then((m) => ({ default: m.RailReceipt })));
// A phone rail's number field loads beside the rails' form, in parallel (a hosted checkout's tap loads no field).
const loadRailPhone = () => import('../../rails/RailPhone');
const preloadRails = (kind: OfferedRail['kind']) => void Promise.all([loadRails(), kind === 'phone' ? loadRailPhone() : null]).catch(() => undefined);
// M-Pesa on Daraja here (the invoice says so: rail.daraja) loads its own form; otherwise the rails' form serves it.
const preloadMpesa = () => void loadMpesa().catch(() => undefined);
// The amount field (money input) loads only when the owner allows part payments (issue 23 item 10).
const PayAmountField = lazy(() => import('./PayAmountField').then((m) => ({ default: m.PayAmountField })));
const PublicFiscal = lazy(() => import('../../fiscal/PublicFiscal'));
// Only an invoice with payments has receipts to link (t18 E2): not loaded with an unpaid invoice's page.
const PublicReceipts = lazy(() => import('./PublicReceipts').then((m) => ({ default: m.PublicReceipts })));
// The public page's toast container (the card form's payment errors are its only toasts): it loads with that form, not
// with every invoice link (issue 25: pay page JS). Inside the app, the app's own container shows them.
const PublicToasts = lazy(() => import('../../../app/Toasts').then((m) => ({ default: m.Toasts })));
// A quote's answer (Accept / Decline) brings its own strings: shown once they are in the page's language.
const QuoteAnswer = lazy(() => import('./QuoteAnswer').then((m) => whenTranslated().then(() => ({ default: m.QuoteAnswer }))));

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; invoice: PublicInvoice };

/**
 * The client's view of an invoice by public_id (invoice/link/{id}, open): PDF download and card payment.
 * Free of the router, so the small public entry (src/public) and the app's route both render it.
 * `customerLanguage` (the public entry): the page opens in the client's language from the API and offers a switch;
 * inside the owner's app it stays in the owner's language.
 */
export function InvoiceLinkView({ id, onPaid, customerLanguage = false }: { id: string; onPaid: (thankYouPath: string) => void; customerLanguage?: boolean }) {
  const { t } = useStrings('invoiceLink');
  const { t: tAmount } = useStrings('payAmount');
  const language = useLanguage();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  // A rail's prompt is waiting on the customer's phone: every other way to pay waits too (one prompt per invoice).
  const [waiting, setWaiting] = useState(false);
  // Once the card form has opened, the public page keeps a toast container (its messages outlive the form).
  const [toasts, setToasts] = useState(false);
  // Part payments (issue 23 item 10): what the customer typed; undefined until they change it (the balance).
  const [asked, setAsked] = useState<number | null | undefined>(undefined);
  // The card form's code has arrived: until then the Pay button shows it is busy (a tap on a weak link waits for it).
  const [paymentLoaded, setPaymentLoaded] = useState(false);
  // A rail confirmed a payment: its receipt line stays, and the invoice is fetched again (it turns to Paid).
  const [paidBy, setPaidBy] = useState<{ rail: string; amount: string; operatorId: string | null; left: string | null; thankYou: string | null } | null>(null);
  const [reload, setReload] = useState(0);
  // The rails whose button the customer tapped: their form is drawn (RailPay) in place of the button.
  const [railsOpened, setRailsOpened] = useState<readonly string[]>([]);
  // The customer's answer to a quote on this page: the status chip says it at once (issue 23).
  const [answered, setAnswered] = useState<'accepted' | 'declined' | null>(null);
  const preloadPayment = () =>
    void loadPayment().then(
      () => setPaymentLoaded(true),
      () => undefined,
    );

  useEffect(() => {
    let cancelled = false;
    fetchPublicInvoice(id).then(
      async (fetched) => {
        // The client's page (not the owner's preview) shows a finished invoice: it has reached them, so it is sent.
        // A POST from this script, never the GET: link scanners and prefetchers change nothing (issue 22 item 9).
        const invoice = customerLanguage && fetched.status === 'ready' ? await markPublicInvoiceViewed(id).catch(() => fetched) : fetched;
        // The client's language is loaded before the page shows, so it opens in it (the first paint already is).
        // The customer's own choice (the switch keeps it in ?lang=) outlives a payment and a reload (t14 D2).
        const chosen = new URLSearchParams(window.location.search).get('lang');
        const lang = isLanguage(chosen) ? chosen : invoice.language;
        if (customerLanguage && isLanguage(lang)) {
          await setLanguage(lang).catch(() => undefined);
          document.documentElement.lang = lang;
          setDisplayLanguage(lang);
        }
        // Drawing the whole invoice yields to the browser every few ms (a transition), not one long task.
        if (!cancelled) startTransition(() => setState({ kind: 'ready', invoice }));
      },
      (e: unknown) =>
        !cancelled &&
        setState({
          kind: 'error',
          // A draft's link says it is not sent yet (its content is not served until it is finished).
          message:
            e instanceof ApiError && e.status === 404
              ? t('publicNotFound')
              : e instanceof ApiError && e.fields?.invoice === 'not_sent'
                ? t('publicNotSent')
                : errorMessage(e, t('publicNotFound')),
        }),
    );
    return () => {
      cancelled = true;
    };
    // t changes with the language: a switch must not fetch again, so only the id and the mode count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, customerLanguage, reload]);

  if (state.kind === 'loading') {
    return (
      <Center mih="60vh" role="status" aria-busy="true" aria-label={t('publicLoading')}>
        <Loader />
      </Center>
    );
  }
  if (state.kind === 'error') {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      </Container>
    );
  }
  const inv = state.invoice;
  // Once one amount has kobo or cents, every amount shows them (₦33,505.00 beside ₦2,512.88; issue 23).
  const minor = documentShowsMinor(inv, inv);
  const money = (m: number) => formatMoney(m, inv.currency, { language, minor });
  const formatDate = (d: string) => formatDateOf(d, language);
  const business = inv.business;
  const businessName = business.name;
  const logo = business.logo_url;
  const client = inv.client;
  const isVoid = inv.status === 'void';
  const shown = inv.display_status;
  // A quote's chip speaks of a quote (fr « Envoyé », not the invoice's « Envoyée »): accepted once converted,
  // declined once the customer said no (issue 23).
  const quoteShown = answered ?? (inv.status === 'converted' ? 'accepted' : inv.declined_at ? 'declined' : shown);
  const statusText =
    inv.kind === 'quote'
      ? t(`quoteStatus.${quoteShown}`, { defaultValue: t(`status.${quoteShown}`, { defaultValue: quoteShown }) })
      : t(`status.${shown}`, { defaultValue: shown });
  // A counter sale left owed (its pay link sent, issue 28) is paid here like an invoice.
  const isInvoice = isBilledKind(inv.kind);
  const refund = isInvoice && !isVoid ? refundDueOf(inv) : 0;
  const refunded = inv.payments.reduce((sum, p) => (p.refund ? sum - p.amount : sum), 0);
  const withheld = withheldOf(inv.payments);
  // Below, pay_provider is null when no online rail takes the invoice's currency (issue 23): no card form, no checkout.
  // What the ways to pay take: the balance; when all are TEST MODE, what TEST payments left (the server's rule, issue 25).
  const owed = inv.pay_test_only ? (inv.test_balance ?? inv.balance) : inv.balance;
  const canPay = !isVoid && isInvoice && owed > 0;
  // No amount box without a way to pay (paid in full in TEST MODE, none is offered: t16 F2).
  const part = canPay && (inv.pay_provider || inv.rails?.length) && inv.part_payments?.allowed ? inv.part_payments : null;
  const amount = part && asked !== undefined ? asked : owed;
  const amountOk = !part || payAmountProblem(amount, owed, part.min) === null;
  // What every rail takes: the balance, or the part typed (sent only when it is not the balance).
  const payAmount = amountOk && amount !== null ? amount : owed;
  const partAmount = part && amountOk && payAmount !== owed ? payAmount : undefined;
  // What every button names: the amount in the field, written as the invoice writes money; none while the field
  // cannot be paid (emptied, too little, too much: the field says why and the buttons wait), never a stale one.
  const payLabel = amountOk ? money(payAmount) : null;
  // The thank-you page stays in the language the customer reads the invoice in.
  // Back from a hosted checkout (?rail=chapa&reference=…) or a provider's authorisation page (Flutterwave's in Ghana):
  // that rail stays on the page, even once the invoice is paid, to show the outcome and the operator's id (returnedRail).
  const returnedQuery = new URLSearchParams(window.location.search);
  const returnedFrom = returnedQuery.get('rail') ?? '';
  // The way to pay a reload or a return comes back to (its network too where the page offers one per network).
  const returnedKey = railKey({ id: returnedFrom as RailId, network: returnedQuery.get('network') ?? undefined });
  const back = isVoid ? null : returnedRail(returnedQuery, inv.currency);
  const offered = canPay ? (inv.rails ?? []) : [];
  // (Also while payable: a TEST MODE checkout that covered the balance is no longer offered, issue 25.)
  const rails: OfferedRail[] =
    back && !offered.some((r) => railKey(r) === railKey(back)) ? [...offered, inv.rails?.find((r) => railKey(r) === railKey(back)) ?? back] : offered;
  // After a TEST payment the thank-you page says TEST MODE (no money moved).
  const thankYou = (test: boolean) =>
    `${publicPagePaths.thankYou({ invoice: inv.public_id ?? id, lang: customerLanguage ? language : undefined })}${test ? '&test=1' : ''}`;
  /** A phone rail took a payment: the page's receipt line says it, and the page is drawn again with what is left. */
  const paidWith = (key: string, test: boolean, paid: { wallet: string; taken: number; operatorId: string | null; left: number }) => {
    // Paid in full: the line leads on to the thank-you page, as the card and M-Pesa do (t16).
    setPaidBy({
      rail: paid.wallet,
      amount: money(paid.taken),
      operatorId: paid.operatorId,
      left: paid.left > 0 ? money(paid.left) : null,
      thankYou: paid.left > 0 ? null : thankYou(test),
    });
    setAsked(undefined);
    // Its button comes back for what is left (a paid form draws nothing): no reload needed (t18 U3).
    setRailsOpened((ids) => ids.filter((x) => x !== key));
    if (paid.left > 0) forgetPrompt();
    setReload((n) => n + 1);
  };
  // A TEST MODE way to pay takes at most what TEST payments left (the server refuses more): without an amount box its
  // button names that, while a real one beside it names the real balance (issue 25). With the box, every button takes
  // what the box shows (the amount charged is the amount shown); a TEST way that cannot take that much waits, and the
  // line under the box says how much it can take and sets it with a tap.
  const testLeft = inv.test_balance ?? owed;
  const takes = (test: boolean) => (!part && test && testLeft < payAmount ? testLeft : payAmount);
  const sends = (test: boolean) => (!part && test && testLeft < payAmount ? undefined : partAmount);
  const overTest = (test: boolean) => !!part && test && amountOk && payAmount > testLeft;
  const cardTest = !!inv.pay_test_mode;
  const cardLabel = payLabel && money(takes(cardTest));
  const test = t('railTestMode');
  const testWaits = overTest(true) && ((canPay && !!inv.pay_provider && cardTest) || rails.some((r) => r.test_mode));

  return (
    <Container size="sm" py="md" px="sm">
      <Stack gap="md">
        {customerLanguage && <LanguageSwitch onChange={keepLanguage} />}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* Left-aligned with the name below it (issue 23), not centred in the column. */}
            {logo ? <img src={logo} alt="" className={classes.logo} /> : <CompanyInitials name={businessName} />}
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {businessName}
            </Text>
            {/* The business as on its PDF (issue 14): address, phone, e-mail, tax ID, registration number. */}
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="public-business">
              {[
                business?.address,
                business?.phone,
                business?.email,
                business?.tax_id &&
                  (business.tax_id_label
                    ? labelledId(business.tax_id_label, business.tax_id, language)
                    : t(business.tax_invoice ? 'publicVatNumber' : 'publicTaxId', { value: business.tax_id })),
                business?.registration_number &&
                  (business.registration_label
                    ? labelledId(business.registration_label, business.registration_number, language)
                    : t('publicRegistration', { value: business.registration_number })),
              ]
                .filter(Boolean)
                .join('\n')}
            </Text>
          </Stack>
          <Badge
            size="lg"
            style={{ flexShrink: 0 }}
            color={shown === 'paid' ? 'teal' : shown === 'overdue' ? 'red' : isVoid ? 'gray' : 'blue'}
            data-testid="public-status"
          >
            {statusText}
          </Badge>
        </Group>
        {/* Test payments (TEST MODE) are no money: the status and balance leave them out; the tag says they were made. */}
        {inv.test_status && (
          <Group justify="flex-end">
            <TestPaidTag status={inv.test_status} size="lg" testId="public-test-status" />
          </Group>
        )}
        <Title order={1} size="h2">
          {/* A VAT vendor's invoice or sale is its tax invoice, as its PDF is titled (South Africa: VAT Act s 20(4)). */}
          {t('publicTitle', {
            number: inv.number,
            context: business?.tax_invoice && (inv.kind ?? 'invoice') !== 'quote' && inv.kind !== 'credit_note' ? 'tax' : (inv.kind ?? 'invoice'),
          })}
        </Title>
        <Group gap="xl">
          {client && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('billTo', { context: inv.kind === 'quote' ? 'quote' : undefined })}
              </Text>
              <Text>{client.name}</Text>
            </Stack>
          )}
          {inv.issue_date && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('issueDate')}
              </Text>
              <Text>{formatDate(inv.issue_date)}</Text>
            </Stack>
          )}
          {inv.due_date && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {isInvoice ? t('dueDate') : t('validUntil')}
              </Text>
              <Text>{formatDate(inv.due_date)}</Text>
            </Stack>
          )}
        </Group>

        {/* Paper, a plain <hr> and <img>: Mantine's Card, Divider and Image are 2 KB gz of the pay page's budget (issue 25). */}
        <Paper withBorder p="xs">
          {/* A native table: Mantine's Table carries ScrollArea (~15 KB gzipped) into the public page. */}
          <div style={{ overflowX: 'auto' }} data-scroll-x>
            <table className={classes.lines}>
              <thead>
                <tr>
                  <th>{t('description')}</th>
                  <th className={classes.num}>{t('quantity')}</th>
                  <th className={classes.num}>{t('lineTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {inv.lines.map((l, i) => (
                  <tr key={i}>
                    <td>
                      {l.description}
                      <Text size="xs" c="dimmed">
                        {money(l.unit_price)}
                      </Text>
                    </td>
                    <td className={classes.num}>{formatQuantity(l.quantity, language)}</td>
                    <td className={classes.num}>{money(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <hr className={classes.rule} />
          <Stack gap={4} aria-label={t('total')}>
            <Row label={t('subtotal')} value={money(inv.subtotal)} />
            {inv.discount_total - (inv.rounding_total ?? 0) > 0 && (
              <Row
                label={discountLabel(t('discount'), inv.discount_bps ? { type: 'percentage', value: inv.discount_bps } : null)}
                value={money(-(inv.discount_total - (inv.rounding_total ?? 0)))}
              />
            )}
            {(inv.rounding_total ?? 0) > 0 && <Row label={t('rounding')} value={money(-(inv.rounding_total ?? 0))} testId="public-rounding" />}
            {/* Taxes, then fees: a fee is never shown as tax (issue 23); with both, each group has its total. */}
            {(['tax', 'fee'] as const).map((kind) => {
              const group = (inv.fees ?? []).filter((f) => (f.kind === 'fee') === (kind === 'fee'));
              const both = !!inv.tax_total && !!inv.fee_total;
              return (
                <Fragment key={kind}>
                  {group.map((f, i) => (
                    <Row
                      key={i}
                      label={`${feeLabel(f.name, f.percentage_bps ?? null)}${f.inclusive ? ` (${t('inclusive')})` : ''}${f.subject_to_tax ? ` (${t('taxApplies')})` : ''}`}
                      value={money(f.amount)}
                    />
                  ))}
                  {(both || !inv.fees?.length) && kind === 'tax' && !!inv.tax_total && <Row label={t('taxTotal')} value={money(inv.tax_total)} />}
                  {(both || !inv.fees?.length) && kind === 'fee' && !!inv.fee_total && <Row label={t('feeTotal')} value={money(inv.fee_total)} />}
                </Fragment>
              );
            })}
            <Row label={isInvoice ? t('totalDue') : t('total')} value={money(inv.total_due)} strong testId="public-total" />
            {/* A quote and a void invoice owe nothing: no paid amount or balance (issue 14). */}
            {/* Its credit notes (issue 26): total − credited − paid = balance, as on the PDF. */}
            {isInvoice && !isVoid && !!inv.credited_total && <Row label={t('credited')} value={money(-inv.credited_total)} testId="public-credited" />}
            {isInvoice && !isVoid && !!(inv.amount_paid + refunded - withheld) && (
              <Row label={t('amountPaid')} value={money(inv.amount_paid + refunded - withheld)} />
            )}
            {/* Tax the client withheld: settled, but no money paid (as on the PDF). */}
            {isInvoice && !isVoid && withheld > 0 && <Row label={t('withheld')} value={money(withheld)} testId="public-withheld" />}
            {/* A refund paid out to the client (t21 R1): what was handed back, so paid − refunded + credited adds up. */}
            {isInvoice && !isVoid && refunded > 0 && <Row label={t('refunded')} value={money(-refunded)} testId="public-refunded" />}
            {isInvoice && !isVoid && <Row label={t('balance')} value={money(inv.balance)} strong testId="public-balance" />}
            {/* TEST MODE payments (issue 25): what they took and what they left, as on the PDF and the TEST receipt. */}
            {isInvoice && !isVoid && inv.test_status && inv.test_balance !== undefined && (
              <>
                <Row label={t('testModePaid')} value={money(inv.test_balance - inv.balance)} />
                <Row label={t('testModeBalance')} value={money(inv.test_balance)} strong testId="public-test-balance" />
              </>
            )}
          </Stack>
        </Paper>

        {inv.fiscal && (
          <Suspense fallback={null}>
            <PublicFiscal fiscal={inv.fiscal} language={language} />
          </Suspense>
        )}
        {inv.payment_instructions && <Section title={t('paymentInstructions')} body={inv.payment_instructions} />}
        {inv.notes && <Section title={t('notes')} body={inv.notes} />}
        {inv.terms && <Section title={t('terms')} body={inv.terms} />}

        {inv.kind === 'quote' && !isVoid && (
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('publicLoading')} />}>
            <QuoteAnswer
              publicId={inv.public_id ?? id}
              accepted={inv.status === 'converted'}
              declined={inv.declined_at ? (inv.decline_reason ?? '') : null}
              onAnswered={setAnswered}
            />
          </Suspense>
        )}
        {isVoid && <Alert color="gray">{t('publicVoid', { context: inv.kind ?? 'invoice' })}</Alert>}
        {/* Credit notes took back more than was unpaid (issue 26 F2): no "paid, thank you", and what is owed back. */}
        {!isVoid && inv.balance <= 0 && isInvoice && (
          <Alert color={refund > 0 || shown === 'credited' ? 'indigo' : 'teal'} data-testid="public-nothing-owed">
            {shown === 'credited' ? t('nothingOwedCredited') : t('nothingOwed')}
            {refund > 0 && (
              <Text size="sm" fw={600} mt={4} data-testid="public-refund-due">
                {t('refundDueToYou', { amount: money(refund) })}
              </Text>
            )}
          </Alert>
        )}
        {part && (
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('publicLoading')} />}>
            <PayAmountField value={amount} onChange={setAsked} balance={owed} min={part.min} currency={inv.currency} />
          </Suspense>
        )}
        {testWaits && (
          <Group gap="xs" data-testid="public-test-left">
            <Text size="sm">{t('testLeftHint', { amount: money(testLeft), test })}</Text>
            <Button size="compact-sm" variant="light" color="orange" onClick={() => setAsked(testLeft)} data-testid="public-test-left-use">
              {t('testLeftUse', { amount: money(testLeft) })}
            </Button>
          </Group>
        )}
        {canPay && !!inv.pay_provider && inv.pay_checkout && (
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('publicLoading')} />}>
            <PaystackPay
              publicId={inv.public_id ?? id}
              amount={sends(cardTest)}
              disabled={!amountOk || overTest(cardTest)}
              minor={minor}
              testTag={cardTest ? <TestModeTag label={test} /> : undefined}
            />
          </Suspense>
        )}
        {/* Side by side from Mantine's xs breakpoint: a grid in CSS, not SimpleGrid's code (issue 25: pay page JS). With the
            TEST MODE tag the pay button takes the whole row, so "Lipa KSh 29,000" is never clipped at 360 px. */}
        <div className={classes.actions} data-two={canPay && !!inv.pay_provider && !inv.pay_checkout && !cardTest ? '' : undefined}>
          {canPay && !!inv.pay_provider && !inv.pay_checkout && (
            <Button
              size="md"
              onPointerEnter={preloadPayment}
              onTouchStart={preloadPayment}
              onFocus={preloadPayment}
              onClick={() => {
                preloadPayment();
                setPaying(true);
                setToasts(customerLanguage);
              }}
              loading={paying && !paymentLoaded}
              disabled={!amountOk || waiting || overTest(cardTest)}
              // "Pay KSh4,000 by card": the customer sees which way it is, apart from the M-Pesa and other rails' buttons
              // (SPEC's 'Pay {balance}' is the card form's own button). Its name is its visible text, the TEST MODE tag with it.
              data-testid="public-pay-card"
              // The card form is the test provider's: the button says TEST MODE, as the rails' buttons do (t14 D5).
              rightSection={cardTest ? <TestModeTag label={t('railTestMode')} /> : undefined}
              // "Payer 300 000 USh par carte" beside the tag wraps at 360 px rather than being cut (as a rail's button does).
              fullWidth
              styles={{ root: { height: 'auto', minHeight: 42, paddingBlock: 8 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
            >
              {cardLabel ? t('payByCard', { balance: cardLabel }) : t('payByCardNoAmount')}
            </Button>
          )}
          <Button
            size="md"
            component="a"
            href={publicPdfUrl(inv.public_id ?? id, customerLanguage ? language : undefined)}
            variant="default"
            download={`${inv.number}.pdf`}
          >
            {t('download')}
          </Button>
        </div>
        {paidBy && (
          <Suspense fallback={null}>
            <RailReceipt {...paidBy} />
          </Suspense>
        )}
        {isInvoice && inv.payments.some((p) => p.id && p.receipt) && (
          <Suspense fallback={null}>
            <PublicReceipts publicId={inv.public_id ?? id} payments={inv.payments} money={money} />
          </Suspense>
        )}
        {rails.length > 0 && (
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('publicLoading')} />}>
            {/* Whole shillings (Kenya, Tanzania: t20 T1): with an amount box, enter one; without (or only cents left), no way here (t17 K0). */}
            {amountOk && rails.some((r) => offWalletUnit(r, payAmount)) && (
              <Text size="sm" c="dimmed" data-testid="public-whole-shillings">
                {tAmount(part && owed >= 100 ? 'wholeShillings' : 'wholeShillingsOnly', {
                  rail: rails
                    .filter((r) => offWalletUnit(r, payAmount))
                    .map((r) => r.name)
                    .join(', '),
                })}
              </Text>
            )}
            {/* A wallet that cannot take this much in one payment is not offered: what it takes instead (t20 K2). */}
            {amountOk && <WalletLimitNote rails={rails.filter((r) => aboveWalletMax(r, takes(r.test_mode)))} part={!!part} money={money} onUse={setAsked} />}
            {rails.map((rail) => {
              // Cents a wallet does not take (whole shillings), or a prompt waiting on the phone.
              const held = offWalletUnit(rail, payAmount) || waiting || overTest(rail.test_mode);
              const key = railKey(rail);
              const opened = railsOpened.includes(key);
              if (amountOk && aboveWalletMax(rail, takes(rail.test_mode)) && !opened && returnedKey !== key) return null;
              const button = (busy: boolean) => (
                <RailButton
                  key={key}
                  rail={rail}
                  amountLabel={payLabel && money(takes(rail.test_mode))}
                  disabled={!amountOk || held}
                  loading={busy}
                  onIntent={() => (rail.daraja ? preloadMpesa() : preloadRails(rail.kind))}
                  onClick={() => setRailsOpened((ids) => [...ids, key])}
                />
              );
              // Until the form's code is in, the tapped button shows it is busy (a tap on a weak link waits for it).
              const railPay =
                opened || returnedKey === key ? (
                  <Suspense key={key} fallback={button(true)}>
                    <RailPay
                      publicId={inv.public_id ?? id}
                      rail={rail}
                      amount={sends(rail.test_mode)}
                      amountLabel={money(takes(rail.test_mode))}
                      formatAmount={money}
                      disabled={!amountOk || held}
                      opened={opened}
                      onWaiting={setWaiting}
                      loadPhone={loadRailPhone}
                      onPaid={(operatorId, wallet, taken, left) => paidWith(key, rail.test_mode, { wallet, taken, operatorId, left })}
                    />
                  </Suspense>
                ) : (
                  button(false)
                );
              // M-Pesa on Daraja has its own form; without, the TEST MODE rail's (RailPay) serves it.
              // (Also reloaded while its prompt waited: ?rail=mpesa&reference=… brings the form back to it.)
              return rail.daraja && (opened || returnedKey === key) ? (
                <Suspense key={key} fallback={button(true)}>
                  <MpesaPay
                    publicId={inv.public_id ?? id}
                    amount={partAmount}
                    disabled={!amountOk || held}
                    amountLabel={money(payAmount)}
                    onPaid={(paid) =>
                      // Paid in full: on to the thank-you page, as the card does; a part: the page stays, as for every rail (t18 U3).
                      paid.left > 0 ? paidWith(key, rail.test_mode, { wallet: rail.name, ...paid }) : onPaid(thankYou(rail.test_mode))
                    }
                    opened={opened}
                    onWaiting={setWaiting}
                  />
                </Suspense>
              ) : (
                railPay
              );
            })}
          </Suspense>
        )}
      </Stack>
      {toasts && (
        <Suspense fallback={null}>
          <PublicToasts whenIdle={false} />
        </Suspense>
      )}
      {canPay && !!inv.pay_provider && !inv.pay_checkout && paying && (
        <Suspense fallback={null}>
          <CardPaymentModal
            opened={paying}
            onClose={() => setPaying(false)}
            publicId={inv.public_id ?? id}
            balance={takes(cardTest)}
            amount={sends(cardTest)}
            currency={inv.currency}
            provider={inv.pay_provider}
            onPaid={() => onPaid(thankYou(cardTest))}
          />
        </Suspense>
      )}
    </Container>
  );
}

/** A part paid: the prompt kept in the address (?rail=…&reference=…, for a reload) is over, so its button is drawn again. */
function forgetPrompt() {
  const url = new URL(window.location.href);
  for (const k of ['rail', 'reference', 'transaction_id', 'status']) url.searchParams.delete(k);
  history.replaceState(history.state, '', url);
}

/** The switch's language stays in the address: a reload or the page drawn again after a payment keeps it. */
function keepLanguage(language: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', language);
  history.replaceState(history.state, '', url);
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      {/* The amount stays on one line (−R960 never breaks after its sign); the label wraps instead. */}
      <Text fw={strong ? 700 : 400} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function Section({ title, body }: { title: string; body: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text style={{ whiteSpace: 'pre-line' }}>{body}</Text>
    </Stack>
  );
}
