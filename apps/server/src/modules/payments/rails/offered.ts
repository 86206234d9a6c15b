/**
 * Which rails an invoice's public page offers (issue 25), each with a provider here (real, or the test provider in
 * TEST MODE). Where several providers reach the same wallets (Ghana, Uganda, Rwanda, Zambia), the page offers one way per network (core
 * NETWORK_CHOICES, t17 G2), each routed to the best provider configured behind it.
 */
import {
  findCountry,
  FLUTTERWAVE_MOBILE_MONEY,
  NETWORK_CHOICES,
  type OfferedRail,
  parseInvoiceSettingsString,
  payerCountry,
  PAYNOW_WALLETS,
  RAILS,
  railName,
  railsFor,
  type RailId,
  walletMax,
  walletUnit,
} from '@duka/core';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { findByPublicId, toApi } from '../../invoices';
import { railAdapter, TEST_RAIL } from './adapter';

async function ownerSettings(ctx: AppContext, userId: string) {
  const [u] = await ctx.db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  const settings = parseInvoiceSettingsString(u?.s, u?.country ?? undefined);
  const country = settings.country.iso_code || findCountry(u?.country ?? '')?.code || null;
  return { settings, country };
}

/** What a wallet takes in one payment (core's walletMax and walletUnit), for the page to offer it only within that. */
function wallet(id: RailId, currency: string): { max?: number; unit?: number } {
  if (RAILS[id].kind !== 'phone') return {};
  const max = walletMax(id, currency);
  const unit = walletUnit(currency);
  return { ...(max !== null ? { max } : {}), ...(unit > 1 ? { unit } : {}) };
}

function offer(ctx: AppContext, id: RailId, currency: string, payer: string | null): OfferedRail | null {
  const adapter = railAdapter(ctx, id);
  if (!adapter) return null;
  return {
    id,
    name: railName(id, currency),
    kind: RAILS[id].kind === 'checkout' ? 'checkout' : 'phone',
    test_mode: adapter === 'daraja' ? ctx.config.mpesaApiBase.includes('sandbox.safaricom') : adapter.testMode,
    country: payer,
    networks: id === 'flutterwave' && payer ? [...(FLUTTERWAVE_MOBILE_MONEY[payer]?.networks ?? [])] : id === 'paynow' ? [...PAYNOW_WALLETS] : [],
    ...(adapter === 'daraja' ? { daraja: true } : {}),
    ...wallet(id, currency),
  };
}

/**
 * One way per network (Ghana, Uganda, Rwanda, Zambia): each network goes to the first of its routes whose rail the owner offers and whose
 * provider is configured here; when none is, to the first such route in TEST MODE (the test provider). The rails a
 * choice routes to are not offered on their own beside it.
 */
function networkOffers(ctx: AppContext, ids: readonly RailId[], currency: string, payer: string | null): { rails: OfferedRail[]; routed: Set<RailId> } | null {
  const choices = payer ? NETWORK_CHOICES[payer] : undefined;
  if (!choices) return null;
  const rails: OfferedRail[] = [];
  const routed = new Set<RailId>();
  for (const choice of choices) {
    const routes = choice.routes.filter((r) => ids.includes(r.rail));
    for (const r of routes) routed.add(r.rail);
    const adapters = routes.map((r) => ({ route: r, adapter: railAdapter(ctx, r.rail) }));
    const real = adapters.find((a) => a.adapter && (a.adapter === 'daraja' || a.adapter.provider !== TEST_RAIL));
    const picked = real ?? adapters.find((a) => a.adapter);
    const base = picked && offer(ctx, picked.route.rail, currency, payer);
    if (!base || !picked) continue;
    rails.push({ ...base, name: choice.name, networks: [], ...(picked.route.network ? { network: picked.route.network } : {}) });
  }
  return { rails, routed };
}

/**
 * The rails an invoice's page offers: the owner's country's (or the invoice currency's country's) that take the
 * currency and that the owner chose, each with a provider here (real, or the test provider in TEST MODE).
 * `card`: whether the owner lets the card form or Paystack's checkout be offered.
 */
export async function offeredRails(ctx: AppContext, userId: string, currency: string): Promise<{ rails: OfferedRail[]; card: boolean }> {
  const { settings, country } = await ownerSettings(ctx, userId);
  const ids = railsFor(country, currency, settings.pay_rails);
  const payer = payerCountry(currency, country);
  const byNetwork = networkOffers(ctx, ids, currency, payer);
  const rails: OfferedRail[] = [...(byNetwork?.rails ?? [])];
  for (const id of ids) {
    if (id === 'card' || id === 'paystack' || byNetwork?.routed.has(id)) continue;
    const o = offer(ctx, id, currency, payer);
    if (o) rails.push(o);
  }
  return { rails, card: ids.includes('card') || ids.includes('paystack') };
}

/** The way to pay the customer tapped: this rail, for this network where the page offers one per network. */
export async function offered(ctx: AppContext, row: Awaited<ReturnType<typeof findByPublicId>>, rail: RailId, network?: string): Promise<OfferedRail> {
  const inv = toApi(row);
  const { rails } = await offeredRails(ctx, String(row.userId), inv.currency);
  const mine = rails.filter((r) => r.id === rail);
  const found = mine.find((r) => !r.network || r.network === network) ?? (mine.length ? null : undefined);
  if (found === null) throw new AppError('validation_failed', 'Choose your mobile-money network', { network: 'Choose your mobile-money network' });
  if (!found) {
    const takes = RAILS[rail].currencies.includes(inv.currency);
    throw new AppError(
      'conflict',
      takes ? `${RAILS[rail].name} is not offered on this invoice` : `${RAILS[rail].name} does not take payments in ${inv.currency}`,
    );
  }
  return found;
}
