import { describe, expect, it } from 'vitest';
import { checkTestCard, luhn, TEST_CARD_ERROR_CODES, TEST_CARD_MESSAGES, TEST_CARDS, TEST_CARDS_THAT_PAY, testCardErrors, testCardPays } from './test-card';

// Issue 24: the test provider's card rule, once, for the page's form and the server.
const now = new Date('2026-11-22T00:00:00Z');
const good = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Amina Yusuf' };

describe('the test card', () => {
  it('takes the two test cards, spaced or dashed, with MM/YY or MM/YYYY, this month included', () => {
    expect(checkTestCard(good, now)).toEqual({ ok: true, digits: TEST_CARDS.success });
    expect(checkTestCard({ ...good, card_number: '4000-0000-0000-0002', exp: '11/2026', cvc: '1234' }, now)).toEqual({ ok: true, digits: TEST_CARDS.declined });
    expect(testCardErrors({ ...good, exp: ' 1 / 27 ' }, now)).toEqual([]);
  });

  it("also takes Paystack's and Flutterwave's documented test cards that pay (4084 0840 8408 4081…)", () => {
    expect(checkTestCard({ ...good, card_number: '4084 0840 8408 4081' }, now)).toEqual({ ok: true, digits: '4084084084084081' });
    for (const digits of TEST_CARDS_THAT_PAY) {
      expect(luhn(digits), digits).toBe(true);
      expect(checkTestCard({ ...good, card_number: digits }, now).ok, digits).toBe(true);
      expect(testCardPays(digits)).toBe(true);
    }
    expect(testCardPays(TEST_CARDS.declined)).toBe(false);
    expect(testCardPays('5555555555554444')).toBe(false);
  });

  it('gives every problem as a code on its field, in the order of the form', () => {
    expect(testCardErrors({ card_number: '4242', exp: '10/26', cvc: '1', name: ' ' }, now)).toEqual([
      { field: 'card_number', code: 'card_number_invalid' },
      { field: 'exp', code: 'exp_past' },
      { field: 'cvc', code: 'cvc_invalid' },
      { field: 'name', code: 'name_missing' },
    ]);
    expect(testCardErrors({ ...good, card_number: '4242 4242 4242 4241' }, now)).toEqual([{ field: 'card_number', code: 'card_number_invalid' }]);
    // A real card number (it passes the check digit) is not a test card.
    expect(testCardErrors({ ...good, card_number: '5555 5555 5555 4444' }, now)).toEqual([{ field: 'card_number', code: 'card_not_test' }]);
    for (const exp of ['13/30', '00/30', '1230', '12/3', '12/030'])
      expect(testCardErrors({ ...good, exp }, now)).toEqual([{ field: 'exp', code: 'exp_invalid' }]);
    expect(testCardErrors({ ...good, exp: '10/2026' }, now)).toEqual([{ field: 'exp', code: 'exp_past' }]);
  });

  it("the server's answer is the first problem with its English message", () => {
    expect(checkTestCard({ ...good, exp: '10/26', cvc: '1' }, now)).toEqual({
      ok: false,
      field: 'exp',
      code: 'exp_past',
      message: TEST_CARD_MESSAGES.exp_past,
    });
    for (const code of TEST_CARD_ERROR_CODES) expect(TEST_CARD_MESSAGES[code]).toMatch(/\.$/);
  });

  it('checks the Luhn digit', () => {
    expect([luhn('4242424242424242'), luhn('4000000000000002'), luhn('4242424242424241'), luhn('79927398713')]).toEqual([true, true, false, true]);
  });
});
