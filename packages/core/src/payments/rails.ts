/**
 * The ways a customer pays an invoice online (issue 25; which country offers which: country-rails.ts). The server decides
 * from these which rails an invoice's public page offers; the pay page and the owner's invoice settings read them.
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
  'flutterwave_eft',
  'paystack_momo',
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
  flutterwave: { id: 'flutterwave', name: 'Flutterwave mobile money', kind: 'phone', currencies: ['GHS', 'UGX', 'RWF', 'ZMW', 'XAF', 'TZS'] },
  // Chapa takes ETB and USD (its initialize call's `currency`; t18 E1).
  chapa: { id: 'chapa', name: 'Chapa', kind: 'checkout', currencies: ['ETB', 'USD'] },
  paynow: { id: 'paynow', name: 'Paynow', kind: 'phone', currencies: ['USD', 'ZWG'] },
  // Flutterwave's hosted checkout (v3 Standard: card, bank transfer, USSD; in Ghana card and mobile money), Nigeria's
  // alternative to Paystack, and Ghana's card way (t19 G1).
  flutterwave_checkout: { id: 'flutterwave_checkout', name: 'Flutterwave', kind: 'checkout', currencies: ['NGN', 'GHS'] },
  // Ozow: South Africa's instant EFT (pay from the bank app), a hosted page. South Africa's three bank ways are named
  // by their provider first so a customer can tell them apart (t20: two buttons said "instant EFT"); Ozow calls its
  // product "pay by bank", Capitec Pay keeps its own name.
  ozow: { id: 'ozow', name: 'Ozow (pay by bank)', kind: 'checkout', currencies: ['ZAR'] },
  // Paystack's Pay with Bank in South Africa: instant EFT and Capitec Pay on its hosted checkout, in rand.
  paystack_eft: { id: 'paystack_eft', name: 'Capitec Pay or instant EFT (Paystack)', kind: 'checkout', currencies: ['ZAR'] },
  // Flutterwave's South African bank payment (v3 charge type ach_payment, in rand): the customer pays from their bank on
  // Flutterwave's page; the other way to pay by bank beside Paystack's.
  flutterwave_eft: { id: 'flutterwave_eft', name: 'Flutterwave bank payment', kind: 'checkout', currencies: ['ZAR'] },
  // Paystack's mobile_money channel in Ghana (POST /charge): MTN, Telecel and AirtelTigo wallets, in cedis.
  paystack_momo: { id: 'paystack_momo', name: 'Paystack mobile money', kind: 'phone', currencies: ['GHS'] },
};
