import { useCallback } from 'react';
import './invoiceLinkStrings';
import { useStrings } from '../../i18n/lite';

/**
 * An invoice status's label ('partially_paid' → 'Partially paid'): one set of labels, in the public page's small
 * namespace (invoiceLink), for the owner's screens and the customer's page alike.
 */
export function useStatusLabel(): (status: string) => string {
  const { t } = useStrings('invoiceLink');
  return useCallback((status: string) => t(`status.${status}`, { defaultValue: status }), [t]);
}
