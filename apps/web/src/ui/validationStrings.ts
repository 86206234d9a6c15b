import { registerStrings } from '../i18n';

/**
 * The checks core's schemas make on the device (the same as the server's), in the screen language
 * (namespace 'validation'; see validation.ts). English is core's own text.
 */
export const VALIDATION_STRINGS = {
  required: '{{field}} is required',
  maxChars: 'At most {{max}} characters',
  email: 'Not a valid e-mail address',
  amountPositive: 'Amount must be more than 0',
  noteEmpty: 'Write something in the note',
  notNegative: 'Must not be negative',
  maxPercent: 'At most 100%',
  moneyTooLarge: 'This amount is more than an invoice can hold',
  currencyCode: 'Use a currency code like NGN',
  control: 'Remove the invisible control characters from this text',
  lineBreak: 'Use one line here (no line breaks or tabs)',
  surrogate: 'This text has a broken character (half of an emoji?): retype it',
  fields: { name: 'Name', category: 'Category' },
  phone: {
    notPhone: 'This is not a phone number.',
    countryCode: 'Add the country code (like +234), or choose the country first.',
    notValid: 'This is not a valid phone number.',
    notValidIn: 'This is not a valid {{country}} phone number.',
    typeLike: '{{why}} Type it like {{example}}.',
  },
};

registerStrings('validation', VALIDATION_STRINGS);
