import './strings';
import {
  businessDetailsOf,
  businessIdNames,
  discountRows,
  documentStrings,
  formatDateTimeIn,
  formatMoney,
  type GrayImage,
  isTaxInvoiceIssuer,
  labelledId,
  parseRenumberNotice,
  type PaperWidth,
  type ReceiptTicket,
  ticketShowsMinor,
} from '@duka/core';
import { Alert, Button, Divider, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useRecord } from '../../data/sync/hooks';
import { businessTimeZoneNow } from '../../data/today';
import { getCurrentUser } from '../../data/user';
import { methodLabel } from './methodLabel';
import { activeLanguage, useStrings } from '../../i18n';
import { toast } from '../../ui/toast';
import { RenumberNotice } from '../invoices/components/RenumberNotice';
import { receiptLogo } from './logo';
import { NO_WRAP, ReceiptRow } from './ReceiptRow';
import { SaleFiscalSlot } from './saleFiscalSlot';
import { QrCode } from './QrCode';
import { type PrinterKind, type PrinterProblem, printerKinds, printerProblem, rememberPrinter, savedPrinter } from './printer';

/** The code that talks to receipt printers, fetched when one is chosen (not with the Sell screen: its budget). */
const loadPrinterSend = () => import('./printerSend');
import { type SavedSale, saleLink, taxRows } from './sale';

/** The receipt as printed and shown: core's ticket model, in the screen's language. */
export function saleTicket(sale: SavedSale, t: (k: string, o?: Record<string, unknown>) => string): ReceiptTicket {
  const inv = sale.invoice;
  const user = getCurrentUser();
  const biz = businessDetailsOf(typeof user?.invoice_settings === 'string' ? user.invoice_settings : null);
  // Taxes added on top, then those already inside the prices (t17 K1: Kenya's VAT), each on one row: a receipt of
  // KSh210 reads "VAT 16% (included) 28.97" under the subtotal, not a tax the total seems to leave out.
  const { added, addedNames, inside, insideNames } = taxRows(inv);
  const taxes = [
    ...(added ? [{ name: addedNames || t('total'), amount: added }] : []),
    ...(inside ? [{ name: t('includedTaxes', { names: insideNames }), amount: inside }] : []),
  ];
  // SPEC's date with the time of the sale, in the screen's language: "26 Nov 26, 19:36" (issue 23), on the business's
  // clock, as the fiscal block prints it (t17 K5: a laptop set to UTC printed 02:49 above a fiscal time of 05:49).
  const date = formatDateTimeIn(inv.sent_at ?? new Date(), businessTimeZoneNow(), activeLanguage());
  const amounts = {
    currency: inv.currency,
    items: inv.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, total: Math.round(l.quantity * l.unit_price) })),
    subtotal: inv.subtotal,
    // The whole-shillings rounding on its own line, "Rounding", apart from the discount (core's discountRows).
    ...discountRows(inv.discount, inv.discount_total),
    taxes,
    total: inv.total_due,
    payments: sale.payments.map((p) => ({
      label: p.method === 'pay_link' ? t('owedByLink') : [methodLabel(p.method, t, user?.country), p.reference].filter(Boolean).join(' '),
      amount: p.method === 'cash' && p.tendered && p.tendered > p.amount ? p.tendered : p.amount,
    })),
    change: sale.change,
  };
  // One number of decimals on the whole receipt (issue 23): ₦9,001.00 beside ₦675.08, never ₦9,001.
  const taxInvoice = isTaxInvoiceIssuer(user?.country, biz.tax_id);
  const owed = inv.balance > 0 ? formatMoney(inv.balance, inv.currency, { minor: ticketShowsMinor(amounts, [inv.balance]) }) : null;
  return {
    ...amounts,
    business: user?.company_name || user?.username || '',
    // The tax number by its country's name where it has one ("KRA PIN: P051234567Q"), as on the invoice PDF.
    header: [biz.address, biz.phone, biz.tax_id && taxIdLine(biz.tax_id, user?.country, taxInvoice)].filter(Boolean),
    // A sale left owed (pay link) is no receipt for money paid: its title says what is owed (issue 28 D11). A VAT
    // vendor's paid sale is its tax invoice (South Africa: an abridged tax invoice), as the PDF titles it.
    title: owed
      ? t('owedReceipt', { number: inv.number, amount: owed })
      : taxInvoice
        ? t('taxInvoiceReceipt', { number: inv.number })
        : t('receipt', { number: inv.number }),
    date,
    client: sale.clientName ? t('clientLine', { name: sale.clientName }) : null,
    labels: { subtotal: t('subtotal'), discount: t('discount'), total: t('total'), change: t('changeGiven'), rounding: t('rounding') },
    link: saleLink(inv),
  };
}

