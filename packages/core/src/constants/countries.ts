import { countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';
import { CURRENCIES } from './currencies';
import { DEFAULT_LANGUAGE, getDisplayLanguage, isLanguage, type Language, languageFromBrowser } from './languages';

/** SPEC §3 Country: name, dial_code, code, flag, currency (symbol), iso_code. */
export interface Country {
  name: string;
  dial_code: string;
  code: string;
  flag: string;
  /** Currency symbol, e.g. ₦ (SPEC §3 "currency symbol"). */
  currency: string;
  /** ISO 4217 code of the country's currency, e.g. NGN. */
  currency_code: string;
  iso_code: string;
}

function symbolOf(code: string | undefined): string {
  if (!code) return '';
  const ours = CURRENCIES.find((c) => c.iso === code);
  if (ours) return ours.symbol;
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/** SPEC §1: the ten supported countries, 'Cameron' spelt as in the product. */
export const SUPPORTED_COUNTRIES = [
  { name: 'Zambia', code: 'ZM' },
  { name: 'Uganda', code: 'UG' },
  { name: 'Kenya', code: 'KE' },
  { name: 'Ghana', code: 'GH' },
  { name: 'South Africa', code: 'ZA' },
  { name: 'Rwanda', code: 'RW' },
  { name: 'Zimbabwe', code: 'ZW' },
  { name: 'Ethiopia', code: 'ET' },
  { name: 'Tanzania', code: 'TZ' },
  { name: 'Cameron', code: 'CM' },
] as const;

const SUPPORTED_NAMES = new Map<string, string>(SUPPORTED_COUNTRIES.map((c) => [c.code, c.name]));

const FIRST = ['US', 'IL'];

/**
 * About 250 countries from the countries-list package, United States and Israel first (SPEC §1), the rest by name.
 * The supported countries carry SPEC's names (SUPPORTED_COUNTRIES: 'Cameron', not the package's 'Cameroon').
 */
export const COUNTRIES: Country[] = (() => {
  const all = (Object.keys(countryData) as TCountryCode[]).map((cc) => {
    const c = countryData[cc];
    const currencyCode = c.currency[0] ?? '';
    return {
      name: SUPPORTED_NAMES.get(cc) ?? c.name,
      dial_code: c.phone.length ? `+${c.phone[0]}` : '',
      code: cc,
      flag: getEmojiFlag(cc),
      currency: symbolOf(currencyCode),
      currency_code: currencyCode,
      iso_code: cc,
    };
  });
  const first = FIRST.map((cc) => all.find((c) => c.code === cc)!);
  const rest = all.filter((c) => !FIRST.includes(c.code)).sort((a, b) => a.name.localeCompare(b.name));
  return [...first, ...rest];
})();

/** Every country by its lowercased code and name (the first in COUNTRIES' order wins, as a scan would find it). */
const BY_CODE_OR_NAME = (() => {
  const map = new Map<string, Country>();
  for (const c of COUNTRIES) for (const key of [c.code.toLowerCase(), c.name.toLowerCase()]) if (!map.has(key)) map.set(key, c);
  map.set('cameroon', map.get('cm') as Country);
  return map;
})();

/** A country by its code or name, in any case (issue 27: asked once per invoice a push prepares; a map, not a scan). */
export function findCountry(nameOrCode: string): Country | undefined {
  return BY_CODE_OR_NAME.get(nameOrCode.trim().toLowerCase());
}

const regionNames = new Map<Language, Intl.DisplayNames | null>();
function regionNamesIn(language: Language): Intl.DisplayNames | null {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null; // a runtime without Intl.DisplayNames: names stay English
    }
    regionNames.set(language, names);
  }
  return names;
}

/**
 * A country's name as a person reading `language` writes it (issue 19), from its ISO code through Intl.DisplayNames:
 * 'Cameroun' in French, 'Kameruni' in Swahili. English keeps SPEC's names exactly ('Cameron').
 * Takes a Country, a name as stored (the English SPEC name) or an ISO code; anything that is not a known country
 * (free text typed long ago) comes back as given. Stored values stay English; only the display changes.
 */
export function countryDisplayName(country: Pick<Country, 'name' | 'code'> | string | null | undefined, language: Language = getDisplayLanguage()): string {
  if (!country) return '';
  const found = typeof country === 'string' ? findCountry(country) : country;
  if (!found) return typeof country === 'string' ? country : '';
  if (language === 'en') return found.name;
  return regionNamesIn(language)?.of(found.code) ?? found.name;
}

/**
 * The picker's list in a language: each country with its display name (`label`), United States and Israel first,
 * the rest in that language's alphabetical order.
 */
