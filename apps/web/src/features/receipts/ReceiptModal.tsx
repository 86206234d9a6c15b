import './strings';
import { checkRule, clientLanguage, formatDate, formatMoney, formatMoneyIn, type Receipt, receiptEmailBody, receiptShowsMinor } from '@duka/core';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../data/api';
import type { Contact } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { getCurrentUser } from '../../data/user';
import { activeLanguage, useStrings } from '../../i18n';
import { useStringsIn } from '../../i18n/customer';
import { errorMessage } from '../../ui/errors';
import { toast } from '../../ui/toast';
import { makeReceiptPdf, receiptLink } from './receiptPdf';
import { SubmitButton } from '../../ui/form';

/** Receipt rows that are amounts: kept on one line (a minus never wraps alone, t15a F3). */
const AMOUNTS = new Set(['amount', 'invoiceTotal', 'credited', 'paidToDate', 'balanceLeft']);

export function whatsappReceiptUrl(message: string, phone?: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits.length >= 8 ? digits : ''}?text=${encodeURIComponent(message)}`;
}

type Props = { receipt: Receipt | null; onClose: () => void; client: Contact | null; publicId: string; synced: boolean };

/** A payment's receipt: the details, its PDF made on the device, and WhatsApp / e-mail / link / download. */
export function ReceiptModal(props: Props) {
  const { t } = useStrings('receipts');
  return (
    <Modal opened={!!props.receipt} onClose={props.onClose} title={props.receipt ? t('title', { number: props.receipt.number }) : ''} centered>
      {props.receipt && <ReceiptBody {...props} receipt={props.receipt} />}
    </Modal>
  );
}

function ReceiptBody({ receipt, client, publicId, synced }: Props & { receipt: Receipt }) {
  const { t } = useStrings('receipts');
  const { online } = useSyncState();
  const [pdf, setPdf] = useState<{ url: string; blob: Blob; ms: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const link = publicId && synced ? receiptLink(publicId, receipt.payment_id) : null;
  // Minor units on every amount once one has them, as on the receipt PDF (issue 23).
  const minor = receiptShowsMinor(receipt);
  const money = (n: number) => formatMoney(n, receipt.currency, { minor });

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    const t0 = performance.now();
    makeReceiptPdf(receipt, client, publicId ? `${window.location.origin}/invoice/link/${publicId}` : null).then(
      (bytes) => {
        if (!live) return;
        const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        setPdf({ url, blob, ms: Math.round(performance.now() - t0) });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [receipt, client, publicId]);

  // The WhatsApp text reaches the client: in their language (else the owner's), issue 19.
  const language = clientLanguage(client?.language, activeLanguage());
  const { t: tClient } = useStringsIn('receipts', language);
  const clientMoney = (n: number) => formatMoneyIn(n, receipt.currency, language, { minor });
  const message = tClient('whatsappMessage', {
    client: client?.name ?? '',
    amount: clientMoney(receipt.amount),
    invoice: receipt.invoice_number,
    number: receipt.number,
    link: link ?? '',
    balance: clientMoney(receipt.balance_left),
    company: getCurrentUser()?.company_name ?? '',
  });
  const file = pdf ? new File([pdf.blob], `${receipt.number}.pdf`, { type: 'application/pdf' }) : null;
  const canShareFile = !!file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('linkCopied'));
    } catch {
      window.prompt(t('copyLink'), link);
    }
  }

  return (
    <Stack gap="sm" data-testid="receipt">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {(
            [
              ['number', receipt.number],
              ['date', formatDate(receipt.date)],
              ['method', receipt.method_label],
              ...(receipt.reference ? [['reference', receipt.reference]] : []),
              ['amount', money(receipt.amount)],
              // A credit note before this payment (issue 26): the sum that gives the balance left.
              ...(receipt.credited > 0
                ? [
                    ['invoiceTotal', money(receipt.invoice_total)],
                    ['credited', money(-receipt.credited)],
                    ['paidToDate', money(receipt.paid_to_date)],
                  ]
                : []),
              ['balanceLeft', money(receipt.balance_left)],
            ] as Array<[string, string]>
          ).map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th fw={400} c="dimmed">
                {t(k)}
              </Table.Th>
              {/* A long reference wraps instead of pushing Amount and Date off a 360 px screen (issue 23); an amount never does. */}
              <Table.Td
                ta="right"
                fw={k === 'amount' || k === 'balanceLeft' ? 700 : 400}
                style={AMOUNTS.has(k) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                data-testid={`receipt-${k}`}
              >
                {v}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {failed ? (
        <Alert color="red">{t('failed')}</Alert>
      ) : !pdf ? (
        <Center role="status" aria-busy="true" aria-label={t('building')}>
          <Loader size="sm" />
        </Center>
      ) : null}
      {!synced && (
        <Alert color="yellow" p="xs" role="status">
          {t('needsSync')}
        </Alert>
      )}
      {synced && !online && (
        <Alert color="yellow" p="xs" role="status">
          {t('offline')}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          component="a"
          href={pdf?.url}
          download={`${receipt.number}.pdf`}
          variant="light"
          disabled={!pdf}
          data-testid="receipt-download"
          data-ms={pdf?.ms ?? ''}
        >
          {t('download')}
        </Button>
        <Button
          variant="light"
          color="green"
          component="a"
          href={link ? whatsappReceiptUrl(message, client?.phone) : undefined}
          disabled={!link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="receipt-whatsapp"
        >
          {t('whatsapp')}
        </Button>
        <Button variant="light" disabled={!link || !online} onClick={() => setEmailOpen(true)}>
          {t('email')}
        </Button>
        <Button variant="light" disabled={!link} onClick={() => void copy()} data-testid="receipt-link" data-link={link ?? ''}>
          {t('copyLink')}
        </Button>
        {canShareFile && file && (
          <Button variant="light" onClick={() => void navigator.share({ files: [file], title: receipt.number, text: message }).catch(() => undefined)}>
            {t('sharePdf')}
          </Button>
        )}
      </Group>
      {emailOpen && <ReceiptEmail receipt={receipt} defaultTo={client?.email ?? ''} onDone={() => setEmailOpen(false)} />}
    </Stack>
  );
}

function ReceiptEmail({ receipt, defaultTo, onDone }: { receipt: Receipt; defaultTo: string; onDone: () => void }) {
  const { t } = useStrings('receipts');
  // Receipts go only to the client's address on file (the server refuses any other): shown, not typed.
  const to = defaultTo;
  const [error, setError] = useState<string | null>(defaultTo ? null : t('emailNoClient'));
  const [sending, setSending] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!to.trim()) return setError(t('emailNoClient'));
    if (!to.trim() || checkRule(receiptEmailBody.unwrap().shape.to, to.trim())) return setError(t('emailInvalid'));
    setSending(true);
    try {
      await api('POST /invoices/:id/receipts/:payment_id/email', {
        params: { id: receipt.invoice_id, payment_id: receipt.payment_id },
        body: { to: to.trim() },
      });
      toast.success(t('emailSent', { email: to.trim() }), 'sent');
      onDone();
    } catch (err) {
      setError(errorMessage(err, { offline: t('offline') }));
    } finally {
      setSending(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput style={{ flex: 1 }} label={t('emailTo')} type="email" readOnly value={to} description={t('emailClientOnly')} error={error} />
        <SubmitButton pending={sending} disabled={!to.trim()} data-autofocus>
          {t('emailSend')}
        </SubmitButton>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {receipt.number}
      </Text>
    </form>
  );
}
