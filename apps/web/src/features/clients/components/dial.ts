import { findCountry } from '@duka/core';
import { parseInvoiceSettings, type User } from '../../../data/user';

/** Dial code of the user's country (e.g. +234 for Nigeria): the profile country, else the invoice settings' country. */
export function dialCodeOf(user: User | null): string {
  const settings = parseInvoiceSettings(user);
  const country = (user?.country && findCountry(user.country)) || (settings.country && (findCountry(settings.country.iso_code) ?? findCountry(settings.country.name)));
  return country ? country.dial_code : '';
}

/** Name of the user's country, the default for a new client. */
export function countryNameOf(user: User | null): string {
  const settings = parseInvoiceSettings(user);
  const country = (user?.country && findCountry(user.country)) || (settings.country && findCountry(settings.country.iso_code));
  return country ? country.name : '';
}
