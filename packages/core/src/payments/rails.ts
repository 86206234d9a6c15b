/**
 * The ways a customer pays an invoice online, per country (issue 25). One table: the server decides from it
 * which rails an invoice's public page offers, the pay page and the owner's invoice settings read it.
 *
 * A rail is a way to pay (M-Pesa, MTN MoMo, a card form…); its `kind` says how the page drives it:
 * `phone` — the customer types a mobile-money number and approves a prompt on that phone;
 * `checkout` — the customer is sent to the provider's hosted page (Paystack, Chapa);
 * `card` — Duka's card form (Stripe, or the test provider standing in for it).
 */
/**
 * The rails an invoice's customer can pay on, by the invoice's currency (issue 23: a currency no rail takes gets
 * no naira checkout). Paystack's checkout takes naira; the card form (Stripe, and the test provider standing in
 * for it) takes Stripe's presentment currencies among Duka's (not the cedi or ZiG); M-Pesa takes shillings (KES).
 */
export const CHECKOUT_CURRENCIES: readonly string[] = ['NGN'];
export const CARD_CURRENCIES: readonly string[] = [
  'NGN',
  'USD',
  'CAD',
  'Yuan',
  'GBP',
  'EUR',
  'AUD',
  'KES',
  'ZAR',
  'UGX',
  'XAF',
  'XOF',
  'RWF',
  'ZMW',
  'TZS',
  'ETB',
];
export const MPESA_CURRENCIES: readonly string[] = ['KES'];

export const RAIL_IDS = [
  'paystack',
  'card',
  'mpesa',
  'mtn_momo',
  'airtel_money',
  'flutterwave',
  'chapa',
  'paynow',
  'flutterwave_checkout',
  'ozow',
  'paystack_eft',
] as const;
export type RailId = (typeof RAIL_IDS)[number];
export type RailKind = 'phone' | 'checkout' | 'card';

export interface Rail {
  id: RailId;
  /** The name customers know it by. */
  name: string;
  kind: RailKind;
  /** Duka currency codes the rail takes. */
  currencies: readonly string[];
}

export const RAILS: Record<RailId, Rail> = {
  paystack: { id: 'paystack', name: 'Paystack', kind: 'checkout', currencies: ['NGN'] },
  card: { id: 'card', name: 'Card', kind: 'card', currencies: CARD_CURRENCIES },
  mpesa: { id: 'mpesa', name: 'M-Pesa', kind: 'phone', currencies: ['KES'] },
  mtn_momo: { id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', currencies: ['GHS', 'UGX', 'RWF', 'ZMW'] },
  airtel_money: { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', currencies: ['KES', 'UGX', 'RWF', 'ZMW'] },
  flutterwave: { id: 'flutterwave', name: 'Mobile money', kind: 'phone', currencies: ['GHS', 'UGX', 'RWF', 'ZMW', 'XAF', 'TZS'] },
  chapa: { id: 'chapa', name: 'Chapa', kind: 'checkout', currencies: ['ETB'] },
  paynow: { id: 'paynow', name: 'Paynow', kind: 'phone', currencies: ['USD', 'ZWG'] },
  // Flutterwave's hosted checkout (v3 Standard: card, bank transfer, USSD), Nigeria's alternative to Paystack.
  flutterwave_checkout: { id: 'flutterwave_checkout', name: 'Flutterwave', kind: 'checkout', currencies: ['NGN'] },
  // Ozow: South Africa's instant EFT (pay from the bank app), a hosted page.
  ozow: { id: 'ozow', name: 'Ozow instant EFT', kind: 'checkout', currencies: ['ZAR'] },
  // Paystack's Pay with Bank in South Africa: instant EFT and Capitec Pay on its hosted checkout, in rand.
  paystack_eft: { id: 'paystack_eft', name: 'Instant EFT / Capitec Pay', kind: 'checkout', currencies: ['ZAR'] },
};

/** Each supported country's currencies (its own first) and rails, in the order the pay page shows them. */
export const COUNTRY_RAILS: Record<string, { currencies: readonly string[]; rails: readonly RailId[] }> = {
  NG: { currencies: ['NGN'], rails: ['paystack', 'flutterwave_checkout', 'card'] },
  KE: { currencies: ['KES'], rails: ['mpesa', 'airtel_money', 'card'] },
  GH: { currencies: ['GHS'], rails: ['mtn_momo', 'flutterwave'] },
  UG: { currencies: ['UGX'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  RW: { currencies: ['RWF'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  ZM: { currencies: ['ZMW'], rails: ['mtn_momo', 'airtel_money', 'flutterwave', 'card'] },
  CM: { currencies: ['XAF'], rails: ['flutterwave', 'card'] },
  TZ: { currencies: ['TZS'], rails: ['flutterwave', 'card'] },
  // Instant EFT through Paystack first (the table), Ozow's own as another way, then the card form.
  ZA: { currencies: ['ZAR'], rails: ['paystack_eft', 'ozow', 'card'] },
  ET: { currencies: ['ETB'], rails: ['chapa', 'card'] },
  ZW: { currencies: ['ZWG', 'USD'], rails: ['paynow', 'card'] },
};

/** The country whose own currency this is (UGX → UG), where a phone rail's payer is. */
export function currencyCountry(currency: string): string | null {
  for (const [code, c] of Object.entries(COUNTRY_RAILS)) if (c.currencies[0] === currency) return code;
  return currency === 'USD' ? 'ZW' : null;
}

/** Flutterwave's charge type and the networks a customer picks from, per payer country. */
export const FLUTTERWAVE_MOBILE_MONEY: Record<string, { type: string; networks: readonly { code: string; name: string }[] }> = {
  GH: {
    type: 'mobile_money_ghana',
    // MTN last: the page's MTN MoMo (direct) button is told apart from this one by how each begins.
    networks: [
      { code: 'VODAFONE', name: 'Telecel Cash' },
      { code: 'TIGO', name: 'AirtelTigo Money' },
      { code: 'MTN', name: 'MTN MoMo' },
    ],
  },
  UG: { type: 'mobile_money_uganda', networks: [] },
  RW: { type: 'mobile_money_rwanda', networks: [] },
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
      { code: 'TIGO', name: 'Tigo Pesa' },
    ],
  },
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

/** A rail's name on the page for a payer country (Flutterwave's mobile money names the networks it reaches). */
export function railName(rail: RailId, currency: string): string {
  if (rail !== 'flutterwave') return RAILS[rail].name;
  const country = currencyCountry(currency);
  const nets = country ? FLUTTERWAVE_MOBILE_MONEY[country]?.networks : undefined;
  return nets?.length ? nets.map((n) => n.name).join(' / ') : 'Mobile money';
}

/** The wallet the customer picked (Telecel Cash, EcoCash…) by its code, else the rail's name: what the prompt and receipt name. */
export function walletName(rail: RailId, currency: string, network: string | null | undefined): string {
  const country = currencyCountry(currency);
  const nets = rail === 'paynow' ? PAYNOW_WALLETS : rail === 'flutterwave' && country ? FLUTTERWAVE_MOBILE_MONEY[country]?.networks : undefined;
  return nets?.find((n) => n.code === network)?.name ?? railName(rail, currency);
}
