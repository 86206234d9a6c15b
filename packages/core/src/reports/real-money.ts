/**
 * Test payments (issue 22 item 3): a payment made through a test provider (TEST MODE, no real money) stays on
 * the invoice and its receipts, stamped TEST, but is never money: reports, the invoice list's figures, who owes
 * me and statements count only real payments. Shared by the device and the server (reports SQL says the same).
 */
export interface MaybeTestPayment {
  amount: number;
  test?: boolean;
}

export const isTestPayment = (p: { test?: boolean }): boolean => p.test === true;

/** The payments that are real money. */
export function realPayments<P extends { test?: boolean }>(payments: readonly P[] | undefined): P[] {
  return (payments ?? []).filter((p) => !isTestPayment(p));
}

/**
 * What is really still owed: the stored balance when no test payment was made, else the total less the real
 * payments and credit notes (never below 0). An invoice paid only by a test card is still owed in full.
 */
export function realBalance(inv: { total_due: number; balance: number; credited_total?: number; payments?: readonly MaybeTestPayment[] }): number {
  const payments = inv.payments ?? [];
  if (!payments.some(isTestPayment)) return inv.balance;
  const paid = payments.reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  return Math.max(0, inv.total_due - paid - (inv.credited_total ?? 0));
}
