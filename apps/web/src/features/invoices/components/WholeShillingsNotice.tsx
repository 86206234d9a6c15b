import '../wholeShillingsStrings';
import { formatMoney, isBilledKind, parseInvoiceSettingsString, railName, railsFor, wholeShillingsDiscount } from '@duka/core';
import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { getCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { saveInvoice } from '../lib/data';
import type { Invoice } from '../lib/model';

/** The rails of the owner's pay page that take whole shillings only (M-Pesa, Airtel Money), by name. */
function wholeShillingRails(currency: string): string[] {
  const user = getCurrentUser();
  const settings = parseInvoiceSettingsString(user?.invoice_settings, user?.country ?? undefined);
  return railsFor(settings.country.iso_code, currency, settings.pay_rails)
    .filter((r) => r === 'mpesa' || r === 'airtel_money')
    .map((r) => railName(r, currency));
}

/**
 * t17 K0: a KES balance with cents cannot be paid by M-Pesa or Airtel Money, and Duka rounds no prompt. When the pay
 * page offers them, the invoice page says so and offers one tap to round the invoice down to whole shillings: core's
 * wholeShillingsDiscount, saved as the invoice's discount (so the PDF, the pay page and the VAT return show the same
 * figures). `balance`: the real balance the page shows. An invoice signed by KRA (`locked`) cannot change: the notice says what the owner can do instead.
 */
export function WholeShillingsNotice({ inv, balance, locked }: { inv: Invoice; balance: number; locked: boolean }) {
  const { t } = useStrings('wholeShillings');
  const [busy, setBusy] = useState(false);
  if (inv.currency !== 'KES' || !isBilledKind(inv.kind) || inv.status === 'void') return null;
  const round = wholeShillingsDiscount({ ...inv, credited: inv.credited_total ?? 0 });
  if (!round) return null;
  const rails = wholeShillingRails(inv.currency);
  if (!rails.length) return null;
  const money = (m: number) => formatMoney(m, inv.currency, { minor: true });
  const vars = {
    rails: rails.join(', '),
    balance: money(balance),
    rounded: money(round.balance),
    cents: money(round.discount.value - (inv.discount_total ?? 0)),
  };
  return (
    <Alert color="orange" variant="light" role="status" title={t('title', vars)} data-testid="whole-shillings">
      <Text size="sm">{t(locked ? 'locked' : 'body', vars)}</Text>
      {!locked && (
        <Button
          mt="xs"
          size="compact-md"
          loading={busy}
          data-testid="whole-shillings-round"
          onClick={async () => {
            setBusy(true);
            try {
              await saveInvoice({ ...inv, discount: round.discount });
              toast.success(t('rounded', vars));
            } catch (e) {
              toast.error(e);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('round', vars)}
        </Button>
      )}
    </Alert>
  );
}
