/**
 * Which rails each supported country offers (issue 25), and the names a rail takes per payer country. Apart from the
 * rails themselves (rails.ts): the pay page reads the rails the server offered it and never this table (pay page JS).
 */
import { RAILS, type RailId } from './rails';

/** Each supported country's currencies (its own first) and rails, in the order the pay page shows them. */
export const COUNTRY_RAILS: Record<string, { currencies: readonly string[]; rails: readonly RailId[] }> = {
  NG: { currencies: ['NGN'], rails: ['paystack', 'flutterwave_checkout', 'card'] },
  KE: { currencies: ['KES'], rails: ['mpesa', 'airtel_money', 'card'] },
  // Flutterwave's checkout takes cedis too (card, bank): a customer with a card, or abroad, can pay (t19 G1). The card
  // form (Stripe) does not take the cedi.
  GH: { currencies: ['GHS'], rails: ['mtn_momo', 'paystack_momo', 'flutterwave', 'flutterwave_checkout'] },
  UG: { currencies: ['UGX'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  RW: { currencies: ['RWF'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  ZM: { currencies: ['ZMW'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  CM: { currencies: ['XAF'], rails: ['flutterwave', 'card'] },
  TZ: { currencies: ['TZS'], rails: ['flutterwave', 'card'] },
  // Instant EFT through Paystack first (the table), Flutterwave's bank payment beside it, Ozow's own as another
  // way, then the card form.
  ZA: { currencies: ['ZAR'], rails: ['paystack_eft', 'flutterwave_eft', 'ozow', 'card'] },
  ET: { currencies: ['ETB'], rails: ['chapa', 'card'] },
  ZW: { currencies: ['ZWG', 'USD'], rails: ['paynow', 'card'] },
};

/** The country whose own currency this is (UGX → UG), where a phone rail's payer is; null for USD (no one country's). */
export function currencyCountry(currency: string): string | null {
  for (const [code, c] of Object.entries(COUNTRY_RAILS)) if (c.currencies[0] === currency) return code;
  return null;
}

/**
 * Where the payer of an invoice in this currency is: the currency's own country, else the business's country when it
 * takes that currency at home (a Zimbabwean business's USD invoice: ZW). An Ethiopian business's USD invoice is not
 * Zimbabwe's (t18 E1: it used to offer Paynow and ask for a Zimbabwean number).
 */
export function payerCountry(currency: string, country: string | null | undefined): string | null {
  const home = country?.toUpperCase() ?? '';
  return currencyCountry(currency) ?? (COUNTRY_RAILS[home] ? home : null);
}

/** Flutterwave's charge type and the networks a customer picks from, per payer country. */
export const FLUTTERWAVE_MOBILE_MONEY: Record<
  string,
  { type: string; networks: readonly { code: string; name: string }[]; /** What it reaches where the customer picks no network. */ reaches?: readonly string[] }
> = {
  GH: {
    type: 'mobile_money_ghana',
    // MTN last: the page's MTN MoMo (direct) button is told apart from this one by how each begins.
    networks: [
      { code: 'VODAFONE', name: 'Telecel Cash' },
      { code: 'TIGO', name: 'AirtelTigo Money' },
      { code: 'MTN', name: 'MTN MoMo' },
    ],
  },
  UG: { type: 'mobile_money_uganda', networks: [], reaches: ['MTN MoMo', 'Airtel Money'] },
  RW: { type: 'mobile_money_rwanda', networks: [], reaches: ['MTN MoMo', 'Airtel Money'] },
  ZM: {
    type: 'mobile_money_zambia',
    networks: [
      { code: 'ZAMTEL', name: 'Zamtel Kwacha' },
      { code: 'MTN', name: 'MTN MoMo' },
      { code: 'AIRTEL', name: 'Airtel Money' },
    ],
  },
  CM: {
    type: 'mobile_money_franco',
    networks: [
      { code: 'MTN', name: 'MTN MoMo' },
      { code: 'ORANGE', name: 'Orange Money' },
    ],
  },
  TZ: {
    type: 'mobile_money_tanzania',
    networks: [
      { code: 'VODAFONE', name: 'M-Pesa' },
      { code: 'AIRTEL', name: 'Airtel Money' },
      { code: 'TIGO', name: 'Mixx by Yas' },
    ],
  },
};

/** Paystack's mobile_money providers in Ghana (POST /charge's mobile_money.provider): `vod` is Telecel, `atl` AirtelTigo. */
export const PAYSTACK_MOBILE_MONEY: readonly { code: string; name: string }[] = [
  { code: 'mtn', name: 'MTN MoMo' },
  { code: 'vod', name: 'Telecel Cash' },
  { code: 'atl', name: 'AirtelTigo Money' },
];

/**
 * One way to pay per network where several providers reach the same wallets (Ghana, t17 G2: "MTN MoMo" beside
 * "Flutterwave (… / MTN MoMo)" offered MTN twice). The customer picks their network; the server routes it to the first
 * route here whose provider is configured (MTN's own API, else Paystack, else Flutterwave), else, in TEST MODE, the
 * first route. `network`: the provider's code for that wallet (null: the rail is that network's own).
 */
export interface NetworkChoice {
  name: string;
  routes: readonly { rail: RailId; network: string | null }[];
}
export const NETWORK_CHOICES: Record<string, readonly NetworkChoice[]> = {
  GH: [
    {
      name: 'MTN MoMo',
      routes: [
        { rail: 'mtn_momo', network: null },
        { rail: 'paystack_momo', network: 'mtn' },
        { rail: 'flutterwave', network: 'MTN' },
      ],
    },
    {
      name: 'Telecel Cash',
      routes: [
        { rail: 'paystack_momo', network: 'vod' },
        { rail: 'flutterwave', network: 'VODAFONE' },
      ],
    },
    {
      name: 'AirtelTigo Money',
      routes: [
        { rail: 'paystack_momo', network: 'atl' },
        { rail: 'flutterwave', network: 'TIGO' },
      ],
    },
  ],
  // Uganda and Rwanda (t18 U2): Flutterwave's mobile_money_uganda / _rwanda charge reaches both networks without one
  // (the adapter sends none there); the code only tells the two ways apart on the page, on return and on the receipt.
  UG: [
    {
      name: 'MTN MoMo',
      routes: [
        { rail: 'mtn_momo', network: null },
        { rail: 'flutterwave', network: 'MTN' },
      ],
    },
    {
      name: 'Airtel Money',
      routes: [
        { rail: 'airtel_money', network: null },
        { rail: 'flutterwave', network: 'AIRTEL' },
      ],
    },
  ],
  RW: [
    {
      name: 'MTN MoMo',
      routes: [
        { rail: 'mtn_momo', network: null },
        { rail: 'flutterwave', network: 'MTN' },
      ],
    },
    {
      name: 'Airtel Money',
      routes: [
        { rail: 'airtel_money', network: null },
        { rail: 'flutterwave', network: 'AIRTEL' },
      ],
    },
  ],
  ZM: [
    {
      name: 'MTN MoMo',
      routes: [
        { rail: 'mtn_momo', network: null },
        { rail: 'flutterwave', network: 'MTN' },
      ],
    },
    {
      name: 'Airtel Money',
      routes: [
        { rail: 'airtel_money', network: null },
        { rail: 'flutterwave', network: 'AIRTEL' },
      ],
    },
    { name: 'Zamtel Kwacha', routes: [{ rail: 'flutterwave', network: 'ZAMTEL' }] },
  ],
};

/** Paynow's mobile express wallets (Zimbabwe). */
export const PAYNOW_WALLETS: readonly { code: string; name: string }[] = [
  { code: 'ecocash', name: 'EcoCash' },
  { code: 'onemoney', name: 'OneMoney' },
];

/**
 * The rails an invoice's page may offer: the business's country's rails that take the invoice's currency; for an
 * invoice in another country's currency, also that country's rails taking it; narrowed to the owner's choice
 * (`chosen`; all when absent or empty). Card and Paystack are included here too: whether a provider is
 * configured for them is the server's concern.
 */
export function railsFor(country: string | null | undefined, currency: string, chosen?: readonly string[] | null): RailId[] {
  const home = country ? COUNTRY_RAILS[country.toUpperCase()] : undefined;
  const takes = (r: RailId) => RAILS[r].currencies.includes(currency);
  const ids: RailId[] = home ? home.rails.filter(takes) : [];
  // Another country's own currency brings that country's rails; USD is no one country's, so only the home rails take it.
  const own = currencyCountry(currency);
  if (own && (!home || !home.currencies.includes(currency))) for (const r of COUNTRY_RAILS[own].rails) if (takes(r) && !ids.includes(r)) ids.push(r);
  if (!ids.includes('card') && takes('card') && !ids.includes('paystack')) ids.push('card');
  // The card form comes last: the country's own ways to pay first.
  const ordered = [...ids.filter((r) => r !== 'card'), ...ids.filter((r) => r === 'card')];
  return chosen?.length ? ordered.filter((r) => chosen.includes(r)) : ordered;
}

/** The rails an owner in this country may choose from in invoice settings (their own currency's). */
export function countryRails(country: string | null | undefined): RailId[] {
  return (country && COUNTRY_RAILS[country.toUpperCase()]?.rails.slice()) || [];
}

/**
 * A rail's name on the page for a payer country. Flutterwave's mobile money names the networks it reaches, and, where
 * MTN MoMo or Airtel Money stand beside it as their own buttons (Ghana, Uganda, Rwanda, Zambia), says it is Flutterwave's,
 * so a customer can tell the buttons apart (t16: a bare "Mobile money" beside "MTN MoMo" said nothing).
 */
export function railName(rail: RailId, currency: string): string {
  // Beside Ghana's network buttons, the checkout says what it is for: a card (t19 G1).
  if (rail === 'flutterwave_checkout' && currency === 'GHS') return 'Flutterwave (card)';
  if (rail !== 'flutterwave') return RAILS[rail].name;
  const country = currencyCountry(currency);
  const plan = country ? FLUTTERWAVE_MOBILE_MONEY[country] : undefined;
  const names = plan?.networks.length ? plan.networks.map((n) => n.name) : (plan?.reaches ?? []);
  if (!names.length) return RAILS.flutterwave.name;
  const beside = COUNTRY_RAILS[country ?? '']?.rails.some((r) => r === 'mtn_momo' || r === 'airtel_money');
  return beside ? `Flutterwave (${names.join(' / ')})` : names.join(' / ');
}

/** The wallet the customer picked (Telecel Cash, EcoCash…) by its code, else the rail's name: what the prompt and receipt name. */
export function walletName(rail: RailId, currency: string, network: string | null | undefined): string {
  const country = currencyCountry(currency);
  const nets =
    rail === 'paynow'
      ? PAYNOW_WALLETS
      : rail === 'paystack_momo'
        ? PAYSTACK_MOBILE_MONEY
        : rail === 'flutterwave' && country
          ? FLUTTERWAVE_MOBILE_MONEY[country]?.networks
          : undefined;
  const choice = network && country ? NETWORK_CHOICES[country]?.find((c) => c.routes.some((r) => r.rail === rail && r.network === network)) : undefined;
  // A hosted checkout is named by its provider (the way within it is the provider's to report): 'Flutterwave'.
  return nets?.find((n) => n.code === network)?.name ?? choice?.name ?? (RAILS[rail].kind === 'checkout' ? RAILS[rail].name : railName(rail, currency));
}

/**
 * The one mobile-money service a country's shops mean by "mobile money", where core clearly names one: Kenya's own rail
 * is M-Pesa. Elsewhere several wallets share the market (Ghana, Uganda, Rwanda, Zambia: MTN MoMo beside Airtel Money or
 * Telecel Cash; Cameroon: MTN and Orange; Tanzania: M-Pesa, Airtel Money and Mixx), so the counter keeps "Mobile money".
 */
export const COUNTRY_MOBILE_MONEY: readonly { code: string; name: string; rail: RailId }[] = [{ code: 'KE', name: 'Kenya', rail: 'mpesa' }];

/**
 * What the counter's mobile-money tender and its receipt read in this country, by its ISO code or its name as an
 * account keeps it (any case; no country list here, /sell's first visit stays small): 'M-Pesa' in Kenya, else null.
 */
export function mobileMoneyName(country: string | null | undefined): string | null {
  const q = (country ?? '').trim().toLowerCase();
  const hit = q ? COUNTRY_MOBILE_MONEY.find((c) => c.code.toLowerCase() === q || c.name.toLowerCase() === q) : undefined;
  return hit ? RAILS[hit.rail].name : null;
}