/**
 * The print view for the system print dialog: a page as wide as the paper roll (a length is needed for a valid
 * `size`: Chromium drops `58mm auto`; a receipt printer's driver cuts after the content), only the receipt on it.
 */
export const PRINT_CSS = (mm: PaperWidth) => `@media print {
  @page { size: ${mm}mm 297mm; margin: 0; }
  body * { visibility: hidden !important; }
  .duka-receipt, .duka-receipt * { visibility: visible !important; }
  .duka-receipt { position: absolute; left: 0; top: 0; width: ${mm - 6}mm !important; margin: 0 3mm; box-shadow: none; border: 0; }
  .duka-receipt-logo { filter: grayscale(1); }
  .duka-receipt-actions { display: none !important; }
}`;

/**
 * The business logo for the receipt on screen and in the print view (D9): the same cached copy the PDFs and the
 * receipt printer use (works offline once fetched), else the logo's own address as the side menu shows it.
 */
function useLogoSrc(): string | null {
  const url = getCurrentUser()?.logoUrl ?? null;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    let made: string | null = null;
    void import('../invoices/lib/usePdf')
      .then((m) => m.logoBytes(url))
      .then((bytes) => {
        if (!live) return;
        made = bytes ? URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'image/png' })) : null;
        setSrc(made ?? url);
      })
      .catch(() => live && setSrc(url));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src;
}

