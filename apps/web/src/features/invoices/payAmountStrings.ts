import { registerStrings } from '../../i18n/lite';

/** English strings of the part-payment amount on the public invoice page (namespace 'payAmount', issue 23 item 10). */
export const PAY_AMOUNT_STRINGS = {
  label: 'Amount to pay',
  hint: 'You may pay part of the balance: at least {{min}}, at most {{balance}}.',
  tooLittle: 'Pay at least {{min}}.',
  tooMuch: 'You cannot pay more than the balance, {{balance}}.',
  required: 'Enter the amount to pay.',
  wholeShillings: '{{rail}}: whole shillings only. Enter an amount without cents.',
  wholeShillingsOnly:
    '{{rail}}: whole shillings only, and this balance has cents. Pay another way, or ask the business to round the invoice to whole shillings.',
  walletMax: '{{rail}}: at most {{max}} a payment. Pay {{max}} or less that way, and the rest in another payment.',
  walletMaxOnly: '{{rail}}: at most {{max}} a payment, less than this balance. Pay another way, or ask the business to allow part payments.',
  walletMaxUse: 'Pay {{max}} now',
} as const;

registerStrings('payAmount', PAY_AMOUNT_STRINGS);
