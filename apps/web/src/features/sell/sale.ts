import {
  assertWithinLimits,
  InvoiceLimitError,
  type Language,
  type RuleResult,
  newPublicId,
  type InvoiceDiscount,
  type InvoiceFeeInput,
  invoiceDefaults,
  invoiceFieldDefaults,
  invoiceStockMovements,
  nextInvoiceNumber,
  numberPrefixFor,
  showsMinorUnits,
  stockLevels,
  roundedOnTotal,
} from '@duka/core';
import { type CatalogItem, db, type Fee, saveRecord, uniquePermalink } from '../../data/db';
import { todayForBusiness } from '../../data/today';
import { getCurrentUser } from '../../data/user';
import { walkInId } from '../../data/walkIn';
import { totalsOf, withTotals } from '../invoices/lib/model';
import { quantityOf, quantityProblem } from '../stock/quantity';
import type { Invoice } from '../invoices/lib/model';

/** One line of the counter's cart. */
export interface CartLine {
  id: string;
  item: CatalogItem;
  quantity: number;
  /** A price named in a typed or spoken order, in place of the item's own. */
  unit_price?: number;
  /** A line read from an order that names no catalog item: sold as written, no catalog link, no stock. */
  adhoc?: boolean;
  /** The quantity as typed (until + or − is tapped); when core's line rule refuses it, quantity keeps the last good one. */
  qtyText?: string;
  /** Why qtyText cannot be used (read in the language it was typed in), or null. */
  qtyProblem?: RuleResult | null;
}

export { quantityProblem };

/** A cart line's quantity problem: the text typed, else the quantity itself (a line read from an order may carry any number). */
export const lineProblem = (l: CartLine): RuleResult | null => (l.qtyText !== undefined ? (l.qtyProblem ?? null) : quantityProblem(String(l.quantity), 'en'));

/**
 * A quantity typed on a cart line in the screen's language: kept as typed, with its problem; a good one (never a
 * clamped or refused one) becomes the line's quantity.
 */
export function typedQuantity(l: CartLine, text: string, language: Language): CartLine {
  const qtyProblem = quantityProblem(text, language);
  if (qtyProblem) return { ...l, qtyText: text, qtyProblem };
  return { ...l, quantity: quantityOf(text, language), qtyText: text, qtyProblem: null };
}

/** What one of the line costs. */
export const linePrice = (l: CartLine): number => l.unit_price ?? l.item.unit_price;

/** The cart as invoice lines. */
function invoiceLines(cart: CartLine[]) {
  return cart.map((l) => ({
    id: l.id,
    catalog_id: l.adhoc ? null : l.item.id,
    description: l.item.name,
    quantity: l.quantity,
    unit_price: linePrice(l),
    fee_ids: [],
  }));
}

/** 'pay_link': nothing is taken now; that part stays owed and the customer pays it online by the sale's public link. */
export type PayMethod = 'cash' | 'bank_transfer' | 'mobile_money' | 'pay_link';

/** How the sale was paid: one or two methods; cash may be handed over above the amount (change given). */
export interface SalePayment {
  method: PayMethod;
  amount: number;
  reference?: string;
  /** Cash handed over (≥ amount): the change is tendered − amount. */
  tendered?: number;
}

export interface SaleOptions {
  contactId: string | null;
  /** `rounding`: the whole-shillings part of an amount discount (the counter's offer), printed as "Rounding". */
  discount: { type: 'percentage' | 'amount'; value: number; rounding?: number } | null;
  fees: InvoiceFeeInput[];
  payments: SalePayment[];
}

/** The business's default taxes (Fees tab records switched on for new invoices), as an invoice keeps them. */
export function defaultTaxes(fees: Fee[] | undefined): InvoiceFeeInput[] {
  return (fees ?? [])
    .filter((f) => f.default_on)
    .map((f) =>
      roundedOnTotal({
        id: f.id,
        name: f.name,
        kind: f.kind,
        calculation: f.calculation,
        percentage_bps: f.percentage_bps,
        amount: f.amount,
        inclusive: f.inclusive,
        ...(f.subject_to_tax ? { subject_to_tax: true } : {}),
      }),
    );
}

/**
 * The counter's discount as the invoice keeps it: a percentage is rounded once on the subtotal (t18 Z2); an amount
 * keeps its whole-shillings rounding part, so the receipt says "Rounding".
 */
