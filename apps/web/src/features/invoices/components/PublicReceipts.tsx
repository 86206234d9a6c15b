import { Stack, Text } from '@mantine/core';
import type { PublicInvoice } from '@duka/core';
import { useStrings } from '../../../i18n/lite';
import { publicReceiptUrl } from '../publicApi';

/**
 * The customer's proof of payment (t18 E2): one link per payment of this invoice to its receipt PDF, on the pay page
 * (paid or part-paid) and the thank-you page. Plain links: no code of the receipt is loaded before a tap.
 */
export function PublicReceipts({ publicId, payments, money }: { publicId: string; payments: PublicInvoice['payments']; money: (minor: number) => string }) {
  const { t } = useStrings('invoiceLink');
  const list = payments.filter((p) => p.id && p.receipt);
  if (!list.length) return null;
  return (
    <Stack gap={4} data-testid="public-receipts">
      {list.map((p) => (
        <Text key={p.id} size="sm">
          <a href={publicReceiptUrl(publicId, p.id!)} download={`${p.receipt}.pdf`}>
            {t('downloadReceipt', { number: p.receipt, amount: money(p.amount) })}
          </a>
        </Text>
      ))}
    </Stack>
  );
}
