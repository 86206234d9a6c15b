/**
 * Test payments (issue 22 item 3): a payment made through a test provider (TEST MODE, no real money) stays on
 * the invoice and its receipts, stamped TEST, but is never money. The one rule: the stored amount_paid, balance
 * and status count real payments only (core computeInvoiceTotals), so the overpayment check, the status badge,
 * the public pay page, reminders, reports, who owes me and statements all read real money; what test payments
 * took is shown beside the status as a tag ("Paid (TEST)", testPaymentStatus). Shared by the device and the
 * server (reports SQL says the same).
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
 * payments and credit notes (never below 0). An invoice paid only by a test card is still owed in full. (Records
 * written since test payments stopped counting already store this balance; older ones are read the same way.)
 */
export function realBalance(inv: { total_due: number; balance: number; credited_total?: number; payments?: readonly MaybeTestPayment[] }): number {
  const payments = inv.payments ?? [];
  if (!payments.some(isTestPayment)) return inv.balance;
  const paid = payments.reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  return Math.max(0, inv.total_due - paid - (inv.credited_total ?? 0));
}

/** What the test payments on a record add up to (0 when none). */
export function testPaid(inv: { payments?: readonly MaybeTestPayment[] }): number {
  return (inv.payments ?? []).reduce((s, p) => s + (isTestPayment(p) ? p.amount : 0), 0);
}

/**
 * The tag shown beside an invoice's status when test payments were made (issue 22): 'paid' ("Paid (TEST)") when
 * real and test payments and credit notes together cover the total, else 'partially_paid' ("Partially paid
 * (TEST)"). Null when no test payment was made, when the invoice is really paid, or void: the tag never replaces
 * the status, which counts real money only.
 */
export function testPaymentStatus(inv: {
  kind?: string | null;
  status?: string | null;
  total_due: number;
  credited_total?: number;
  payments?: readonly MaybeTestPayment[];
}): 'paid' | 'partially_paid' | null {
  const test = testPaid(inv);
  if (test <= 0 || inv.kind === 'quote' || inv.kind === 'credit_note' || inv.status === 'void') return null;
  const real = (inv.payments ?? []).reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  const credited = inv.credited_total ?? 0;
  if (real + credited >= inv.total_due) return null;
  return real + test + credited >= inv.total_due ? 'paid' : 'partially_paid';
}

/**
 * What is left to pay once TEST MODE payments count too (issue 25): the real balance (realBalance) less what the
 * test payments took, never below 0. The one rule of the TEST MODE journey, read wherever the invoice's journey is
 * shown or continued: what a TEST payment may still take, the rail status answer, the owner's "Balance (TEST)",
 * Record payment, reminders and TEST receipts. The stored amount_paid/balance/status and every report keep counting
 * real money only. Equal to realBalance when no test payment was made.
 */
export function testModeBalance(inv: { total_due: number; balance: number; credited_total?: number; payments?: readonly MaybeTestPayment[] }): number {
  return Math.max(0, realBalance(inv) - testPaid(inv));
}

/**
 * What TEST MODE payments took beyond what is owed once credit notes and real payments count (t20 U4): an invoice paid
 * in TEST MODE, then partly credited, would owe the client that much back. The TEST twin of core refundDueOf (real
 * money only): USh89,297 paid in TEST MODE on USh89,297, USh4,484 credited → USh4,484. 0 on a quote, credit note or
 * void document, and when no test payment was made.
 */
export function testRefundDue(inv: {
  kind?: string | null;
  status?: string | null;
  total_due: number;
  credited_total?: number;
  payments?: readonly MaybeTestPayment[];
}): number {
  const test = testPaid(inv);
  if (test <= 0 || inv.kind === 'quote' || inv.kind === 'credit_note' || inv.status === 'void') return 0;
  const real = (inv.payments ?? []).reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  const owed = Math.max(0, inv.total_due - (inv.credited_total ?? 0));
  return Math.max(0, test - Math.max(0, owed - real));
}

/**
 * Settled in TEST MODE (issue 25): test payments (with real money and credit notes) cover the total, while real
 * money does not. The owner's invoice then reads "Paid in TEST MODE — no real money", offers no Record payment and
 * sends no reminders, as the pay page offers nothing more; reports still count it unpaid (real money only).
 */
export function settledInTestMode(inv: Parameters<typeof testPaymentStatus>[0] & { balance: number }): boolean {
  return testPaymentStatus(inv) === 'paid' && testModeBalance(inv) === 0;
}

/** What TEST MODE payments mean for an invoice (issue 25), as the owner's invoice answer gives it (GET /invoices/:id). */
export function testModeState(inv: Parameters<typeof settledInTestMode>[0]): {
  test_status: 'paid' | 'partially_paid' | null;
  test_balance: number;
  test_settled: boolean;
} {
  return { test_status: testPaymentStatus(inv), test_balance: testModeBalance(inv), test_settled: settledInTestMode(inv) };
}

/** The stamp after a status tag of test payments: the same in every language, like the receipts' ' (TEST)'. */
export const TEST_TAG = 'TEST';