export function countriesIn(language: Language = getDisplayLanguage(), countries: readonly Country[] = COUNTRIES): (Country & { label: string })[] {
  const labelled = countries.map((c) => ({ ...c, label: countryDisplayName(c, language) }));
  if (language === 'en') return labelled;
  const first = labelled.filter((c) => FIRST.includes(c.code));
  const rest = labelled.filter((c) => !FIRST.includes(c.code)).sort((a, b) => a.label.localeCompare(b.label, language));
  return [...first.sort((a, b) => FIRST.indexOf(a.code) - FIRST.indexOf(b.code)), ...rest];
}

/** The picker's search (SPEC §5; case- and accent-insensitive): a country matches by its name in the screen's language or by SPEC's English name. */
export function filterCountries<T extends { name: string; label: string }>(items: readonly T[], query: string): T[] {
  const q = folded(query.trim());
  if (!q) return [...items];
  return items.filter((i) => folded(i.label).includes(q) || folded(i.name).includes(q));
}

/** Lower case without accents, so 'cote' finds 'Côte d’Ivoire' and 'equateur' 'Équateur'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Case-insensitive name filter used by the Select A Country and Select A Customer modals (SPEC §5). */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...items];
  return items.filter((i) => i.name.toLowerCase().includes(q));
}

const zoneOfCountry = new Map<string, string>();

/**
 * The business's time zone from its country (IANA name, e.g. Africa/Lagos), from the runtime's CLDR
 * data (Intl.Locale time zones). A country that spans several zones, or an unknown one, gives 'UTC'.
 */
export function businessTimeZone(country: string | undefined | null): string {
  const found = country ? findCountry(country) : undefined;
  if (!found) return 'UTC';
  // Asked on every invoice write: the Intl lookup is worked out once per country.
  let zone = zoneOfCountry.get(found.code);
  if (zone === undefined) {
    const locale = new Intl.Locale(`und-${found.code}`) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
    const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    zone = zones.length === 1 ? zones[0] : 'UTC';
    zoneOfCountry.set(found.code, zone);
  }
  return zone;
}

/** Countries whose business language is French or Kiswahili (ISO codes); every other country defaults to English. */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  // SPEC's supported countries: Cameroon, Rwanda → French; Kenya, Tanzania → Kiswahili (issue 19). Uganda is left
  // to English: its business language (invoices, banks, government) is English, Kiswahili is not widely read (t14).
  CM: 'fr',
  RW: 'fr',
  KE: 'sw',
  TZ: 'sw',
  // Other French-speaking African countries.
  BJ: 'fr',
  BF: 'fr',
  BI: 'fr',
  CD: 'fr',
  CF: 'fr',
  CG: 'fr',
  CI: 'fr',
  DJ: 'fr',
  GA: 'fr',
  GN: 'fr',
  KM: 'fr',
  MG: 'fr',
  ML: 'fr',
  NE: 'fr',
  SN: 'fr',
  TD: 'fr',
  TG: 'fr',
};

/** The language a business in this country (name as in COUNTRIES, or ISO code) most likely reads; undefined if not French or Kiswahili. */
export function languageForCountry(country: string | null | undefined): Language | undefined {
  if (!country) return undefined;
  const code = findCountry(country)?.code ?? country.trim().toUpperCase();
  return COUNTRY_LANGUAGE[code];
}

/** The language a new account starts in: the one chosen, else the browser's, else the country's, else English. */
export function defaultLanguage(options: { chosen?: unknown; browser?: readonly string[]; country?: string }): Language {
  if (isLanguage(options.chosen)) return options.chosen;
  return languageFromBrowser(options.browser) ?? languageForCountry(options.country) ?? DEFAULT_LANGUAGE;
}

/** The time zone each supported country's devices report (IANA, as Intl.DateTimeFormat().resolvedOptions() gives it). */
const SUPPORTED_ZONES: Record<string, string> = {
  'Africa/Lagos': 'NG',
  'Africa/Nairobi': 'KE',
  'Africa/Accra': 'GH',
  'Africa/Kampala': 'UG',
  'Africa/Kigali': 'RW',
  'Africa/Lusaka': 'ZM',
  'Africa/Douala': 'CM',
  'Africa/Dar_es_Salaam': 'TZ',
  'Africa/Johannesburg': 'ZA',
  'Africa/Addis_Ababa': 'ET',
  'Africa/Harare': 'ZW',
};

/** The time zone this device reports (IANA, e.g. Africa/Nairobi); undefined where the runtime gives none. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** A sign-up's first guess at its country from the device's time zone (Africa/Nairobi → Kenya); undefined elsewhere. */
export function countryFromTimeZone(zone: string | null | undefined): Country | undefined {
  const code = zone ? SUPPORTED_ZONES[zone] : undefined;
  return code ? COUNTRIES.find((c) => c.code === code) : undefined;
}
