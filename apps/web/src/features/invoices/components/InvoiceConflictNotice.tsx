import { useCallback } from 'react';
import { useStrings } from '../../../i18n';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';
import '../invoiceConflictStrings';
import { describeInvoiceValues, restorableValues, type Translate } from '../lib/conflict';
import { saveInvoice } from '../lib/data';
import type { Invoice } from '../lib/model';

/**
 * 'Edited on another device' on an invoice (t20 U3): the shared notice of the other screens (contacts, expenses,
 * catalog, fees, notes), with the invoice's replaced values shown as lines and money, and "Use these values" putting
 * back what the owner typed (totals and status are worked out again, as on every save; in the editor, into the form).
 */
export function InvoiceConflictNotice({ invoice, onUse: use }: { invoice: Invoice; onUse?: (values: Partial<Invoice>) => void }) {
  const { t } = useStrings('invoiceConflict');
  const describe = useCallback(
    (data: Record<string, unknown>) => describeInvoiceValues(data, invoice.currency, ((k, v) => t(k, v ?? {})) satisfies Translate),
    [invoice.currency, t],
  );
  const onUse = useCallback(
    async (data: Record<string, unknown>) => {
      const values = restorableValues(data);
      if (!Object.keys(values).length) return;
      // In the editor the values go into the form (saved with it); on the invoice page they are saved at once.
      if (use) use(values);
      else await saveInvoice({ ...invoice, ...values });
    },
    [invoice, use],
  );
  return <ConflictNotice collection="invoices" record={invoice} title={t('title')} body={t('body')} describe={describe} onUse={onUse} />;
}
