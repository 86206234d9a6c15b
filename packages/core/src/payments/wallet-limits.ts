/**
 * What a mobile-money wallet takes in one payment, by the invoice's currency (the payer's country): the smallest step
 * (whole shillings in Kenya and Tanzania) and the most one prompt may ask. The pay page offers a wallet only for what it
 * can take, and the server refuses a prompt outside it, so a customer's prompt never fails at the network (t20 K2, T1).
 */
import { minorDigits } from '../constants/currencies';
import { RAILS, type RailId } from './rails';

/**
 * The most one mobile-money payment may be, in major units, where the network publishes it:
 * - KES 250,000: M-Pesa's per-transaction limit (Safaricom; pulselive.co.ke "M-PESA charges" 2024-04-11: "for a single
 *   transaction, the limit is Sh250,000"); Airtel Money Kenya the same since interoperability (Feb 2024, mwanaspoti.co.tz
 *   "Airtel clears restrictive code…": "as high as Sh250,000 per transaction").
 * - UGX 5,000,000: Bank of Uganda's maximum single transaction for MTN MoMo and Airtel Money since 1 March 2022
 *   (mtn.co.ug/helppersonal/key-facts-document "Maximum Single Transaction … 5,000,000"; dignited.com 91671).
 * Other countries' wallets publish tiered limits per customer (KYC level) that Duka cannot know: none is applied there.
 */
export const WALLET_MAX_MAJOR: Readonly<Record<string, number>> = { KES: 250_000, UGX: 5_000_000 };

/**
 * Wallets that move whole shillings only: Kenya's (Daraja and Airtel take no cents) and Tanzania's (M-Pesa, Airtel
 * Money and Mixx by Yas take whole shillings: t20 T1). UGX and RWF have no minor unit at all (ISO 4217: 0 digits).
 */
export const WHOLE_UNIT_WALLET_CURRENCIES: readonly string[] = ['KES', 'TZS'];

/** Whether the rail is a mobile-money wallet (a phone prompt), which the limits here concern. */
function isWallet(rail: RailId): boolean {
  return RAILS[rail].kind === 'phone';
}

/** The smallest step (minor units) a wallet takes in this currency: 100 for Kenyan and Tanzanian shillings, else 1. */
export function walletUnit(currency: string): number {
  return WHOLE_UNIT_WALLET_CURRENCIES.includes(currency) ? 10 ** minorDigits(currency) : 1;
}

/** The most (minor units) one payment by this rail may be in this currency; null when no limit is known or it is no wallet. */
export function walletMax(rail: RailId, currency: string): number | null {
  const major = WALLET_MAX_MAJOR[currency];
  if (!isWallet(rail) || major === undefined) return null;
  return major * 10 ** minorDigits(currency);
}

/** Whether a wallet can take `amount` (minor units) in one payment: within its limit and in its step. */
export function walletTakes(rail: RailId, currency: string, amount: number): boolean {
  if (!isWallet(rail)) return true;
  const max = walletMax(rail, currency);
  return amount % walletUnit(currency) === 0 && (max === null || amount <= max);
}
