/**
 * Online payments on the public invoice page: Paystack's local (Nigerian) fee and the channels an owner
 * may offer. Amounts are integer minor units (kobo).
 */
import { z } from 'zod';
import { RAIL_IDS } from './rails';
import { type CurrencyCode, minorDigits } from '../constants/currencies';

/** Paystack's local fee: 1.5%, plus ₦100 from ₦2,500 up, capped at ₦2,000. */
export const PAYSTACK_FEE = { rateBps: 150, flat: 10_000, flatFrom: 250_000, cap: 200_000 } as const;

/** The fee Paystack keeps from a charge of `charge` kobo (rounded up to the kobo). */
export function paystackFee(charge: number): number {
  if (!Number.isSafeInteger(charge) || charge <= 0) return 0;
  const percent = Math.ceil((charge * PAYSTACK_FEE.rateBps) / 10_000);
  const flat = charge >= PAYSTACK_FEE.flatFrom ? PAYSTACK_FEE.flat : 0;
  return Math.min(percent + flat, PAYSTACK_FEE.cap);
}

const net = (charge: number) => charge - paystackFee(charge);

/**
 * The fee a customer adds so the owner still receives `amount` after Paystack's fee: the smallest charge C
 * with C − fee(C) ≥ amount, minus amount. (Net is not monotonic at ₦2,500, where the ₦100 starts, so each
 * fee band is solved on its own and the smallest charge that works wins.)
 */
export function paystackFeeForCustomer(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  const rate = 10_000 - PAYSTACK_FEE.rateBps;
  const candidates = [
    Math.ceil((amount * 10_000) / rate), // below ₦2,500: percentage only
    Math.ceil(((amount + PAYSTACK_FEE.flat) * 10_000) / rate), // percentage + ₦100
    amount + PAYSTACK_FEE.cap, // capped
  ];
  let best = Number.POSITIVE_INFINITY;
  for (let c of candidates) {
    // Walk to the exact smallest charge near the estimate (rounding of the percentage moves it by a kobo or two).
    while (c > amount && net(c - 1) >= amount && c - 1 >= 0) c -= 1;
    while (net(c) < amount) c += 1;
    best = Math.min(best, c);
  }
  return best - amount;
}

export * from './rails';
export * from './country-rails';
export * from './rail-settings';
export * from './test-card';
export * from './wallet-limits';

