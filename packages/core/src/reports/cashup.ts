/**
 * End-of-day cash-up (t21 P4): for one business day, what the till is counted against: the sales made that day, the
 * money received that day by payment method, the refunds paid out that day (refund payments, negative), and the cash
 * that should be in the drawer: the opening float the day started with, plus cash received, less cash refunded (h155),
 * and, once the till is counted at the close, the count and the difference (over > 0, short < 0).
 * Real money only: TEST MODE payments moved no money. Worked out in SQL by GET /api/reports/cash-up.
 */
import { z } from 'zod';
import { INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod } from '../constants/payment-methods';
import { currencyCodeSchema } from '../rules';
import { isTestPayment } from '../invoices/real-money';
import { countsPayments, isIssuedInvoice, type ReportInvoice } from './facts';

export const cashUpQuerySchema = z.object({
  /** The business's day (yyyy-mm-dd); left out: today in the business's time zone. */
  date: z.iso.date('Use a date like 2026-11-27').optional(),
  /** Only this currency; left out: every currency the day's sales and payments used. */
  currency: currencyCodeSchema.optional(),
});
export type CashUpQuery = z.infer<typeof cashUpQuerySchema>;

const minor = z.number().int();

export const cashUpMethodSchema = z.object({
  method: z.enum(INVOICE_PAYMENT_METHODS),
  /** Money received with this method that day (minor units, ≥ 0) and how many payments. */
  received: minor,
  received_count: z.number().int(),
  /** Refunds paid out with this method that day (minor units, ≤ 0) and how many. */
  refunded: minor,
  refunded_count: z.number().int(),
});
export type CashUpMethod = z.infer<typeof cashUpMethodSchema>;

export const cashUpCurrencySchema = z.object({
  currency: z.string(),
  /** Counter sales issued that day (not void, not draft), and what they came to. */
  sale_count: z.number().int(),
  sales_total: minor,
  /** Every payment method, in INVOICE_PAYMENT_METHODS order (zeros included). */
  methods: z.array(cashUpMethodSchema),
  received_total: minor,
  /** ≤ 0 */
  refunded_total: minor,
  /** received_total + refunded_total */
  net_total: minor,
  /** The cash the drawer started the day with (h155; 0 when none was entered), in minor units. */
  opening_float: minor,
  /** opening_float + cash received − cash refunded: what the drawer should hold at the close. */
  cash_expected: minor,
  /** The cash counted at the close (h155); null until counted. */
  counted: minor.nullable(),
  /** counted − cash_expected: over (> 0) or short (< 0); null until counted. */
  difference: minor.nullable(),
});
export type CashUpCurrency = z.infer<typeof cashUpCurrencySchema>;

export const cashUpSchema = z.object({
  date: z.string(),
  /** One entry per currency used that day; empty when nothing was sold, paid or refunded. */
  currencies: z.array(cashUpCurrencySchema),
});
export type CashUp = z.infer<typeof cashUpSchema>;

/** Most a drawer's float or count may hold (minor units): far above any till, below what a total can reach. */
export const TILL_MAX = 1_000_000_000_000;

/** The messages a person sees when a float or count is refused (the server's and the app's). */
export const TILL_MESSAGES = {
  notWhole: 'Enter the amount in the currency’s smallest unit, a whole number',
  negative: 'The amount cannot be below zero',
  tooBig: 'That is more than any drawer holds: check the amount',
} as const;

const tillAmount = z.number({ error: TILL_MESSAGES.notWhole }).int(TILL_MESSAGES.notWhole).min(0, TILL_MESSAGES.negative).max(TILL_MAX, TILL_MESSAGES.tooBig);

/**
 * One day's till for one currency (h155): the float the drawer started with and the cash counted at the close (null:
 * not counted yet). Kept per business day and currency, written by PUT /api/reports/cash-up/till.
 */
export const tillBodySchema = z.object({
  date: z.iso.date('Use a date like 2026-11-27'),
  currency: currencyCodeSchema,
  opening_float: tillAmount,
  counted: tillAmount.nullable(),
});
export type TillBody = z.infer<typeof tillBodySchema>;
export const tillSchema = tillBodySchema.extend({ updated_at: z.string() });
export type Till = z.infer<typeof tillSchema>;

