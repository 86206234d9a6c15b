import { dateOrderForCountry, type InvoiceFeeInput, type OrderContext, type OrderDraft } from '@duka/core';

/**
 * The draft with the business's default-on fees added (as a new invoice starts with them), so the review shows
 * exactly the fees and totals the saved invoice will have.
 */
export function withDefaultFees(draft: OrderDraft, fees: InvoiceFeeInput[], defaultOn: Set<string>): OrderDraft {
  const named = new Set(draft.fees.map((f) => f.fee_id));
  const extra = fees.filter((f) => defaultOn.has(f.id) && !named.has(f.id)).map((f) => ({ fee_id: f.id, name: f.name, amount: null }));
  return { ...draft, fees: [...extra, ...draft.fees] };
}

/** What the parser needs from the device's data. */
export function orderContext(
  catalog: Array<{ id: string; name?: unknown; unit_price?: unknown; active?: unknown }>,
  contacts: Array<{ id: string; name?: unknown }>,
  fees: InvoiceFeeInput[],
  currency: string,
  today: string,
  country?: string | null,
): OrderContext {
  return {
    catalog: catalog
      .filter((c) => typeof c.name === 'string' && c.active !== false)
      .map((c) => ({ id: c.id, name: String(c.name), unit_price: typeof c.unit_price === 'number' ? c.unit_price : 0 })),
    contacts: contacts.filter((c) => typeof c.name === 'string').map((c) => ({ id: c.id, name: String(c.name) })),
    fees,
    currency,
    today,
    date_order: dateOrderForCountry(country),
  };
}
