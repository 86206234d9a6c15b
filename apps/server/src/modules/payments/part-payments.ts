import {
  formatMoney,
  PAY_AMOUNT_MESSAGES,
  parseInvoiceSettingsString,
  partPayProblem,
  partPayRule,
  type PartPayRule,
  type RailId,
  walletMax,
} from '@duka/core';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/connect';
import { AppError } from '../../lib/errors';

/** Whether the owner lets this invoice be paid in part online, and the least part (issue 23 item 10). */
export async function partPayRuleOf(db: Db, userId: string, invoice: { part_payments?: boolean | null; currency?: string }): Promise<PartPayRule> {
  const [u] = await db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  return partPayRule(parseInvoiceSettingsString(u?.s, u?.country ?? undefined), invoice);
}

/**
 * The amount a rail takes: the balance when none was asked, else the asked amount when the owner allows
 * part payments, it is at least the minimum and at most the balance; `unit` MPESA_UNIT for whole shillings
 * (checked on the balance too when no amount was asked), `rail` the name the message gives.
 */
export async function amountToTake(
  db: Db,
  inv: { part_payments?: boolean | null; currency: string },
  userId: string,
  balance: number,
  asked: number | undefined,
  unit = 1,
  rail = 'M-Pesa',
): Promise<number> {
  const whole = `${rail} takes whole shillings: enter an amount without cents`;
  // The balance itself is the amount taken when none is sent: the same whole-unit rule applies to it.
  // No amount box on the page (part payments off): "enter an amount" would be a dead end (t17 K0), so say what is left.
  if (asked === undefined) {
    if (unit > 1 && balance % unit !== 0) {
      const owed = `${rail} takes whole shillings and the balance, ${formatMoney(balance, inv.currency)}, has cents: pay another way, or ask the business to round the invoice to whole shillings`;
      throw new AppError('validation_failed', owed, { amount: owed });
    }
    return balance;
  }
  const rule = await partPayRuleOf(db, userId, inv);
  const problem = partPayProblem(asked, balance, rule, unit);
  if (!problem) return asked;
  const message = {
    not_whole: unit > 1 ? whole : PAY_AMOUNT_MESSAGES.notWhole,
    above_balance: `The amount is more than the balance due (${formatMoney(balance, inv.currency)})`,
    not_allowed: `This invoice is paid in full online: pay ${formatMoney(balance, inv.currency)}`,
    below_min: `Pay at least ${formatMoney(Math.min(rule.min, balance), inv.currency)}`,
  }[problem];
  throw new AppError('validation_failed', message, { amount: message });
}

/**
 * Refuses a mobile-money prompt above what the wallet takes in one payment (core's walletMax: M-Pesa KSh250,000,
 * MTN MoMo / Airtel Money Uganda USh5,000,000; t20 K2): the network would refuse it on the customer's phone.
 */
export async function assertWalletTakes(
  db: Db,
  inv: { part_payments?: boolean | null; currency: string },
  userId: string,
  rail: RailId,
  railName: string,
  amount: number,
): Promise<void> {
  const max = walletMax(rail, inv.currency);
  if (max === null || amount <= max) return;
  const part = (await partPayRuleOf(db, userId, inv)).allowed;
  const most = formatMoney(max, inv.currency);
  const message = part
    ? `${railName} takes at most ${most} a payment: enter ${most} or less and pay the rest in another payment`
    : `${railName} takes at most ${most} a payment: pay another way, or ask the business to allow part payments`;
  throw new AppError('validation_failed', message, { amount: message });
}
