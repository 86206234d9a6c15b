import type { InvoicePaymentMethod } from '../constants/payment-methods';

/**
 * How a fiscal document was paid when it was made (issue 26): the authority records one payment type per sale.
 * Duka's words, mapped onto each authority's code list by its adapter (KRA eTIMS: ETIMS_PAYMENT_TYPE_CODES).
 *  - credit: nothing paid yet (an invoice sent to be paid later);
 *  - cash_credit: part paid, the rest owed;
 *  - cash / card / mobile_money / bank_transfer / other: paid in full, by the method that carried most of it.
 */
export const FISCAL_PAYMENT_TYPES = ['cash', 'credit', 'cash_credit', 'card', 'mobile_money', 'bank_transfer', 'other'] as const;
export type FiscalPaymentType = (typeof FISCAL_PAYMENT_TYPES)[number];

/**
 * KRA eTIMS OSCU/VSCU code list 07 "Payment Type" (pmtTyCd): 01 CASH, 02 CREDIT, 03 CASH/CREDIT, 04 BANK CHECK,
 * 05 DEBIT&CREDIT CARD, 06 MOBILE MONEY (M-Pesa, Airtel Money…), 07 OTHER.
 */
export const ETIMS_PAYMENT_TYPE_LIST: ReadonlyArray<{ code: string; name: string }> = [
  { code: '01', name: 'CASH' },
  { code: '02', name: 'CREDIT' },
  { code: '03', name: 'CASH/CREDIT' },
  { code: '04', name: 'BANK CHECK' },
  { code: '05', name: 'DEBIT&CREDIT CARD' },
  { code: '06', name: 'MOBILE MONEY' },
  { code: '07', name: 'OTHER' },
];

/**
 * Duka's payment type → eTIMS pmtTyCd. A bank transfer (EFT, RTGS, PesaLink) is not a cheque (04): KRA's list has
 * no transfer, so it is 07 OTHER.
 */
export const ETIMS_PAYMENT_TYPE_CODES: Record<FiscalPaymentType, string> = {
  cash: '01',
  credit: '02',
  cash_credit: '03',
  bank_transfer: '07',
  card: '05',
  mobile_money: '06',
  other: '07',
};

/** The eTIMS code of a document's payment type; a document made before payment types were kept was sent as cash. */
export function etimsPaymentTypeCode(type: FiscalPaymentType | null | undefined): string {
  return type ? ETIMS_PAYMENT_TYPE_CODES[type] : '01';
}

type MoneyMethod = Exclude<InvoicePaymentMethod, 'withholding'>;

/**
 * The payment type of a sale or invoice from the payments it holds when it is made a fiscal document. TEST MODE
 * payments moved no money, so they do not count. `total` is what the buyer owes in all (minor units).
 */
export function fiscalPaymentTypeOf(
  total: number,
  payments: ReadonlyArray<{ amount: number; method: InvoicePaymentMethod; test?: boolean }>,
): FiscalPaymentType {
  const real = payments.filter((p) => !p.test && p.amount > 0);
  const paid = real.reduce((s, p) => s + p.amount, 0);
  if (paid <= 0) return 'credit';
  if (paid < total) return 'cash_credit';
  // Tax the client withheld settles its part but carried no money: the money's own method names the payment.
  const money = real.filter((p): p is typeof p & { method: MoneyMethod } => p.method !== 'withholding');
  if (!money.length) return 'other';
  const byMethod = new Map<MoneyMethod, number>();
  for (const p of money) byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + p.amount);
  // The method that carried most of the money (the first recorded on a tie).
  let best: MoneyMethod = money[0].method;
  for (const [method, amount] of byMethod) if (amount > (byMethod.get(best) ?? 0)) best = method;
  return best;
}
