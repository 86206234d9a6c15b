import { registerStrings } from '../i18n/lite';

/**
 * English strings of the built-in TEST MODE provider's card fields (namespace 'testCard'): the invoice's card form and
 * a plan's test checkout draw the same fields.
 */
export const TEST_CARD_STRINGS = {
  testMode: 'TEST MODE',
  testModeNote:
    'No real money moves. Use 4242 4242 4242 4242 (or Paystack’s 4084 0840 8408 4081, or a Flutterwave test card) to succeed, 4000 0000 0000 0002 to be declined.',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  nameOnCard: 'Name on card',
  cardError_card_number_invalid: 'Your card number is incorrect.',
  cardError_card_not_test: 'Your card number is incorrect. In test mode use 4242 4242 4242 4242 or 4084 0840 8408 4081.',
  cardError_exp_invalid: "Your card's expiration date is incomplete (MM/YY).",
  cardError_exp_past: "Your card's expiration date is in the past.",
  cardError_cvc_invalid: "Your card's security code is incomplete (3 or 4 digits).",
  cardError_name_missing: 'Enter the name on the card.',
};

registerStrings('testCard', TEST_CARD_STRINGS);
