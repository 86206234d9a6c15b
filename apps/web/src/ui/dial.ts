import { findCountry } from '@duka/core';
import { parseInvoiceSettings, type User } from '../data/user';

/** Name of the user's country, the default for a new client. */
export function countryNameOf(user: User | null): string {
  const settings = parseInvoiceSettings(user);
  const country = (user?.country && findCountry(user.country)) || (settings.country && findCountry(settings.country.iso_code));
  return country ? country.name : '';
}
