/**
 * Mobile-money and hosted rails (issue 25): one small adapter per provider, all on fetch. An adapter sends the
 * request (a prompt to the customer's phone, or a hosted checkout) and, asked later, says what the provider
 * records about it. Duka never trusts a callback or a redirect alone: the rail service asks `check` and records
 * a payment only when the provider confirms it, once per provider transaction id.
 */
import type { RailId } from '@duka/core';
import type { AppContext } from '../../../lib/context';
import type { RailAdapter } from './types';
import { createAirtel } from './airtel';
import { createChapa } from './chapa';
import { createFlutterwave } from './flutterwave';
import { createMomo } from './momo';
import { createOzow } from './ozow';
import { createPaynow } from './paynow';
import { createPaystackEft, PAYSTACK_EFT } from './paystack-eft';
import { createPaystackMomo, PAYSTACK_MOMO } from './paystack-momo';
import { createTestRail } from './test-rail';

export type { OtpAnswer, RailAdapter, RailRequest, RailStarted, RailState } from './types';

/**
 * Who takes a rail's payments here: its configured provider, else (TEST MODE) the built-in test provider, which
 * a production server runs only with PAYMENTS_TEST_MODE=on. Null: the rail is not offered. M-Pesa with Daraja
 * configured keeps its own flow (mpesa-service): 'daraja'.
 */
export function railAdapter(ctx: AppContext, rail: RailId): RailAdapter | 'daraja' | null {
  if (rail === 'mpesa' && ctx.config.mpesa) return 'daraja';
  const real = PROVIDER_OF[rail];
  const configured = real ? adapterOf(ctx, real) : null;
  if (configured) return configured;
  if (ctx.config.nodeEnv === 'production' && !ctx.config.paymentsTestMode) return null;
  return adapterOf(ctx, TEST_RAIL);
}

export const TEST_RAIL = 'test-rail';
/** The real provider of each rail (its adapter runs when its settings are there). */
const PROVIDER_OF: Partial<Record<RailId, string>> = {
  mtn_momo: 'momo',
  flutterwave: 'flutterwave',
  flutterwave_checkout: 'flutterwave',
  flutterwave_eft: 'flutterwave',
  airtel_money: 'airtel',
  chapa: 'chapa',
  paynow: 'paynow',
  ozow: 'ozow',
  paystack_eft: PAYSTACK_EFT,
  paystack_momo: PAYSTACK_MOMO,
};
const MAKERS: Record<string, (ctx: AppContext) => RailAdapter | null> = {
  momo: (ctx) => (ctx.config.momo ? createMomo(ctx.config.momo, ctx.config.momoApiBase) : null),
  flutterwave: (ctx) => (ctx.config.flutterwave ? createFlutterwave(ctx.config.flutterwave, ctx.config.flutterwaveApiBase) : null),
  airtel: (ctx) => (ctx.config.airtel ? createAirtel(ctx.config.airtel, ctx.config.airtelApiBase) : null),
  chapa: (ctx) => (ctx.config.chapa ? createChapa(ctx.config.chapa, ctx.config.chapaApiBase) : null),
  paynow: (ctx) => (ctx.config.paynow ? createPaynow(ctx.config.paynow, ctx.config.paynowApiBase) : null),
  ozow: (ctx) => (ctx.config.ozow ? createOzow(ctx.config.ozow, ctx.config.ozowApiBase) : null),
  // The same Paystack account (secret key) as the naira checkout.
  [PAYSTACK_EFT]: (ctx) => (ctx.config.paystackSecretKey ? createPaystackEft(ctx.config.paystackSecretKey, ctx.config.paystackApiBase) : null),
  [PAYSTACK_MOMO]: (ctx) => (ctx.config.paystackSecretKey ? createPaystackMomo(ctx.config.paystackSecretKey, ctx.config.paystackApiBase) : null),
  [TEST_RAIL]: (ctx) => createTestRail(ctx),
};

/** The adapter of a provider (as recorded on an intent), made once per app (its token cache); null when not configured. */
export function adapterOf(ctx: AppContext, provider: string): RailAdapter | null {
  const all = (ctx.services.railAdapters ??= new Map<string, RailAdapter>());
  const existing = all.get(provider);
  if (existing) return existing;
  const made = MAKERS[provider]?.(ctx) ?? null;
  if (made) all.set(provider, made);
  return made;
}

declare module '../../../lib/context' {
  interface Services {
    railAdapters?: Map<string, RailAdapter>;
  }
}