/** The ways a customer may pay through Paystack's checkout (Paystack's channel names). */
export const PAY_CHANNELS = ['card', 'bank_transfer', 'ussd', 'mobile_money'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const payChannelsSchema = z
  .array(z.enum(PAY_CHANNELS, { message: 'Choose card, bank transfer, USSD or mobile money' }))
  .min(1, 'Allow at least one way to pay')
  .max(PAY_CHANNELS.length);

/** An owner's online-payment settings (kept inside invoice_settings), with their defaults. */
export interface OnlinePaySettings {
  pay_channels: PayChannel[];
  customer_pays_fee: boolean;
}
export function onlinePaySettings(settings: { pay_channels?: readonly string[]; customer_pays_fee?: boolean } | null | undefined): OnlinePaySettings {
  const channels = PAY_CHANNELS.filter((c) => settings?.pay_channels?.includes(c));
  return { pay_channels: channels.length ? channels : [...PAY_CHANNELS], customer_pays_fee: settings?.customer_pays_fee === true };
}

/** Paystack's mobile-money channel takes cedis and shillings only: a naira checkout never lists it (issue 25). */
export function checkoutChannels(channels: readonly PayChannel[], currency: string): PayChannel[] {
  const takes = (c: PayChannel) => c !== 'mobile_money' || currency === 'GHS' || currency === 'KES';
  const ours = channels.filter(takes);
  return ours.length ? ours : PAY_CHANNELS.filter(takes);
}

/**
 * Whether a business's invoice settings concern Paystack's naira checkout (issue 23): it invoices in naira or is in
 * Nigeria. A Kenyan shilling business is not shown naira fees it will never pay.
 */
export function usesNairaCheckout(settings: { currency?: string | null; country?: { iso_code?: string | null } | null }): boolean {
  return settings.currency === 'NGN' || settings.country?.iso_code === 'NG';
}

/**
 * Part payments online (issue 23 item 10): the business allows them (invoice_settings.part_payments, with a
 * minimum in minor units) and an invoice may say otherwise (its part_payments: true/false; null follows the business).
 */
export interface PartPayRule {
  allowed: boolean;
  /** The least a customer may pay at once (minor units); never more than the balance asks. */
  min: number;
}
/**
 * The least part payment online per currency, in major units (t19 N3: a ₦0.01 card payment was allowed; its fees
 * exceed it and rails refuse such amounts: Stripe takes no charge under $0.50, mobile money none under one unit of most
 * currencies). About the price of a small purchase; a business may ask more (part_payment_min), never less.
 */
export const PART_PAY_FLOOR: Readonly<Record<CurrencyCode, number>> = {
  NGN: 100,
  USD: 1,
  CAD: 1,
  Yuan: 5,
  GBP: 1,
  EUR: 1,
  AUD: 1,
  KES: 10,
  ZAR: 5,
  GHS: 1,
  UGX: 1_000,
  XAF: 100,
  XOF: 100,
  RWF: 100,
  ZMW: 1,
  TZS: 1_000,
  ETB: 10,
  ZWG: 5,
};

/** PART_PAY_FLOOR of a currency in its minor units (₦100 → 10,000 kobo); 1 for a currency outside the list. */
export function partPayFloor(currency: string | null | undefined): number {
  const major = currency ? PART_PAY_FLOOR[currency as CurrencyCode] : undefined;
  return major ? major * 10 ** minorDigits(currency as string) : 1;
}

export function partPayRule(
  settings: { part_payments?: boolean; part_payment_min?: number } | null | undefined,
  invoice: { part_payments?: boolean | null; currency?: string | null } | null | undefined,
): PartPayRule {
  const own = invoice?.part_payments;
  const allowed = own === true || own === false ? own : settings?.part_payments === true;
  const min = Math.max(1, partPayFloor(invoice?.currency), Math.floor(settings?.part_payment_min ?? 0));
  return { allowed, min };
}
export type PartPayProblem = 'not_allowed' | 'below_min' | 'above_balance' | 'not_whole';
/**
 * Why `amount` cannot be taken from an invoice owing `balance` (null: it can). The whole balance is always
 * fine, also when it is below the minimum. `unit` is the rail's smallest step (100 for M-Pesa's whole shillings).
 */
export function partPayProblem(amount: number, balance: number, rule: PartPayRule, unit = 1): PartPayProblem | null {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % unit !== 0) return 'not_whole';
  if (amount > balance) return 'above_balance';
  if (amount === balance) return null;
  if (!rule.allowed) return 'not_allowed';
  if (amount < rule.min) return 'below_min';
  return null;
}
export * from './mobile-phone';
export * from './network-prefixes';

/** A rail the public page offers: its id (RAIL_IDS), the name customers know, how the page drives it, TEST MODE. */
export const offeredRailSchema = z.object({
  id: z.enum(RAIL_IDS),
  name: z.string(),
  kind: z.enum(['phone', 'checkout', 'card']),
  test_mode: z.boolean(),
  /** ISO country of the payer's number (phone rails). */
  country: z.string().nullable(),
  /** Networks the customer picks from (Flutterwave's mobile money in Ghana, Cameroon, Zambia, Tanzania). */
  networks: z.array(z.object({ code: z.string(), name: z.string() })),
  /**
   * The one network this button is for (the provider's code: Paystack's `vod`, Flutterwave's `TIGO`), where the page
   * offers one button per network (Ghana): the page sends it with the prompt, and the customer picks no network.
   */
  network: z.string().optional(),
  /** M-Pesa only: true when it runs on Safaricom's Daraja here (its own STK Push form), else the rails' form serves it. */
  daraja: z.boolean().optional(),
  /** Wallets: the most one payment may be (minor units; core's walletMax, t20 K2), absent when no limit is known. */
  max: z.number().int().optional(),
  /** Wallets: the smallest step they take (minor units: 100 for whole Kenyan and Tanzanian shillings, t20 T1). */
  unit: z.number().int().optional(),
});
export type OfferedRail = z.infer<typeof offeredRailSchema>;
