import { describe, expect, it } from 'vitest';
import { passwordSchema, registerPayload, usernameSchema } from '../accounts';
import { invoiceLineSchema, invoicePaymentSchema } from '../invoices/schemas';
import { contactFields, expenseFields, noteFields } from '../records/schemas';
import { parsePhone } from '../records/phone';
import { checkRule, MAX_MONEY, moneySchema, percentBpsSchema, ruleErrors } from '.';

const line = { id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'x', quantity: 1, unit_price: 100 };

describe('core rules answer with a code and parameters beside the English message (issue 24)', () => {
  it('length rules carry their bound', () => {
    expect(checkRule(passwordSchema, 'short')).toMatchObject({ code: 'too_short', params: { min: 8 }, message: 'Password must have at least 8 characters' });
    expect(checkRule(passwordSchema, 'x'.repeat(201))).toMatchObject({ code: 'too_long', params: { max: 200 } });
    expect(checkRule(usernameSchema, 'ab')).toMatchObject({ code: 'too_short', params: { min: 3 } });
    expect(checkRule(usernameSchema, 'a b c')).toMatchObject({ code: 'username_characters', message: 'Username may only contain letters, digits, _ and .' });
    expect(checkRule(passwordSchema, 'long enough')).toBeNull();
  });

  it('required fields name the field; e-mail, note and currency rules have their own codes', () => {
    const contact = contactFields.pick({ name: true, email: true }).safeParse({ name: '', email: 'x' });
    expect(contact.success).toBe(false);
    if (!contact.success) {
      const errors = ruleErrors(contact.error);
      expect(errors.name).toMatchObject({ code: 'required', params: { field: 'name' }, message: 'Name is required' });
      expect(errors.email).toMatchObject({ code: 'email', message: 'Not a valid e-mail address' });
    }
    expect(checkRule(noteFields.shape.body, '   ')).toMatchObject({ code: 'note_empty' });
    expect(checkRule(expenseFields.shape.currency, 'naira')).toMatchObject({
      code: 'currency_code',
      message: expect.stringMatching(/^"naira" is not a currency Duka supports: use one of NGN, USD/),
    });
    expect(checkRule(expenseFields.shape.currency, 'kes')).toMatchObject({ code: 'currency_code', message: 'Write the currency as KES' });
    expect(checkRule(expenseFields.shape.currency, 'KES')).toBeNull();
    expect(checkRule(expenseFields.shape.amount, 0)).toMatchObject({ code: 'more_than_zero' });
  });

  it('money, percentages, quantities and text have codes', () => {
    expect(checkRule(moneySchema, MAX_MONEY + 1)).toMatchObject({ code: 'money_too_large' });
    expect(checkRule(moneySchema, -1)).toMatchObject({ code: 'not_negative' });
    expect(checkRule(moneySchema, 1.5)).toMatchObject({ code: 'whole_number' });
    expect(checkRule(percentBpsSchema, 10_001)).toMatchObject({ code: 'percent_too_large', params: { max: 100 } });
    expect(checkRule(invoiceLineSchema, { ...line, quantity: 1.2345 })).toMatchObject({ code: 'quantity_decimals', path: 'quantity' });
    expect(checkRule(invoiceLineSchema, { ...line, quantity: 0 })).toMatchObject({ code: 'more_than_zero' });
    expect(checkRule(invoiceLineSchema, { ...line, quantity: 2_000_000, unit_price: MAX_MONEY })).toMatchObject({ code: 'line_too_large', path: 'unit_price' });
    expect(checkRule(invoiceLineSchema, { ...line, description: 'a\u0001b' })).toMatchObject({ code: 'text_control' });
    expect(checkRule(invoiceLineSchema, { ...line, description: 'half \ud83d' })).toMatchObject({ code: 'text_surrogate' });
    expect(checkRule(invoicePaymentSchema.shape.date, '2026-02-30')).toMatchObject({ code: 'date_not_real', message: 'Not a real date' });
  });

  it('the register form: company name may be empty, the password has a ceiling', () => {
    const user = { name: 'Ada', username: 'ada', email: 'ada@example.com', password: 'x'.repeat(8), company_name: '', country: 'Nigeria' };
    expect(registerPayload.safeParse({ user }).success).toBe(true);
    expect(registerPayload.safeParse({ user: { ...user, password: 'x'.repeat(201) } }).success).toBe(false);
  });

  it('a refused phone number says why as a code, with the country', () => {
    const notPhone = parsePhone('12ab', 'Cameron');
    expect(notPhone).toMatchObject({ ok: false, code: 'phone_not_phone', params: { iso: 'CM' } });
    const kenyan = parsePhone('071234', 'Kenya');
    expect(kenyan).toMatchObject({ ok: false, code: 'phone_not_valid_in', params: { country: 'Kenya', iso: 'KE' } });
    expect(parsePhone('0803 123 4567')).toMatchObject({ ok: false, code: 'phone_country_code' });
  });
});
