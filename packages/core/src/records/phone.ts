import { type CountryCode, getCountryCallingCode, getExampleNumber, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { findCountry } from '../constants/countries';
import type { RuleCode } from '../rules/codes';

/**
 * Phone numbers (issue 14): stored in E.164 (+2348059876543) so WhatsApp links work, typed in the local
 * forms people use (0805 987 6543, 0722-000-111, +254 722 000111, 00234…), read with the client's country
 * (or the business's country when the client has none), shown in national form. The device and the server
 * apply this same rule. libphonenumber-js with its small ("min") metadata.
 */

/**
 * A refused number carries core's English message and its rule code (issue 24) with `country` (the country
 * name the number was read with, '' for none) and `iso` (its ISO code, for the example a screen prints).
 */
export type PhoneResult =
  { ok: true; value: string } | { ok: false; message: string; code: Extract<RuleCode, `phone_${string}`>; params: { country: string; iso: string } };

/** ISO 3166 alpha-2 of a country name or code, when libphonenumber knows it. */
export function phoneCountry(country: string | null | undefined): CountryCode | undefined {
  const code = country ? findCountry(country)?.code : undefined;
  return code && isSupportedCountry(code) ? code : undefined;
}

function firstCountry(...countries: Array<string | null | undefined>): CountryCode | undefined {
  for (const c of countries) {
    const code = phoneCountry(c);
    if (code) return code;
  }
  return undefined;
}

/**
 * A sample number for hints and messages: '0803 123 4567 or +234 803 123 4567' (`or`: the word in the reader's language),
 * grouped as numbers are shown (formatPhone): a Zimbabwean hint read "071 234 5678" while its numbers show "0712 345 678".
 */
export function phoneExample(country: CountryCode | undefined, or = 'or'): string {
  const example = country ? getExampleNumber(country, examples) : undefined;
  if (!example) return '+234 803 123 4567';
  const national = writtenLocally(example, true) ?? example.formatNational();
  const international = writtenLocally(example, false) ?? example.formatInternational();
  return `${national} ${or} ${international}`;
}

/**
 * Reads what was typed: '' stays '' (no phone), a number becomes E.164, anything else is refused with a
 * message naming the country and an example.
 */
export function parsePhone(input: string | null | undefined, ...countries: Array<string | null | undefined>): PhoneResult {
  const raw = (input ?? '').trim();
  if (raw === '') return { ok: true, value: '' };
  const country = firstCountry(...countries);
  const name = country ? (findCountry(country)?.name ?? country) : '';
  const refuse = (code: Extract<RuleCode, `phone_${string}`>, why: string): PhoneResult => ({
    ok: false,
    message: `${why} Type it like ${phoneExample(country)}.`,
    code,
    params: { country: name, iso: country ?? '' },
  });
  if (/[^\d\s()+\-./]/.test(raw) || (raw.match(/\d/g)?.length ?? 0) < 5) return refuse('phone_not_phone', 'This is not a phone number.');
  const international = raw.replace(/^\s*00/, '+');
  if (!international.startsWith('+') && !country) return refuse('phone_country_code', 'Add the country code (like +234), or choose the country first.');
  const parsed = parsePhoneNumberFromString(international, country);
  if (!parsed || !parsed.isValid()) {
    return international.startsWith('+') || !country
      ? refuse('phone_not_valid', 'This is not a valid phone number.')
      : refuse('phone_not_valid_in', `This is not a valid ${name} phone number.`);
  }
  return { ok: true, value: parsed.number };
}

/**
 * For display: national form when the number belongs to the given country ('0805 987 6543'), otherwise
 * international ('+254 722 000 111'). What cannot be read (older records) is shown as stored.
 */
export function formatPhone(stored: string | null | undefined, ...countries: Array<string | null | undefined>): string {
  const raw = (stored ?? '').trim();
  if (!raw) return '';
  const country = firstCountry(...countries);
  // Remembered: a list of 100,000 clients formats every phone again each time the list changes (issue 22:
  // during an import's upload that is after every batch), and reading a number costs ≈ 0.1 ms.
  const key = `${raw}|${country ?? ''}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(raw.replace(/^00/, '+'), country);
  const national = !!parsed && parsed.country === country;
  const out = !parsed || !parsed.isValid() ? raw : (writtenLocally(parsed, national) ?? (national ? parsed.formatNational() : parsed.formatInternational()));
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, out);
  return out;
}

/**
 * Mobile numbers grouped as they are written in their country where libphonenumber's metadata groups them otherwise
 * (t19 Z1: a Zambian 0977 123 456 was shown "097 7123456"; t20: a Zimbabwean 0772 345 678 was shown "077 234 5678", an
 * Ethiopian 0911 234 567 "091 123 4567"): Zambia, Kenya, Uganda, Zimbabwe and Ethiopia write a mobile number's nine
 * digits after the 0 (or the country code) in threes: 0977 123 456, +260 977 123 456; 0712 345 678; 0772 123 456;
 * 0772 345 678 (Econet 077/078, NetOne 071, Telecel 073); 0911 234 567 (Ethio telecom 09, Safaricom Ethiopia 07).
 */
const MOBILE_IN_THREES: Partial<Record<CountryCode, RegExp>> = {
  ZM: /^[79]\d{8}$/,
  KE: /^[17]\d{8}$/,
  UG: /^7\d{8}$/,
  ZW: /^7[1378]\d{7}$/,
  ET: /^[79]\d{8}$/,
};

function writtenLocally(parsed: NonNullable<ReturnType<typeof parsePhoneNumberFromString>>, national: boolean): string | null {
  const nsn = String(parsed.nationalNumber);
  if (!parsed.country || !MOBILE_IN_THREES[parsed.country]?.test(nsn)) return null;
  const grouped = `${nsn.slice(0, 3)} ${nsn.slice(3, 6)} ${nsn.slice(6)}`;
  return national ? `0${grouped}` : `+${parsed.countryCallingCode} ${grouped}`;
}

const FORMATTED_MAX = 200_000;
const formatted = new Map<string, string>();

/** Digits for https://wa.me/<digits> (country code, no +, no leading 0), or '' when the number cannot be read. */
export function whatsappDigits(stored: string | null | undefined, ...countries: Array<string | null | undefined>): string {
  const result = parsePhone(stored, ...countries);
  return result.ok ? result.value.replace(/^\+/, '') : '';
}

/** The calling code of a country, '+234' (for a hint beside the phone input). */
export function callingCode(country: string | null | undefined): string {
  const code = phoneCountry(country);
  return code ? `+${getCountryCallingCode(code)}` : '';
}