function saleDiscount(d: SaleOptions['discount']): InvoiceDiscount | null {
  if (!d) return null;
  return d.type === 'percentage'
    ? { type: 'percentage', value: d.value, round_on: 'total' }
    : { type: 'amount', value: d.value, ...(d.rounding ? { rounding: d.rounding } : {}) };
}

/** The sale as an invoice of kind 'sale' (not saved): lines from the cart, the default taxes, the discount. */
export function draftSale(cart: CartLine[], opts: Omit<SaleOptions, 'payments'>, number: string, now = new Date()): Invoice {
  const d = invoiceDefaults(getCurrentUser()?.invoice_settings ?? null);
  const today = todayForBusiness(now);
  const stamp = now.toISOString();
  return withTotals({
    ...(invoiceFieldDefaults() as Partial<Invoice>),
    id: crypto.randomUUID(),
    kind: 'sale',
    number,
    contact_id: opts.contactId,
    issue_date: today,
    due_date: today,
    currency: d.currency,
    lines: invoiceLines(cart),
    fees: opts.fees,
    fee_ids: opts.fees.map((f) => f.id),
    discount: saleDiscount(opts.discount),
    public_id: newPublicId(),
    // A sale is finished and handed over as it is made.
    sent_at: stamp,
    finished_at: stamp,
  } as Invoice);
}

/**
 * What the cart comes to (minor units), with the taxes and discount, and why it cannot be sold yet: a line's
 * quantity core refuses (that line is left out of the total), or an amount past what an invoice can hold
 * (core's assertWithinLimits, as the server checks). Never throws on what was typed.
 */
export function checkCart(cart: CartLine[], opts: Omit<SaleOptions, 'payments' | 'contactId'>): { total: number; problem: RuleResult | null; taxes: TaxRows } {
  const good = cart.filter((l) => !quantityProblem(String(l.quantity), 'en'));
  const problem = cart.map(lineProblem).find((p) => p !== null) ?? null;
  const none = { added: 0, addedNames: '', inside: 0, insideNames: '' };
  if (!good.length) return { total: 0, problem, taxes: none };
  const input = { lines: invoiceLines(good), fees: opts.fees, fee_ids: opts.fees.map((f) => f.id), discount: saleDiscount(opts.discount), payments: [] };
  try {
    assertWithinLimits(input);
    const totals = totalsOf(input);
    return { total: totals.total_due, problem, taxes: taxRows(totals) };
  } catch (err) {
    const code = err instanceof InvoiceLimitError && err.field.startsWith('lines.') ? 'line_too_large' : 'total_too_large';
    return { total: 0, problem: problem ?? { code, params: {} }, taxes: none };
  }
}

/** What the taxes and fees add on top of the prices, and what is already inside them, with their names. */
export interface TaxRows {
  added: number;
  addedNames: string;
  inside: number;
  insideNames: string;
}

/**
 * A sale's taxes in two rows, as the receipt prints them and the cart shows them before the charge (t18 T2: the cart
 * read TSh 3,500 and the Cash button TSh 4,130 with nothing between): added on top, then inside the prices (t17 K1).
 */
export function taxRows(totals: {
  subtotal: number;
  discount_total: number;
  total_due: number;
  tax_total: number;
  fee_total: number;
  fees: readonly { name: string; inclusive: boolean }[];
}): TaxRows {
  const added = totals.total_due - (totals.subtotal - totals.discount_total);
  const names = (inclusive: boolean) =>
    totals.fees
      .filter((f) => f.inclusive === inclusive)
      .map((f) => f.name)
      .join(', ');
  return { added, addedNames: names(false), inside: totals.tax_total + totals.fee_total - added, insideNames: names(true) };
}

/** What the cart comes to (minor units), with the taxes and discount (0 while it cannot be sold: see checkCart). */
export function cartTotal(cart: CartLine[], opts: Omit<SaleOptions, 'payments' | 'contactId'>): number {
  return checkCart(cart, opts).total;
}

/**
 * Whether the Sell screen shows minor units on every amount (t17 K3: the list read "KSh60" before the first tap and
 * "KSh60.00" after). Core's rule (issue 23: once one amount has cents, all do), read over what the screen can come to:
 * the items' prices, what one of each comes to with the taxes and discount (KSh210 + 16% = KSh243.60), and the cart.
 * So a tap does not change how the list reads: it already knew the sale could have cents.
 */
