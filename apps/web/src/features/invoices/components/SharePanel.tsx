import '../strings';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { Contact } from '../../../data/db';
import { getCurrentUser } from '../../../data/user';
import { checkRule, clientLanguage, invoiceEmailBody } from '@duka/core';
import { activeLanguage, useStrings } from '../../../i18n';
import { useStringsIn } from '../../../i18n/customer';
import { errorMessage } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import type { Invoice } from '../lib/model';
import { emailInvoice, markShared, onServer, publicLink } from '../lib/ownerApi';
import { whatsappMessage, whatsappUrl } from '../lib/share';
import { useOffline, useSharedNumber } from '../lib/provisional';
import { countryNameOf } from '../../../ui/dial';
import { CancelAndSubmit } from '../../../ui/form';

/** Copy link, WhatsApp (+ the PDF through the Web Share API where files can be shared) and e-mail. */
export function SharePanel({ invoice, client, pdf }: { invoice: Invoice; client: Contact | null; pdf: Blob | null }) {
  const { t } = useStrings('invoices');
  const [emailOpen, setEmailOpen] = useState(false);
  const synced = onServer(invoice);
  // Offline, or the last sync failed (server unreachable): it reaches the server only later.
  const offline = useOffline();
  // Offline, a number given on this device is provisional (t20 H3): what goes to the client says so.
  const shared = useSharedNumber(invoice, client);
  const { t: tp } = useStrings('provisional');
  const ready = !!invoice.public_id;
  const link = ready ? publicLink(invoice) : '';
  const user = getCurrentUser();
  // The text reaches the client: in their language (else the owner's), whatever the screen shows.
  const language = clientLanguage(client?.language, activeLanguage());
  const { t: tClient } = useStringsIn('invoices', language);
  const wa = whatsappMessage(
    { ...invoice, number: shared.number },
    { client: client?.name ?? '', company: user?.company_name || user?.name || '', link },
    language,
  );
  const message = tClient(wa.key, wa.vars);
  const file = pdf ? new File([pdf], `${shared.file}.pdf`, { type: 'application/pdf' }) : null;
  const canShareFile = !!file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('linkCopied'));
      void markShared(invoice);
    } catch {
      window.prompt(t('copyLink'), link);
      void markShared(invoice);
    }
  }

  async function sharePdf() {
    if (!file) return;
    try {
      await navigator.share({ files: [file], title: shared.number, text: message });
      void markShared(invoice);
    } catch {
      // the user closed the share sheet
    }
  }

  return (
    <Stack gap="xs">
      {!synced &&
        (offline ? (
          <Alert color="yellow" p="xs" role="status" data-testid="needs-sync">
            {t('needsSync', { context: invoice.kind })}
            {shared.provisional && (
              <Text size="sm" mt={4} data-testid="provisional-number">
                {tp('note', { number: invoice.number, context: invoice.kind })}
              </Text>
            )}
          </Alert>
        ) : (
          // Online, it is on its way (issue 23): no "next time you are online" while the device is online.
          <Text size="sm" c="dimmed" role="status" data-testid="needs-sync">
            {t('sendingToServer', { context: invoice.kind })}
          </Text>
        ))}
      <Group gap="xs">
        <Button variant="light" disabled={!ready} onClick={() => void copy()} data-testid="copy-link" data-link={link}>
          {t('copyLink')}
        </Button>
        <Button
          variant="light"
          color="#237032"
          disabled={!ready}
          component="a"
          href={ready ? whatsappUrl(message, client?.phone, client?.country, countryNameOf(user)) : undefined}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => void markShared(invoice)}
        >
          {t('whatsapp')}
        </Button>
        {canShareFile && (
          <Button variant="light" onClick={() => void sharePdf()}>
            {t('sharePdf')}
          </Button>
        )}
        <Button
          variant="light"
          disabled={!synced}
          title={synced ? undefined : t('needsSyncEmail', { context: invoice.kind })}
          onClick={() => setEmailOpen(true)}
        >
          {t('email')}
        </Button>
      </Group>
      <EmailModal opened={emailOpen} onClose={() => setEmailOpen(false)} invoice={invoice} defaultTo={client?.email ?? ''} />
    </Stack>
  );
}

function EmailModal({ opened, onClose: close, invoice, defaultTo }: { opened: boolean; onClose: () => void; invoice: Invoice; defaultTo: string }) {
  const { t } = useStrings('invoices');
  // Until the user types, "Send to" is the client's e-mail (the client may load after the page).
  const [typed, setTyped] = useState<string | null>(null);
  const to = typed ?? defaultTo;
  const setTo = setTyped;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const onClose = () => {
    setTyped(null);
    setError(null);
    close();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!to.trim() || checkRule(invoiceEmailBody.unwrap().shape.to, to.trim())) {
      setError(t('emailInvalid'));
      return;
    }
    setSending(true);
    try {
      await emailInvoice(invoice, to.trim());
      toast.success(t('emailSent', { email: to.trim(), context: invoice.kind }), 'sent');
      onClose();
    } catch (err) {
      setError(errorMessage(err, { offline: t('offlineAction') }));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('email')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('emailTo')}
            type="email"
            data-autofocus
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <CancelAndSubmit cancel={t('cancel')} onCancel={onClose} submit={t('emailSend')} pending={sending} />
        </Stack>
      </form>
    </Modal>
  );
}
