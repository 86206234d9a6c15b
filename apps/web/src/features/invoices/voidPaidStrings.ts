import { registerStrings } from '../../i18n';

/** English strings of voiding an invoice that holds payments (namespace 'voidPaid', t19 N7: core's voidPaidProblem). */
export const VOID_PAID_STRINGS = {
  title: 'This invoice cannot be voided',
  body: '{{amount}} was paid on this invoice: it cannot be voided while it holds payments. Issue a credit note for the whole invoice instead: it takes the invoice back and shows the refund due to the client.',
  title_sale: 'This sale cannot be voided',
  body_sale:
    '{{amount}} was paid on this sale: it cannot be voided while it holds payments. Issue a credit note for the whole sale instead: it takes the sale back and shows the refund due to the customer.',
  creditNote: 'Issue a credit note',
} as const;

registerStrings('voidPaid', VOID_PAID_STRINGS);