export function counterShowsMinor(
  items: readonly CatalogItem[],
  cart: CartLine[],
  opts: Omit<SaleOptions, 'payments' | 'contactId'>,
  currency: string,
): boolean {
  const amounts = (function* () {
    for (const item of items) {
      yield item.unit_price;
      yield checkCart([{ id: item.id, item, quantity: 1 }], opts).total;
    }
    for (const l of cart) {
      yield linePrice(l);
      yield Math.round(l.quantity * linePrice(l));
    }
    yield checkCart(cart, opts).total;
  })();
  return showsMinorUnits(amounts, currency);
}

/** The next number of the sales series (SAL-0001…), from the sales on this device. */
export async function nextSaleNumber(): Promise<string> {
  const prefix = numberPrefixFor(invoiceDefaults(getCurrentUser()?.invoice_settings ?? null), 'sale');
  const numbers: string[] = [];
  await db.invoices.each((r) => {
    if (r.kind === 'sale' && typeof r.number === 'string') numbers.push(r.number);
  });
  return nextInvoiceNumber(prefix, numbers);
}

/** The walk-in client: one per business, the same id on every device, made on the first sale without a client. */
export async function walkInClient(name: string): Promise<string> {
  const id = walkInId();
  if (await db.contacts.get(id)) return id;
  await saveRecord('contacts', { id, name, permalink: await uniquePermalink(name, id) });
  return id;
}

export interface SavedSale {
  invoice: Invoice;
  /** Cash change handed back. */
  change: number;
  payments: SalePayment[];
  /** The client chosen for the sale (null for the walk-in client), named on the receipt. */
  clientName?: string | null;
}

/** The sale's public page, where the customer sees it and pays what is owed (a pay link). */
export function saleLink(inv: Pick<Invoice, 'public_id'>, origin = window.location.origin): string | null {
  return inv.public_id ? `${origin}/invoice/link/${inv.public_id}` : null;
}

/**
 * Saves a sale on the device and queues it, with the stock movements it makes (−n per tracked item, ids
 * derived from the sale and line, so the server's own working-out is the same record): works offline.
 * A part paid by pay link is recorded as no payment: the sale stays owed (its balance) until the customer pays
 * online through its public link.
 */
export async function completeSale(cart: CartLine[], opts: SaleOptions, walkInName: string, now = new Date()): Promise<SavedSale> {
  const payments = opts.payments.filter((p) => p.amount > 0);
  const taken = payments.filter((p): p is SalePayment & { method: Exclude<PayMethod, 'pay_link'> } => p.method !== 'pay_link');
  const tracked = new Set(cart.filter((l) => !l.adhoc && l.item.track_stock).map((l) => l.item.id));
  // One transaction: the client, the sale and its movements are all on the device (and queued), or none is.
  const stored = await db.transaction('rw', [db.contacts, db.invoices, db.stock_movements, db.queue], async () => {
    const contactId = opts.contactId ?? (await walkInClient(walkInName));
    const draft = draftSale(cart, { ...opts, contactId }, await nextSaleNumber(), now);
    const date = draft.issue_date;
    const invoice = withTotals({
      ...draft,
      payments: taken.map((p) => ({
        id: crypto.randomUUID(),
        amount: p.amount,
        method: p.method,
        date,
        reference: p.reference?.trim() ?? '',
        // The cash handed over is kept with the payment, so every copy of the receipt (PDF too) shows the change.
        ...(p.method === 'cash' && p.tendered && p.tendered > p.amount ? { tendered: p.tendered } : {}),
      })),
    });
    const saved = (await saveRecord('invoices', invoice)) as unknown as Invoice;
    for (const m of invoiceStockMovements(saved, (id) => tracked.has(id))) await saveRecord('stock_movements', { id: m.id, ...m.data });
    return saved;
  });
  const change = payments.reduce((s, p) => s + (p.method === 'cash' && p.tendered && p.tendered > p.amount ? p.tendered - p.amount : 0), 0);
  return { invoice: stored, change, payments };
}

/** Stock levels on this device (sum of the movements it holds). */
export async function deviceLevels(): Promise<Map<string, number>> {
  return stockLevels(await db.stock_movements.toArray());
}
