/**
 * One pending phone prompt per invoice, across all rails (issue 25): a second tap, or another rail's button, while
 * the customer's phone still shows a prompt would charge them twice once both are approved. A prompt counts while
 * it is pending and younger than PROMPT_WAIT_MS (the pay page stops waiting then, and providers expire theirs);
 * it is not marked expired, so a late approval is still recorded. The check and the new intent are written under
 * a lock on the invoice's row, so two concurrent starts (one process or two on PostgreSQL) send one request.
 */
import { nationalNumber } from '@duka/core';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { invoices, paymentIntents } from '../../../db/schema';
import { AppError } from '../../../lib/errors';

/** How long a prompt blocks another one: the pay page's own wait (RailPay's GIVE_UP_MS). */
export const PROMPT_WAIT_MS = 120_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The number of a prompt of this invoice still waiting for an answer, or null. */
async function waitingPhone(db: Db | Tx, invoiceId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ phone: paymentIntents.phone })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.invoiceId, invoiceId),
        eq(paymentIntents.status, 'pending'),
        isNotNull(paymentIntents.phone),
        gt(paymentIntents.createdAt, new Date(now.getTime() - PROMPT_WAIT_MS)),
      ),
    )
    .limit(1);
  return row?.phone ?? null;
}

/** "…waiting on 077…222": said only to the one who typed that number (they know it already). */
export function promptWaitingMessage(phone: string, country: string): string {
  return `A payment prompt is already waiting on ${shownPhone(phone, country)}: approve or decline it on your phone, or wait until it expires`;
}

/** Said to anyone else holding the link: nothing of the payer's number (t17 A6). */
export const PROMPT_WAITING_ELSEWHERE =
  'A payment prompt for this invoice is already waiting on the phone that asked for it: wait until it is answered or expires (about 2 minutes), then try again';

function shownPhone(phone: string, country: string): string {
  const national = `0${nationalNumber(phone, country)}`;
  return national.length > 7 ? `${national.slice(0, 3)}…${national.slice(-3)}` : '…';
}

/** The same number, however it was written. */
function samePhone(a: string, b: string, country: string): boolean {
  return nationalNumber(a, country) === nationalNumber(b, country);
}

/**
 * The 409. To the number that waits (a second tap of the payer who typed it) it names that number in `fields.waiting_on`,
 * which the pay page says in the customer's language (t14 D2b); to anyone else it says a prompt waits, and nothing of
 * the number (`fields.prompt: 'waiting'`).
 */
const promptWaiting = (waiting: string, requester: string | null | undefined, country: string) =>
  requester && samePhone(waiting, requester, country)
    ? new AppError('conflict', promptWaitingMessage(waiting, country), { waiting_on: shownPhone(waiting, country) })
    : new AppError('conflict', PROMPT_WAITING_ELSEWHERE, { prompt: 'waiting' });

/** Refuses (409) while a prompt of the invoice is waiting; a quick check before anything is counted or sent. */
export async function assertNoPromptWaiting(db: Db, invoiceId: string, country: string, requester: string | null, now = new Date()): Promise<void> {
  const phone = await waitingPhone(db, invoiceId, now);
  if (phone) throw promptWaiting(phone, requester, country);
}

/** Records the new intent unless a prompt of the invoice is waiting, atomically (the invoice's row is locked). */
export async function recordIntentAlone(db: Db, intent: typeof paymentIntents.$inferInsert, country: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, intent.invoiceId)).for('update');
    const phone = await waitingPhone(tx, intent.invoiceId, now);
    if (phone) throw promptWaiting(phone, intent.phone, country);
    await tx.insert(paymentIntents).values(intent);
  });
}