/** One currency's cash-up from per-method sums (methods missing from `sums` are zeros). */
export function cashUpCurrency(
  currency: string,
  sales: { count: number; total: number },
  sums: Array<{ method: string; received: number; received_count: number; refunded: number; refunded_count: number }>,
  till?: { opening_float: number; counted: number | null } | null,
): CashUpCurrency {
  // Tax a client withheld is no money in the till or the bank: not counted at the end of the day.
  const methods = INVOICE_PAYMENT_METHODS.filter((m) => m !== 'withholding').map((method: InvoicePaymentMethod): CashUpMethod => {
    const rows = sums.filter((s) => s.method === method);
    return {
      method,
      received: rows.reduce((a, r) => a + r.received, 0),
      received_count: rows.reduce((a, r) => a + r.received_count, 0),
      refunded: rows.reduce((a, r) => a + r.refunded, 0),
      refunded_count: rows.reduce((a, r) => a + r.refunded_count, 0),
    };
  });
  const received_total = methods.reduce((a, m) => a + m.received, 0);
  const refunded_total = methods.reduce((a, m) => a + m.refunded, 0);
  const cash = methods[INVOICE_PAYMENT_METHODS.indexOf('cash')];
  const opening_float = till?.opening_float ?? 0;
  const cash_expected = opening_float + cash.received + cash.refunded;
  const counted = till?.counted ?? null;
  return {
    currency,
    sale_count: sales.count,
    sales_total: sales.total,
    methods,
    received_total,
    refunded_total,
    net_total: received_total + refunded_total,
    opening_float,
    cash_expected,
    counted,
    difference: counted === null ? null : counted - cash_expected,
  };
}

/** What the cash-up reads from a device's invoice record. */
export type CashUpInvoice = ReportInvoice & { payments?: Array<{ amount: number; date: string; method?: string; test?: boolean }> };

/**
 * The same cash-up from the device's records (works offline): the server's SQL counts exactly these — counter sales
 * issued that day, and the real payments dated that day of the documents whose payments count as collected. `tills`:
 * the floats and counts kept (the day's, per currency); a currency with a float and no sale yet is shown too.
 */
export function cashUpOf(invoices: readonly CashUpInvoice[], day: string, currency?: string, tills: readonly TillBody[] = []): CashUp {
  const sales = new Map<string, { count: number; total: number }>();
  const sums = new Map<string, Array<{ method: string; received: number; received_count: number; refunded: number; refunded_count: number }>>();
  for (const inv of invoices) {
    const cur = inv.currency ?? '';
    if (!cur || (currency && cur !== currency)) continue;
    if (inv.kind === 'sale' && isIssuedInvoice(inv) && inv.issue_date === day) {
      const s = sales.get(cur) ?? { count: 0, total: 0 };
      s.count += 1;
      s.total += inv.total_due ?? 0;
      sales.set(cur, s);
    }
    if (!countsPayments(inv)) continue;
    for (const p of inv.payments ?? []) {
      if (p.date !== day || isTestPayment(p)) continue;
      const list = sums.get(cur) ?? [];
      list.push({
        method: p.method ?? 'other',
        received: p.amount > 0 ? p.amount : 0,
        received_count: p.amount > 0 ? 1 : 0,
        refunded: p.amount < 0 ? p.amount : 0,
        refunded_count: p.amount < 0 ? 1 : 0,
      });
      sums.set(cur, list);
    }
  }
  const dayTills = tills.filter((t) => t.date === day && (!currency || t.currency === currency));
  const currencies = [...new Set([...sales.keys(), ...sums.keys(), ...dayTills.map((t) => t.currency)])].sort();
  return {
    date: day,
    currencies: currencies.map((cur) =>
      cashUpCurrency(
        cur,
        sales.get(cur) ?? { count: 0, total: 0 },
        sums.get(cur) ?? [],
        dayTills.find((t) => t.currency === cur),
      ),
    ),
  };
}
