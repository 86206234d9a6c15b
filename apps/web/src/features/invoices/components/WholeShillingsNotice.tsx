import '../wholeShillingsStrings';
import { formatMoney, isBilledKind, walletUnit, wholeShillingsDiscount } from '@duka/core';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { saveInvoice } from '../lib/data';
import type { Invoice } from '../lib/model';
import { WholeShillingsOffer } from './WholeShillingsOffer';

export { type WholeShillingsRound, WholeShillingsOffer, wholeShillingRails } from './WholeShillingsOffer';

/** The offer on the invoice page: the tap saves the rounded discount (the ordinary device write and sync). */
export function WholeShillingsNotice({ inv, balance, locked }: { inv: Invoice; balance: number; locked: boolean | 'test' }) {
  const { t } = useStrings('wholeShillings');
  if (walletUnit(inv.currency) <= 1 || !isBilledKind(inv.kind) || inv.status === 'void') return null;
  const round = wholeShillingsDiscount({ ...inv, credited: inv.credited_total ?? 0 });
  const offer = round && { currency: inv.currency, balance, discountBefore: inv.discount_total ?? 0, round };
  return (
    <WholeShillingsOffer
      offer={offer}
      locked={locked}
      onRound={async (discount) => {
        await saveInvoice({ ...inv, discount });
        toast.success(t('rounded', { rounded: formatMoney(round?.balance ?? 0, inv.currency, { minor: true }) }));
      }}
    />
  );
}