/** Done: the receipt on screen with Print (receipt printer or the print dialog), Share (WhatsApp) and New sale. */
export function SaleReceipt({ sale: made, onNew }: { sale: SavedSale; onNew: () => void }) {
  const { t } = useStrings('sell');
  // The sale as stored on the device: a sale made offline may be renumbered by the server once it syncs (another
  // device took its number first); the receipt then shows, prints and shares the new number, and says so (t21 P3).
  const stored = useRecord('invoices', made.invoice.id);
  const sale = stored && stored.number !== made.invoice.number ? { ...made, invoice: { ...made.invoice, number: stored.number } } : made;
  const renumbered = stored?.notice && parseRenumberNotice(stored.notice)?.to === stored.number ? stored.notice : null;
  // The fiscal lines of the printed ticket, from the fiscal block below once the authority signed the sale.
  const [fiscalLines, setFiscalLines] = useState<string[]>([]);
  const ticket = { ...saleTicket(sale, (k, o) => String(t(k, o ?? {}))), fiscal: fiscalLines };
  const [printer, setPrinter] = useState(savedPrinter);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PrinterProblem | null>(null);
  const minor = ticketShowsMinor(ticket, [sale.invoice.balance]);
  const money = (n: number) => formatMoney(n, ticket.currency, { minor });
  const kinds = printerKinds();
  // The logo for a receipt printer, ready before Print is tapped (Bluetooth asks for a device within the tap).
  const [logo, setLogo] = useState<GrayImage | null>(null);
  useEffect(() => {
    if (printer.kind === 'system') return;
    let live = true;
    void loadPrinterSend().catch(() => undefined);
    void receiptLogo()
      .then((l) => live && setLogo(l))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [printer.kind]);

  const print = async (choose = false) => {
    setProblem(null);
    if (printer.kind === 'system') {
      window.print();
      return;
    }
    setBusy(true);
    let send: Awaited<ReturnType<typeof loadPrinterSend>>;
    try {
      send = await loadPrinterSend();
    } catch {
      setProblem('offline');
      setBusy(false);
      return;
    }
    try {
      await send.printTicket(printer, ticket, logo, choose);
      toast.success(t('printer.printed'));
    } catch (err) {
      // What stopped it, in words the person can act on (no Bluetooth, Bluetooth off, not allowed, chooser closed…).
      setProblem(printerProblem(err, 'write'));
    } finally {
      setBusy(false);
    }
  };
  const choose = (next: { kind?: PrinterKind; width?: PaperWidth }) => {
    const c = { ...printer, ...next };
    setPrinter(c);
    rememberPrinter(c);
  };
  const owed = sale.invoice.balance > 0;
  // Owed (pay link): the text says what is to pay and gives the link, never "thank you" for money not paid (D11).
  const shareText =
    owed && ticket.link
      ? t('payLinkText', { business: ticket.business, number: sale.invoice.number, amount: money(sale.invoice.balance), link: ticket.link })
      : t('shareText', { business: ticket.business, number: sale.invoice.number, total: money(ticket.total) }) + (ticket.link ? `\n${ticket.link}` : '');
  const share = `https://wa.me/?text=${encodeURIComponent(shareText)}`;
  const logoSrc = useLogoSrc();
  // The payment taken, the receipt's title gets the focus: a screen reader says "Receipt SAL-0003" where the Cash
  // button was (t21 Y4: focus fell to the page and nothing was announced).
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack gap="sm" style={{ maxWidth: 480, marginInline: 'auto' }}>
      <style>{PRINT_CSS(printer.width)}</style>
      {/* Above the receipt, where the cashier looks before printing it again (not printed). */}
      {renumbered && (
        <div className="duka-receipt-actions">
          <RenumberNotice invoiceId={sale.invoice.id} notice={renumbered} />
        </div>
      )}
      <Paper
        withBorder
        p="sm"
        radius="md"
        className="duka-receipt"
        data-testid="sale-receipt"
        data-width={printer.width}
        style={{ fontFamily: 'monospace', overflowWrap: 'anywhere', maxWidth: '100%' }}
        aria-label={ticket.title}
      >
        <Stack gap={4}>
          {logoSrc && (
            <img
              className="duka-receipt-logo"
              src={logoSrc}
              alt={t('logoAlt', { company: ticket.business })}
              data-testid="receipt-logo"
              style={{ alignSelf: 'center', maxWidth: '60%', maxHeight: 64, objectFit: 'contain' }}
            />
          )}
          <Text fw={700} ta="center">
            {ticket.business}
          </Text>
          {ticket.header?.map((h) => (
            <Text key={h} size="xs" ta="center">
              {h}
            </Text>
          ))}
          <Text fw={600} ta="center" role="heading" aria-level={1} ref={headingRef} tabIndex={-1} data-testid="receipt-title">
            {ticket.title}
          </Text>
          <Text size="xs" ta="center">
            {ticket.date}
          </Text>
          {ticket.client && (
            <Text size="sm" ta="center" data-testid="receipt-client">
              {ticket.client}
            </Text>
          )}
          <Divider />
          {ticket.items.map((l, i) => (
            <div key={i}>
              <Text size="sm">{l.description}</Text>
              <ReceiptRow
                label={
                  <>
                    <span style={NO_WRAP}>{l.quantity} ×</span> <span style={NO_WRAP}>{money(l.unit_price)}</span>
                  </>
                }
                value={money(l.total)}
                valueTestId="receipt-line-total"
              />
            </div>
          ))}
          <Divider />
          <ReceiptRow label={t('subtotal')} value={money(ticket.subtotal)} />
          {ticket.discount > 0 && <ReceiptRow label={t('discount')} value={money(-ticket.discount)} />}
          {(ticket.rounding ?? 0) > 0 && <ReceiptRow label={t('rounding')} value={money(-(ticket.rounding ?? 0))} testId="receipt-rounding" />}
          {ticket.taxes.map((x) => (
            <ReceiptRow key={x.name} label={x.name} value={money(x.amount)} />
          ))}
          <ReceiptRow label={t('total')} value={money(ticket.total)} bold />
          {ticket.payments.map((p, i) => (
            <ReceiptRow key={i} label={p.label} value={money(p.amount)} />
          ))}
          {ticket.change > 0 && <ReceiptRow label={t('changeGiven')} value={money(ticket.change)} bold testId="receipt-change" />}
          <SaleFiscalSlot invoice={sale.invoice} qrSize={printer.width === 58 ? 112 : 144} onTicketLines={setFiscalLines} />
          {ticket.link && (
            <Stack gap={2} align="center" mt="xs">
              <QrCode text={ticket.link} label={t('qrLabel')} size={printer.width === 58 ? 112 : 144} />
              <Text size="xs" ta="center">
                {t(sale.invoice.balance > 0 ? 'qrPayHint' : 'qrHint')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
      {sale.invoice.balance > 0 && ticket.link && (
        <PayLinkPanel link={ticket.link} amount={money(sale.invoice.balance)} business={ticket.business} number={sale.invoice.number} />
      )}
      {problem && (
        <Alert color={problem === 'cancelled' ? 'yellow' : 'red'} title={t(`printer.problem.${problem}`)} data-testid="printer-problem" role="alert">
          <Text size="sm">{t(`printer.todo.${problem}`)}</Text>
          <Group gap="xs" mt="xs">
            {problem !== 'no_adapter' && (
              <Button size="xs" onClick={() => void print(problem === 'not_printer' || problem === 'cancelled')}>
                {t('printer.retry')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                choose({ kind: 'system' });
                setProblem(null);
                window.print();
              }}
            >
              {t('printer.useDialog')}
            </Button>
          </Group>
        </Alert>
      )}
      <Group className="duka-receipt-actions" gap="xs" wrap="wrap">
        <Button style={{ flex: '1 1 auto' }} onClick={() => void print()} loading={busy}>
          {t('print')}
        </Button>
        <Button style={{ flex: '1 1 auto' }} component="a" href={share} target="_blank" rel="noopener noreferrer" variant="light">
          {t('share')}
        </Button>
        <Button style={{ flex: '1 1 auto' }} variant="default" onClick={onNew}>
          {t('newSale')}
        </Button>
      </Group>
      <Group className="duka-receipt-actions" grow gap="xs" wrap="wrap">
        <NativeSelect
          label={t('printer.choose')}
          value={printer.kind}
          onChange={(e) => choose({ kind: e.currentTarget.value as PrinterKind })}
          data={kinds.map((k) => ({ value: k, label: t(`printer.${k}`) }))}
        />
        <NativeSelect
          label={t('printer.width')}
          value={String(printer.width)}
          onChange={(e) => choose({ width: Number(e.currentTarget.value) as PaperWidth })}
          data={[
            { value: '58', label: '58 mm' },
            { value: '80', label: '80 mm' },
          ]}
        />
      </Group>
    </Stack>
  );
}

/** A sale left owed: the pay link to send (share sheet, WhatsApp, copy); the receipt screen says what is owed. */
function PayLinkPanel({ link, amount, business, number }: { link: string; amount: string; business: string; number: string }) {
  const { t } = useStrings('sell');
  const text = t('payLinkText', { business, number, amount, link });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  return (
    <Alert className="duka-receipt-actions" color="orange" title={t('owedTitle', { amount })} data-testid="pay-link-panel">
      <Stack gap="xs">
        <Text size="sm">{t('owedBody')}</Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', userSelect: 'all' }} data-testid="pay-link">
          {link}
        </Text>
        {!navigator.onLine && (
          <Text size="xs" c="dimmed">
            {t('owedOffline')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {canShare && (
            <Button size="xs" onClick={() => void navigator.share({ title: number, text, url: link }).catch(() => undefined)}>
              {t('shareLink')}
            </Button>
          )}
          <Button size="xs" variant="light" component="a" href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
            {t('whatsapp')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void copy()}>
            {t('copyLink')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The tax number by its country's name ("KRA PIN: …"), or as a VAT vendor's ("VAT reg. no.: …", as on its invoices). */
function taxIdLine(taxId: string, country: string | null | undefined, taxInvoice: boolean): string {
  const name = businessIdNames(country).taxId ?? (taxInvoice ? documentStrings(activeLanguage()).vatNumber : null);
  return name ? labelledId(name, taxId, activeLanguage()) : taxId;
}
