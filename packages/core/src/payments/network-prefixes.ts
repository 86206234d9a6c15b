import { mobileMoneyPhone, nationalNumber } from './mobile-phone';

// Apart from mobile-phone.ts so the pay page loads it only once a number is typed (issue 25's budget).
/**
 * The network each mobile prefix was given to (the national number's first two digits), where a customer picks their
 * network (Ghana: 024 is MTN, 020 Telecel, 026 AirtelTigo). Numbers move between networks (number portability), so
 * this only ever gives a hint, never a refusal (t17 G3). `name`: the wallet as the pay page names it.
 */
export const NETWORK_PREFIXES: Record<string, readonly { name: string; short: string; prefixes: readonly string[] }[]> = {
  GH: [
    { name: 'MTN MoMo', short: 'MTN', prefixes: ['24', '25', '53', '54', '55', '59'] },
    { name: 'Telecel Cash', short: 'Telecel', prefixes: ['20', '50'] },
    { name: 'AirtelTigo Money', short: 'AirtelTigo', prefixes: ['26', '27', '56', '57'] },
  ],
};

/** The network a mobile number's prefix belongs to in `country` (its short name: "MTN"), or null when it tells none. */
export function numberNetwork(input: string, country: string): { name: string; short: string } | null {
  const plans = NETWORK_PREFIXES[country.toUpperCase()];
  const e164 = plans ? mobileMoneyPhone(input, country) : null;
  if (!plans || !e164) return null;
  const national = nationalNumber(e164, country);
  const found = plans.find((p) => p.prefixes.includes(national.slice(0, 2)));
  return found ? { name: found.name, short: found.short } : null;
}

/**
 * The short name of the network a number looks like when that is not the wallet chosen (`wallet`: "Telecel Cash"), so
 * the page can say "This looks like an MTN number — check the network"; null when it matches, or the prefix tells nothing.
 */
export function otherNetworkHint(input: string, country: string, wallet: string): string | null {
  const plans = NETWORK_PREFIXES[country.toUpperCase()];
  if (!plans?.some((p) => p.name === wallet)) return null;
  const found = numberNetwork(input, country);
  return found && found.name !== wallet ? found.short : null;
}
