import { type OfferedRail, RAILS, type RailId, walletName } from '@duka/core';

/**
 * The way to pay the customer came back to from a provider's page (?rail=…&reference=…), kept on the public page even
 * once the invoice is paid, so it can show the payment's outcome and the operator's transaction id: a hosted checkout
 * (Chapa, Ozow…), or a phone rail whose provider sent the customer to its own authorisation page and back with the
 * outcome (?status=…: Flutterwave's mobile money in Ghana, Uganda and Rwanda). A paid invoice's view lists no rails: the
 * one returned from is then made from core's table, named as its receipt names it (the wallet, for a network's button).
 */
export function returnedRail(query: URLSearchParams, currency: string): OfferedRail | null {
  const id = query.get('rail') ?? '';
  if (!Object.hasOwn(RAILS, id) || !query.get('reference')) return null;
  const rail = RAILS[id as RailId];
  const fromProviderPage = rail.kind === 'checkout' || (rail.kind === 'phone' && query.has('status'));
  if (!fromProviderPage) return null;
  const network = query.get('network') ?? undefined;
  return {
    id: id as RailId,
    name: rail.kind === 'checkout' ? rail.name : walletName(id as RailId, currency, network),
    kind: rail.kind,
    test_mode: false,
    country: null,
    networks: [],
    ...(network ? { network } : {}),
  };
}
