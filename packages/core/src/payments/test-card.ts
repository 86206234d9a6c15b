/**
 * The built-in test provider's card (TEST MODE, issue 24): one rule for the card form on the page and the server
 * that takes it. Each problem is a code on a field; the server answers the English message (TEST_CARD_MESSAGES),
 * the web renders the code in the screen's language.
 */

/** The cards the test provider takes: one that pays and one that is declined. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The public test cards that pay (issue 23/25): 4242 4242 4242 4242 and those the providers' own docs give for a
 * successful payment, so a tester used to Paystack or Flutterwave is not refused.
 * - Paystack, "Test Payments" (paystack.com/docs/payments/test-payments): Visa 4084 0840 8408 4081 (no validation).
 * - Flutterwave, "Test cards" (developer.flutterwave.com/v2.0/docs/test-cards): Mastercard PIN 5531 8866 5214 2950,
 *   Visa 3DS 4187 4274 1556 4246, Mastercard 3DS 5438 8980 1456 0229, NoAuth Visa 4751 7632 3669 9647,
 *   Visa address verification 4556 0527 0417 2643.
 */
export const TEST_CARDS_THAT_PAY = [
  TEST_CARDS.success,
  '4084084084084081',
  '5531886652142950',
  '4187427415564246',
  '5438898014560229',
  '4751763236699647',
  '4556052704172643',
] as const;

/** True for a test card that pays (TEST_CARDS_THAT_PAY); the rest of the test cards are declined. */
export const testCardPays = (digits: string): boolean => (TEST_CARDS_THAT_PAY as readonly string[]).includes(digits);

export interface TestCardInput {
  card_number: string;
  exp: string;
  cvc: string;
  name: string;
}
export type TestCardField = keyof TestCardInput;

export const TEST_CARD_ERROR_CODES = ['card_number_invalid', 'card_not_test', 'exp_invalid', 'exp_past', 'cvc_invalid', 'name_missing'] as const;
export type TestCardErrorCode = (typeof TEST_CARD_ERROR_CODES)[number];
export interface TestCardError {
  field: TestCardField;
  code: TestCardErrorCode;
}

/** The English of each code, as the server answers it. */
export const TEST_CARD_MESSAGES: Record<TestCardErrorCode, string> = {
  card_number_invalid: 'Your card number is incorrect.',
  card_not_test: 'Your card number is incorrect. In test mode use 4242 4242 4242 4242 or 4084 0840 8408 4081.',
  exp_invalid: "Your card's expiration date is incomplete.",
  exp_past: "Your card's expiration date is in the past.",
  cvc_invalid: "Your card's security code is incomplete.",
  name_missing: 'Enter the name on the card.',
};

/** Luhn check of a card number's digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's digits without the spaces or dashes typed between them. */
export const cardDigits = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

/**
 * Every problem of a typed test card, in the order of the form's fields (empty when it can be sent): 12 to 19
 * digits passing the Luhn check and a test card (TEST_CARDS_THAT_PAY or the declined one); an expiry MM/YY or MM/YYYY not before this month (UTC); a
 * CVC of 3 or 4 digits; a name.
 */
export function testCardErrors(card: TestCardInput, now = new Date()): TestCardError[] {
  const errors: TestCardError[] = [];
  const digits = cardDigits(card.card_number);
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.push({ field: 'card_number', code: 'card_number_invalid' });
  else if (!testCardPays(digits) && digits !== TEST_CARDS.declined) errors.push({ field: 'card_number', code: 'card_not_test' });
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.exp);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.push({ field: 'exp', code: 'exp_invalid' });
  else {
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) errors.push({ field: 'exp', code: 'exp_past' });
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.push({ field: 'cvc', code: 'cvc_invalid' });
  if (!card.name.trim()) errors.push({ field: 'name', code: 'name_missing' });
  return errors;
}

export type TestCardCheck = { ok: true; digits: string } | { ok: false; field: TestCardField; code: TestCardErrorCode; message: string };

/** The server's check: the first problem with its English message, or the card's digits. */
export function checkTestCard(card: TestCardInput, now = new Date()): TestCardCheck {
  const [first] = testCardErrors(card, now);
  if (first) return { ok: false, ...first, message: TEST_CARD_MESSAGES[first.code] };
  return { ok: true, digits: cardDigits(card.card_number) };
}
