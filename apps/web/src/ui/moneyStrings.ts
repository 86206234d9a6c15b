import { registerStrings } from '../i18n/lite';

/** English strings of the money input (issue 23, namespace 'money'): why a typed amount was not read. */
export const MONEY_STRINGS = {
  unreadable: 'Type an amount, like {{example}}',
  ambiguous: '“{{text}}” can be read two ways. Type it like {{example}}',
  decimals: 'At most {{n}} decimals, like {{example}}',
  noDecimals: '{{currency}} has no decimals. Type it like {{example}}',
  negative: 'Enter an amount above 0',
  tooLarge: 'That amount is too large',
};

registerStrings('money', MONEY_STRINGS);
