import { registerStrings } from '../i18n';

/**
 * Core's rule codes (issue 24) in the screen language (namespace 'validation'; see validation.ts ruleText).
 * English reads as core's own messages. `codes.<code>_<field>`: a field's own words for a code.
 */
export const VALIDATION_STRINGS = {
  codes: {
    required: '{{field}} is required',
    too_short: 'At least {{min}} characters',
    too_long: 'At most {{max}} characters',
    too_small: 'At least {{min}}',
    too_large: 'At most {{max}}',
    not_negative: 'Must not be negative',
    more_than_zero: 'Must be more than 0',
    more_than_zero_amount: 'Amount must be more than 0',
    more_than_zero_quantity: 'Quantity must be more than 0',
    whole_number: 'Use a whole number',
    max_items: 'At most {{max}} items',
    money_too_large: 'This amount is more than an invoice can hold',
    percent_too_large: 'At most {{max}}%',
    email: 'Not a valid e-mail address',
    invalid_choice: 'Choose one of: {{choices}}',
    currency_code: 'Use a currency code like NGN',
    note_empty: 'Write something in the note',
    text_control: 'Remove the invisible control characters from this text',
    text_line_break: 'Use one line here (no line breaks or tabs)',
    text_surrogate: 'This text has a broken character (half of an emoji?): retype it',
    text_bidi: 'Remove the hidden text-direction characters from this text (they can make it read backwards)',
    date_format: 'Use a date like 2026-11-22',
    date_year: 'Use a year between {{min}} and {{max}}',
    date_not_real: 'Not a real date',
    quantity_decimals: 'Quantity may have at most {{decimals}} decimals',
    line_too_large: 'Quantity × price is more than an invoice can hold',
    total_too_large: 'The total is more than an invoice can hold',
    due_before_issue: 'The due date cannot be before the issue date',
    total_below_paid: 'The new total is less than what was already paid',
    username_characters: 'Username may only contain letters, digits, _ and .',
    phone_not_phone: 'This is not a phone number.',
    phone_country_code: 'Add the country code (like +234), or choose the country first.',
    phone_not_valid: 'This is not a valid phone number.',
    phone_not_valid_in: 'This is not a valid {{country}} phone number.',
    invalid: 'This value is not valid',
  },
  /** A required field this table has no name for. */
  fieldRequired: 'This field is required',
  fields: { name: 'Name', category: 'Category' },
  phone: {
    typeLike: '{{why}} Type it like {{example}}.',
  },
};

registerStrings('validation', VALIDATION_STRINGS);
