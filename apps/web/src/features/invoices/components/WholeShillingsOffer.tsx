import '../wholeShillingsStrings';
import { formatMoney, parseInvoiceSettingsString, RAILS, railName, railsFor, walletUnit } from '@duka/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { getCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';

/**
 * The rails of the owner's pay page that take whole shillings only, by name: Kenya's M-Pesa and Airtel Money,
 * Tanzania's wallets (core's walletUnit, t20 T1).
 */
export function wholeShillingRails(currency: string): string[] {
  if (walletUnit(currency) <= 1) return [];
  const user = getCurrentUser();
  const settings = parseInvoiceSettingsString(user?.invoice_settings, user?.country ?? undefined);
  return railsFor(settings.country.iso_code, currency, settings.pay_rails)
    .filter((r) => RAILS[r].kind === 'phone')
    .map((r) => railName(r, currency));
}

/** A long label ("Round down to KSh1,243,000.00 and finish") wraps on a phone instead of widening the notice. */
const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } };

/** What the offer needs: core's rounding (wholeShillingsDiscount) and the balance before it. */
export interface WholeShillingsRound {
  currency: string;
  balance: number;
  /** The discount before the rounding (to say how much comes off). */
  discountBefore: number;
  round: { discount: { type: 'amount'; value: number }; balance: number };
}

/**
 * The offer to round a KES balance with cents down to whole shillings (t17 K0), on the invoice page, in the editor and
 * at Finish (one component). M-Pesa and Airtel Money take no cents and Duka rounds no prompt, so the owner may take the
 * cents off the price: core's wholeShillingsDiscount, an ordinary discount (VAT on the lower price; the PDF, the pay
 * page, the eTIMS record and the VAT return follow). Shown only when the pay page offers one of those rails.
 * - `onRound`: what the tap does (save the invoice, or set the editor's discount); absent with `locked`.
 * - `locked`: signed by KRA, cannot change: the notice says what the owner can do instead; 'test' when signed in
 *   TEST MODE (t19 K1: it said "signed by KRA" under "Signed in TEST MODE (not sent to KRA)").
 * - `action` 'finish': the buttons finish the invoice, rounded ("Round down to KSh243.00 and finish") or as it is.
 */
export function WholeShillingsOffer({
  offer,
  locked = false,
  action,
  onRound,
  onAsIs,
}: {
  offer: WholeShillingsRound | null;
  locked?: boolean | 'test';
  action?: 'finish';
  onRound?: (discount: { type: 'amount'; value: number }) => Promise<void> | void;
  onAsIs?: () => void;
}) {
  const { t } = useStrings('wholeShillings');
  const [busy, setBusy] = useState(false);
  const rails = offer ? wholeShillingRails(offer.currency) : [];
  if (!offer || !rails.length) return null;
  const money = (m: number) => formatMoney(m, offer.currency, { minor: true });
  const vars = {
    rails: rails.join(', '),
    balance: money(offer.balance),
    rounded: money(offer.round.balance),
    cents: money(offer.round.discount.value - offer.discountBefore),
  };
  return (
    <Alert color="orange" variant="light" role="status" title={t('title', vars)} data-testid="whole-shillings">
      <Text size="sm">{t(locked === 'test' ? 'lockedTest' : locked ? 'locked' : 'body', vars)}</Text>
      {!locked && onRound && (
        <Group gap="xs" mt="xs">
          <Button
            size="compact-md"
            h="auto"
            py={6}
            styles={WRAP}
            loading={busy}
            data-testid="whole-shillings-round"
            onClick={async () => {
              setBusy(true);
              try {
                await onRound(offer.round.discount);
              } catch (e) {
                toast.error(e);
              } finally {
                setBusy(false);
              }
            }}
          >
            {t(action === 'finish' ? 'roundAndFinish' : 'round', vars)}
          </Button>
          {action === 'finish' && onAsIs && (
            <Button size="compact-md" h="auto" py={6} styles={WRAP} variant="default" disabled={busy} onClick={onAsIs} data-testid="whole-shillings-as-is">
              {t('finishAsIs', vars)}
            </Button>
          )}
        </Group>
      )}
    </Alert>
  );
}
