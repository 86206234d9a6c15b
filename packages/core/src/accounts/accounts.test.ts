import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessDetailsOf,
  currencyForCountry,
  defaultInvoiceSettings,
  emailSchema,
  parseInvoiceSettingsString,
  passwordSchema,
  registerPayload,
  updateUserPayload,
  usernameSchema,
} from './index';

describe('account rules', () => {
  it('usernames: 3–30 of a-z 0-9 _ . , lower-cased', () => {
    expect(usernameSchema.parse(' Ada.Obi_1 ')).toBe('ada.obi_1');
    for (const bad of ['ab', 'a'.repeat(31), 'ada obi', 'ada-obi', 'adá', 'ada@obi', '']) expect(usernameSchema.safeParse(bad).success, bad).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9_.]{3,30}$/), (name) => {
        expect(usernameSchema.parse(name)).toBe(name.toLowerCase());
      }),
    );
  });

  it('e-mail and password rules', () => {
    expect(emailSchema.parse(' ada@example.com ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('ada@').success).toBe(false);
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
  });

  it('currency for a country: its own when selectable, else NGN (issue 23: every supported country has its own)', () => {
    expect(currencyForCountry('Nigeria')).toBe('NGN');
    expect(currencyForCountry('Kenya')).toBe('KES');
    expect(currencyForCountry('China')).toBe('Yuan');
    expect(currencyForCountry('Germany')).toBe('EUR');
    expect(currencyForCountry('United States')).toBe('USD');
    expect(currencyForCountry('Zambia')).toBe('ZMW');
    expect(currencyForCountry('Cameron')).toBe('XAF');
    expect(currencyForCountry('Cameroon')).toBe('XAF');
    expect(currencyForCountry('Senegal')).toBe('XOF');
    for (const [country, code] of [
      ['Rwanda', 'RWF'],
      ['Tanzania', 'TZS'],
      ['Ethiopia', 'ETB'],
      ['Zimbabwe', 'ZWG'],
      ['Uganda', 'UGX'],
      ['Ghana', 'GHS'],
      ['South Africa', 'ZAR'],
    ])
      expect(currencyForCountry(country)).toBe(code);
    expect(currencyForCountry('India')).toBe('NGN');
    expect(currencyForCountry('Nowhere')).toBe('NGN');
  });

  it('default invoice settings and their parsing', () => {
    const s = defaultInvoiceSettings('Ghana');
    expect(s).toEqual({
      currency: 'GHS',
      country: { name: 'Ghana', flag: '🇬🇭', iso_code: 'GH', currency: 'GH₵' },
      invoice_prefix: 'INV-',
      quote_prefix: 'QUO-',
      due_days: 14,
      payment_instructions: '',
      business: { address: '', phone: '', tax_id: '', registration_number: '' },
    });
    expect(parseInvoiceSettingsString(JSON.stringify({ ...s, due_days: 7 }), 'Ghana').due_days).toBe(7);
    expect(parseInvoiceSettingsString('not json', 'Ghana')).toEqual(s);
    expect(parseInvoiceSettingsString('{"currency":"XXX"}', 'Ghana')).toEqual(s);
  });

  it('business details kept in invoice_settings (issue 14)', () => {
    const raw = JSON.stringify({
      currency: 'NGN',
      business: { address: '12 Market Road', phone: '+2348031234567', tax_id: 'TIN 1', registration_number: 'RC 2' },
    });
    expect(businessDetailsOf(raw)).toEqual({ address: '12 Market Road', phone: '+2348031234567', tax_id: 'TIN 1', registration_number: 'RC 2' });
    expect(parseInvoiceSettingsString(raw, 'Nigeria').business.tax_id).toBe('TIN 1');
    expect(businessDetailsOf('{"business":{"tax_id":"T"}}')).toEqual({ address: '', phone: '', tax_id: 'T', registration_number: '' });
    expect(businessDetailsOf('oops')).toEqual({ address: '', phone: '', tax_id: '', registration_number: '' });
    expect(businessDetailsOf(null).address).toBe('');
  });

  it('payload schemas', () => {
    const ok = registerPayload.parse({ user: { name: 'Ada', username: 'Ada_1', email: 'a@b.co', password: '12345678', country: 'Cameron' } });
    expect(ok.user).toMatchObject({ username: 'ada_1', company_name: '' });
    expect(registerPayload.safeParse({ user: { name: 'Ada', username: 'ada', email: 'a@b.co', password: '12345678', country: 'Atlantis' } }).success).toBe(
      false,
    );
    expect(updateUserPayload.parse({ user: { invoice_settings: '{"a":1}' } }).user.invoice_settings).toBe('{"a":1}');
    expect(updateUserPayload.safeParse({ user: { invoice_settings: { due_days: 1.5 } } }).success).toBe(false);
  });
});
