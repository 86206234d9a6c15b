/**
 * The built-in test provider for mobile-money and hosted rails (issue 25, TEST MODE): a prompt is kept in
 * test_rail_prompts and shown on Duka's own test phone page (/test-phone/{reference}), where Approve, Decline or
 * Let it time out answers it; the test provider then calls Duka back like MTN MoMo does (a hint), and Duka asks
 * it for the status before recording anything, as with a real provider.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { RAILS, type RailId, walletName } from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { testRailPrompts } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import type { RailAdapter } from './types';

export type TestPromptStatus = 'pending' | 'approved' | 'declined' | 'timed_out';

/**
 * The wallets whose real provider asks the customer for a code before it prompts the phone: Telecel Cash through
 * Paystack (`vod`) answers send_otp, and the customer types the voucher their phone generated. TEST MODE asks the same.
 */
const ASKS_VOUCHER: ReadonlyArray<{ rail: string; network: string }> = [{ rail: 'paystack_momo', network: 'vod' }];
export const TEST_VOUCHER_PROMPT =
  'TEST MODE: Telecel Cash asks for a voucher before it charges. Open the test phone, read the voucher code it shows, and type it here.';
export const TEST_VOUCHER_AGAIN = 'That voucher code was not accepted. Check the code on the test phone and type it again.';

/**
 * What a hosted checkout stands for, as the real adapters record it (Ozow's, Paystack's and Flutterwave's EFT); prompts
 * are mobile money. Flutterwave's checkout takes card, bank transfer or USSD and its real adapter records the way the
 * provider reports; the stand-in page has no such choice, so it reports none: the receipt names Flutterwave (t19 N2).
 */
const CHECKOUT_METHOD: Record<string, 'card' | 'bank_transfer' | 'other' | undefined> = {
  flutterwave_checkout: 'other',
  ozow: 'bank_transfer',
  paystack_eft: 'bank_transfer',
  flutterwave_eft: 'bank_transfer',
};

export function createTestRail(ctx: AppContext): RailAdapter {
  return {
    provider: 'test-rail',
    label: 'the test provider',
    testMode: true,
    async start(req) {
      const callbackPath = new URL(req.callbackUrl).pathname;
      const voucher = req.phone && ASKS_VOUCHER.some((v) => v.rail === req.rail && v.network === req.network) ? String(randomInt(100_000, 1_000_000)) : null;
      await ctx.db.insert(testRailPrompts).values({
        voucher,
        reference: req.reference,
        rail: req.rail,
        phone: req.phone ?? '',
        network: req.network ?? null,
        amount: req.amount,
        currency: req.currency,
        callbackPath,
      });
      // The voucher first (the page shows a code field), then the prompt on the test phone.
      if (voucher) return { providerRef: null, redirectUrl: null, otpPrompt: TEST_VOUCHER_PROMPT };
      // Hosted rails (Chapa) send the customer to a page: in TEST MODE, the test phone page is that page.
      return { providerRef: null, redirectUrl: req.phone ? null : `/test-phone/${encodeURIComponent(req.reference)}` };
    },
    async submitOtp(intent, otp) {
      const [p] = await ctx.db.select().from(testRailPrompts).where(eq(testRailPrompts.reference, intent.reference));
      // No code asked (or typed already): the prompt is on the phone.
      if (!p?.voucher) return { kind: 'pending' };
      if (otp.trim() !== p.voucher) return { kind: 'otp', prompt: TEST_VOUCHER_AGAIN };
      await ctx.db
        .update(testRailPrompts)
        .set({ voucher: null })
        .where(and(eq(testRailPrompts.reference, p.reference), eq(testRailPrompts.voucher, p.voucher)));
      return { kind: 'pending' };
    },
    async check(intent) {
      const [p] = await ctx.db.select().from(testRailPrompts).where(eq(testRailPrompts.reference, intent.reference));
      if (!p || p.status === 'pending') return { kind: 'pending' };
      if (p.status === 'approved')
        return {
          kind: 'paid',
          amount: Number(p.amount),
          currency: p.currency,
          operatorId: p.operatorId ?? '',
          method: CHECKOUT_METHOD[p.rail] ?? 'mobile_money',
          // The wallet the prompt went to, as the pay page named it (t18 C2: receipts said only 'Mobile money').
          ...(RAILS[p.rail as RailId] ? { wallet: walletName(p.rail as RailId, p.currency, p.network) } : {}),
        };
      if (p.status === 'declined') return { kind: 'cancelled', message: 'The payment was declined on the phone.' };
      return { kind: 'timed_out', message: 'Nobody answered the prompt in time.' };
    },
  };
}

/** An operator's transaction id as the test provider makes them (TEST + 10 letters and digits). */
export function testOperatorId(): string {
  return `TEST${randomBytes(8).toString('hex').slice(0, 10).toUpperCase()}`;
}
