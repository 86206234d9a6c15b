import { RAIL_IDS, type RailId } from './rails';
import { countryRails, railName, railsFor } from './country-rails';

/**
 * The rails an owner may choose in invoice settings (issue 25): their country's, and those taking their own
 * currency. Another country's rail (Chapa for a Ugandan shop) would leave their pay page with no way to pay.
 */
export function allowedPayRails(country: string | null | undefined, currency: string): RailId[] {
  const ids = new Set<RailId>([...countryRails(country), ...railsFor(country, currency)]);
  return RAIL_IDS.filter((id) => ids.has(id));
}

/** Why this choice of rails cannot be saved (naming those that apply), or null. `where`: the country's name. */
export function payRailsProblem(rails: readonly string[], country: string | null | undefined, currency: string, where: string): string | null {
  const allowed = allowedPayRails(country, currency);
  const wrong = rails.filter((r) => !(allowed as string[]).includes(r));
  if (!wrong.length) return null;
  const name = (id: string) => ((RAIL_IDS as readonly string[]).includes(id) ? railName(id as RailId, currency) : id);
  const list = wrong.map(name).join(', ');
  const offered = allowed.length ? `choose from ${allowed.map(name).join(', ')}` : 'no online way to pay is offered there yet';
  return `${list} ${wrong.length > 1 ? 'are' : 'is'} not offered in ${where || 'your country'}: ${offered}`;
}
