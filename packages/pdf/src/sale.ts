/**
 * A counter sale's PDF (issue 28) is a receipt, not a bill: RECEIPT, no due date, no "pay online" call once it is
 * paid, and how it was paid (method, reference, cash received and change given). A sale with a part left to pay by
 * its pay link keeps the balance and the link.
 */
import { type CustomerLanguage, type DocumentStrings, methodLabelIn } from '@duka/core';

export interface SalePayment {
  amount: number;
  method: string;
  reference?: string;
  tendered?: number;
  test?: boolean;
}

/** The rows under the sale's total: each payment, the cash received and change, then what is still owed (if any). */
export function salePaymentRows(
  payments: SalePayment[],
  balance: number,
  S: DocumentStrings,
  language: CustomerLanguage,
  money: (n: number) => string,
): Array<[string, string, boolean?]> {
  const rows: Array<[string, string, boolean?]> = [];
  let change = 0;
  let tendered = 0;
  for (const p of payments.filter((x) => !x.test)) {
    const ref = p.reference?.trim() ? ` ${p.reference.trim()}` : '';
    rows.push([`${methodLabelIn(p.method, language)}${ref}`, money(p.amount)]);
    if (p.method === 'cash' && p.tendered && p.tendered > p.amount) {
      tendered += p.tendered;
      change += p.tendered - p.amount;
    }
  }
  if (change > 0) {
    rows.push([S.cashReceived, money(tendered)]);
    rows.push([S.changeGiven, money(change)]);
  }
  if (balance > 0) rows.push([S.saleOwed, money(balance), true]);
  return rows;
}
