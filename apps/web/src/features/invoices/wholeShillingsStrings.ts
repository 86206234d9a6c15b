import { registerStrings } from '../../i18n';

/** English strings of the owner's offer to round a KES invoice to whole shillings (namespace 'wholeShillings', t17 K0). */
export const WHOLE_SHILLINGS_STRINGS = {
  title: '{{rails}}: whole shillings only',
  body: 'The balance, {{balance}}, has cents, so your client cannot pay it by {{rails}}. Round it down to {{rounded}}: a discount of {{cents}} comes off the price, and the VAT is worked out on the lower price.',
  round: 'Round down to {{rounded}}',
  rounded: 'Rounded to {{rounded}}',
  locked:
    'The balance, {{balance}}, has cents, so your client cannot pay it by {{rails}}. The invoice is signed by KRA and cannot be changed: your client can pay it another way, such as cash.',
  lockedTest:
    'The balance, {{balance}}, has cents, so your client cannot pay it by {{rails}}. The invoice is signed in TEST MODE (not sent to KRA) and cannot be changed: your client can pay it another way, such as cash.',
  roundAndFinish: 'Round down to {{rounded}} and finish',
  finishAsIs: 'Finish at {{balance}}',
} as const;

registerStrings('wholeShillings', WHOLE_SHILLINGS_STRINGS);
