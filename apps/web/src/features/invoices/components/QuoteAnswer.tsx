import '../quoteAnswerStrings';
import { QUOTE_DECLINE_REASON_MAX } from '@duka/core';
import { Alert, Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n/lite';
import { errorMessage } from '../../../ui/errors';
import { acceptQuote, declineQuote } from '../publicApi';
import { publicPagePaths } from '../../../publicPaths';

/**
 * The customer's answer on a quote's public page (issue 23 item 11): Accept (the quote becomes an invoice, once,
 * and the business is told) or Decline with an optional reason. A converted quote says it was accepted; a
 * declined one (kept on the server) says so after a reload, with the reason given.
 */
export function QuoteAnswer({
  publicId,
  accepted,
  declined = null,
  onAnswered,
}: {
  publicId: string;
  accepted: boolean;
  /** The quote was declined: the reason given ('' for none); null while open. */
  declined?: string | null;
  /** The customer answered: the page's status chip follows (issue 23). */
  onAnswered?: (status: 'accepted' | 'declined') => void;
}) {
  const { t } = useStrings('quoteAnswer');
  const [state, setState] = useState<'open' | 'accepted' | 'declined'>(accepted ? 'accepted' : declined !== null ? 'declined' : 'open');
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');

  async function run(call: () => Promise<{ status: 'accepted' | 'declined'; invoice_public_id: string | null }>) {
    setBusy(true);
    setError(null);
    try {
      const res = await call();
      setState(res.status);
      setInvoiceId(res.invoice_public_id);
      setDeclining(false);
      onAnswered?.(res.status);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (state === 'accepted')
    return (
      <Alert color="teal" role="status" data-testid="quote-answer">
        {t('accepted')}{' '}
        {invoiceId && (
          <Anchor href={publicPagePaths.invoiceLink(invoiceId)} fw={600}>
            {t('viewInvoice')}
          </Anchor>
        )}
      </Alert>
    );
  if (state === 'declined')
    return (
      <Alert color="gray" role="status" data-testid="quote-answer">
        {t('declined')}
        {(declined || reason.trim()) && (
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {t('declinedReason', { reason: declined || reason.trim() })}
          </Text>
        )}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="quote-answer">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button size="md" color="teal" loading={busy && !declining} onClick={() => void run(() => acceptQuote(publicId))}>
          {t('accept')}
        </Button>
        <Button size="md" variant="default" onClick={() => setDeclining(true)} disabled={busy}>
          {t('decline')}
        </Button>
      </SimpleGrid>
      <Modal opened={declining} onClose={() => setDeclining(false)} title={t('declineTitle')} centered>
        <Stack gap="sm">
          <Textarea
            label={t('declineReason')}
            description={t('declineHint')}
            autosize
            minRows={3}
            maxLength={QUOTE_DECLINE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeclining(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void run(() => declineQuote(publicId, reason.trim()))}>
              {t('declineSend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
