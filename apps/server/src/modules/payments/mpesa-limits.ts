import { createHash } from 'node:crypto';
import type { AppContext } from '../../lib/context';
import { chargeBuckets, waitText } from '../../lib/outbound-quota';

const MINUTE = 60_000;

/**
 * M-Pesa prompts from a public pay link (issue 22): anyone holding the link can ask for one, so they are
 * limited per invoice and per phone number (a short window against bursts, a day against slow floods),
 * on top of the per-address limit on the route. RATE_LIMITS=off turns them off.
 */
export const STK_LIMITS = {
  burstMs: 15 * MINUTE,
  dayMs: 24 * 60 * MINUTE,
  invoiceBurst: 5,
  invoiceDay: 20,
  phoneBurst: 3,
  phoneDay: 10,
} as const;

/** Counts one prompt to `phone` (E.164 digits) for the invoice; throws QuotaExceeded (429, fields.quota) when either is used up. */
export async function chargeStkPrompt(ctx: AppContext, userId: string, invoiceId: string, phone: string): Promise<void> {
  if (!ctx.config.rateLimits) return;
  const phoneKey = createHash('sha256').update(phone).digest('base64url').slice(0, 22);
  const invoice = (max: number) => (ttlMs: number) =>
    `This invoice has had ${max} M-Pesa payment prompts recently. Please try again ${waitText(ttlMs)}, or pay another way.`;
  const number = (max: number) => (ttlMs: number) =>
    `This phone number has had ${max} M-Pesa payment prompts recently. Please try again ${waitText(ttlMs)}, or pay another way.`;
  // Keyed by the owner's id too, so the counters go with the account when it is deleted.
  const inv = `mpesa:inv:${userId}:${invoiceId}`;
  const tel = `mpesa:phone:${phoneKey}`;
  const L = STK_LIMITS;
  const refundBurst = await chargeBuckets(
    ctx,
    [
      { key: `${inv}:burst`, max: L.invoiceBurst, scope: 'mpesa_invoice', message: invoice(L.invoiceBurst) },
      { key: `${tel}:burst`, max: L.phoneBurst, scope: 'mpesa_phone', message: number(L.phoneBurst) },
    ],
    L.burstMs,
  );
  try {
    await chargeBuckets(
      ctx,
      [
        { key: `${inv}:day`, max: L.invoiceDay, scope: 'mpesa_invoice', message: invoice(L.invoiceDay) },
        { key: `${tel}:day`, max: L.phoneDay, scope: 'mpesa_phone', message: number(L.phoneDay) },
      ],
      L.dayMs,
    );
  } catch (err) {
    await refundBurst();
    throw err;
  }
}
