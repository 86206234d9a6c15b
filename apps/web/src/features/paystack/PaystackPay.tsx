import './strings';
import { formatMoney } from '@duka/core';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useLanguage, useStrings } from '../../i18n/lite';
import { type CheckoutQuote, fetchQuote, startCheckout } from './api';
import { errorMessage } from '../../ui/errors';

/**
 * "Pay ₦12,600.75" on the public invoice page for naira invoices: shows the processing fee as its own line when
 * the customer bears it, then opens the hosted checkout (Paystack's, or the test provider's page).
 */
export function PaystackPay({
  publicId,
  amount,
  disabled = false,
  minor = false,
  testTag,
  onOpen = (url) => window.location.assign(url),
}: {
  publicId: string;
  /** Part of the balance the customer chose (issue 23 item 10); the balance when absent. */
  amount?: number;
  /** The amount typed cannot be taken (its field says why). */
  disabled?: boolean;
  /** The invoice shows kobo on every amount (documentShowsMinor): the button writes money as the invoice does. */
  minor?: boolean;
  /** The checkout is the test provider's (no money moves): its TEST MODE tag, drawn after the amount (issue 25). */
  testTag?: ReactNode;
  onOpen?: (url: string) => void;
}) {
  const { t } = useStrings('paystack');
  const language = useLanguage();
  // The quote and the amount it was asked for: a quote for another amount (the field changed or was emptied) is not shown.
  const [quoted, setQuoted] = useState<{ amount: number | undefined; quote: CheckoutQuote } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (disabled) return;
    fetchQuote(publicId, amount).then(
      (q) => !cancelled && setQuoted({ amount, quote: q }),
      (e: unknown) => !cancelled && setError(errorMessage(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [publicId, amount, disabled]);

  async function pay() {
    setOpening(true);
    setError(null);
    try {
      const started = await startCheckout(publicId, amount);
      onOpen(started.authorization_url);
    } catch (e) {
      setError(errorMessage(e));
      setOpening(false);
    }
  }

  const quote = !disabled && quoted && quoted.amount === amount ? quoted.quote : null;
  // The same money format as the invoice and the rail buttons beside it (₦10,000.00 on an invoice with kobo; issue 23).
  const money = (m: number) => formatMoney(m, quote?.currency ?? 'NGN', { language, minor });
  return (
    <Stack gap="xs" data-testid="paystack-pay">
      {quote && quote.fee > 0 && (
        <Stack gap={2} aria-label={t('youPay')}>
          <Line label={t('invoiceAmount')} value={money(quote.amount)} />
          <Line label={t('processingFee')} value={money(quote.fee)} testId="paystack-fee" />
          <Line label={t('youPay')} value={money(quote.total)} strong />
        </Stack>
      )}
      {quoted && (
        <Text size="sm" c="dimmed">
          {t('channelsLabel')}: {quoted.quote.channels.map((c) => t(`channel.${c}`)).join(' · ')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {/* SPEC modal 6 'Pay {balance}': the button names what will be taken (with the fee when the customer bears it). */}
      {/* With the TEST MODE tag its name is "Pay ₦10,000.00 TEST MODE" (the tag's text, after a space), and the label is
          never cut beside it at 360 px. */}
      <Button
        size="md"
        onClick={() => void pay()}
        loading={opening}
        disabled={!quote || disabled}
        data-testid="paystack-pay-button"
        rightSection={testTag}
        styles={testTag ? { label: { overflow: 'visible' } } : undefined}
      >
        {quote ? t('pay', { amount: money(quote.total) }) : t('payNow')}
      </Button>
    </Stack>
  );
}

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export default PaystackPay;
