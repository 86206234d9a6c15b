import type { InvoiceFeeInput } from '../amounts/math';

/** What the parser knows of the business: its catalog, its clients, its fees, its currency and today's date. */
export interface OrderContext {
  catalog: Array<{ id: string; name: string; unit_price: number }>;
  contacts: Array<{ id: string; name: string }>;
  fees: InvoiceFeeInput[];
  /** The business currency: every price of the draft is in its minor units. */
  currency: string;
  /** ISO yyyy-mm-dd, the business's today: due dates are counted from it. */
  today: string;
  /** How the business writes "5/12": 'dmy' (day first, the default: all of Africa) or 'mdy'. See dateOrderForCountry. */
  date_order?: 'dmy' | 'mdy';
}

export interface OrderDraftLine {
  /** The catalog item matched, or null for a new line. */
  catalog_id: string | null;
  description: string;
  quantity: number;
  /** Minor units of the business currency; null when the order gave no price and the catalog has none. */
  unit_price: number | null;
  /** The price was written in the order (not taken from the catalog). */
  price_stated: boolean;
  /** A price for the whole line that did not divide evenly: the unit price is rounded to the nearest minor unit. */
  rounded?: boolean;
}

export interface OrderDraftFee {
  /** The fee on the Fees tab it matched. */
  fee_id: string;
  name: string;
  /** A fixed fee's amount written in the order (minor units), or null to keep the fee's own. */
  amount: number | null;
}

/** An order read from words: shown to the owner for review, never saved without their OK. */
export interface OrderDraft {
  /** The client matched among the contacts (contact_id), a new client's name (contact_id null), or nobody. */
  client: { contact_id: string | null; name: string } | null;
  lines: OrderDraftLine[];
  fees: OrderDraftFee[];
  due_date: string | null;
  /** What could not be read, in the owner's words: shown, never dropped. */
  remainder: string[];
  currency: string;
}
