import { describe, expect, it } from 'vitest';
import { callingCode, formatPhone, parsePhone, phoneExample, whatsappDigits } from './phone';

describe('phone numbers (issue 14)', () => {
  it('reads the local forms people type with the client country', () => {
    expect(parsePhone('08059876543', 'Nigeria')).toEqual({ ok: true, value: '+2348059876543' });
    expect(parsePhone('0805 987 6543', 'NG')).toEqual({ ok: true, value: '+2348059876543' });
    expect(parsePhone('0805-987-6543', 'Nigeria')).toEqual({ ok: true, value: '+2348059876543' });
    expect(parsePhone('0722000111', 'Kenya')).toEqual({ ok: true, value: '+254722000111' });
    expect(parsePhone('0722 000 111', 'KE')).toEqual({ ok: true, value: '+254722000111' });
    expect(parsePhone('(024) 412-3456', 'Ghana')).toEqual({ ok: true, value: '+233244123456' });
  });
  it('reads international forms whatever the country', () => {
    expect(parsePhone('+254 722 000 111', 'Nigeria')).toEqual({ ok: true, value: '+254722000111' });
    expect(parsePhone('00254722000111', 'Nigeria')).toEqual({ ok: true, value: '+254722000111' });
    expect(parsePhone('+2348059876543')).toEqual({ ok: true, value: '+2348059876543' });
  });
  it('falls back on the next country (the business) when the client has none', () => {
    expect(parsePhone('0722000111', '', 'Kenya')).toEqual({ ok: true, value: '+254722000111' });
    expect(parsePhone('0722000111', 'Atlantis', 'Kenya')).toEqual({ ok: true, value: '+254722000111' });
  });
  it('keeps an empty phone empty', () => expect(parsePhone('  ', 'Nigeria')).toEqual({ ok: true, value: '' }));
  it('refuses what cannot be a number, with an example of the country', () => {
    const bad = parsePhone('call me', 'Nigeria');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/not a phone number.*Type it like 0\d{3} \d{3} \d{4} or \+234 /);
    const short = parsePhone('0805987', 'Nigeria');
    expect(!short.ok && short.message).toMatch(/not a valid Nigeria phone number/);
    expect(parsePhone('12345678', 'Kenya').ok).toBe(false);
    const noCountry = parsePhone('08059876543');
    expect(!noCountry.ok && noCountry.message).toMatch(/country code/);
  });
  it('shows numbers of the country in national form, others in international form', () => {
    expect(formatPhone('+2348059876543', 'Nigeria')).toBe('0805 987 6543');
    expect(formatPhone('+254722000111', 'Kenya')).toBe('0722 000 111');
    expect(formatPhone('+254722000111', 'Nigeria')).toBe('+254 722 000 111');
    expect(formatPhone('08059876543', 'Nigeria')).toBe('0805 987 6543');
    expect(formatPhone('not a number', 'Nigeria')).toBe('not a number');
  });
  it('gives wa.me digits with the country code', () => {
    expect(whatsappDigits('08059876543', 'Nigeria')).toBe('2348059876543');
    expect(whatsappDigits('+254722000111')).toBe('254722000111');
    expect(whatsappDigits('0722000111', '')).toBe('');
  });
  it('names the calling code', () => expect(callingCode('Kenya')).toBe('+254'));
});

describe('phone numbers shown as they are written in their country (t19 Z1)', () => {
  it('groups Zambian, Kenyan, Ugandan, Zimbabwean and Ethiopian mobile numbers in threes; others as libphonenumber writes them', () => {
    expect(formatPhone('+260977123456', 'Zambia')).toBe('0977 123 456');
    expect(formatPhone('+260977123456', 'Kenya')).toBe('+260 977 123 456');
    expect(formatPhone('+254712345678', 'Kenya')).toBe('0712 345 678');
    expect(formatPhone('+254110123456', 'Kenya')).toBe('0110 123 456');
    expect(formatPhone('+256772123456', 'Uganda')).toBe('0772 123 456');
    // t20: Zimbabwe and Ethiopia too.
    expect(formatPhone('+263772345678', 'Zimbabwe')).toBe('0772 345 678');
    expect(formatPhone('+263712345678', 'Zimbabwe')).toBe('0712 345 678');
    expect(formatPhone('+263772345678', 'Kenya')).toBe('+263 772 345 678');
    expect(formatPhone('+251911234567', 'Ethiopia')).toBe('0911 234 567');
    expect(formatPhone('+251711234567', 'Ethiopia')).toBe('0711 234 567');
    expect(parsePhone(formatPhone('+263772345678', 'Zimbabwe'), 'Zimbabwe')).toEqual({ ok: true, value: '+263772345678' });
    expect(parsePhone(formatPhone('+251911234567', 'Ethiopia'), 'Ethiopia')).toEqual({ ok: true, value: '+251911234567' });
    // Landlines keep their own grouping; other countries are unchanged.
    expect(formatPhone('+260211234567', 'Zambia')).toBe('0211 234 567');
    expect(formatPhone('+2348031234567', 'Nigeria')).toBe('0803 123 4567');
    expect(formatPhone('+233241234567', 'Ghana')).toBe('024 123 4567');
    expect(formatPhone('+250788123456', 'Rwanda')).toBe('0788 123 456');
    // The hints' examples are grouped the same way (the Zimbabwean one read "071 234 5678 or +263 71 234 5678").
    expect(phoneExample('ZW')).toBe('0712 345 678 or +263 712 345 678');
    expect(phoneExample('KE', 'au')).toBe('0712 123 456 au +254 712 123 456');
    expect(phoneExample('ET')).toMatch(/^09\d\d \d{3} \d{3} or \+251 9\d\d \d{3} \d{3}$/);
    expect(phoneExample('ZM')).toMatch(/^09\d\d \d{3} \d{3} or \+260 9\d\d \d{3} \d{3}$/);
    expect(phoneExample('UG')).toMatch(/^07\d\d \d{3} \d{3} or \+256 7\d\d \d{3} \d{3}$/);
    expect(phoneExample('NG')).toBe('0802 123 4567 or +234 802 123 4567');
    const zw = parsePhone('hello', 'Zimbabwe');
    expect(!zw.ok && zw.message).toMatch(/Type it like 0712 345 678 or \+263 712 345 678\./);
    // What is shown is read back to the same number.
    expect(parsePhone(formatPhone('+260977123456', 'Zambia'), 'Zambia')).toEqual({ ok: true, value: '+260977123456' });
  });
});
