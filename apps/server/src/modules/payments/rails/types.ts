/**
 * What every rail adapter speaks (issue 25): the request it sends, what the provider answers, the adapter itself.
 * A file of its own so that each rail imports these types without importing adapter.ts, which lists the rails.
 */
import type { RailId } from '@duka/core';

export interface RailRequest {
  /** Ours: the payment intent id, a UUID v4 (MTN MoMo's X-Reference-Id, Flutterwave's and Chapa's tx_ref). */
  reference: string;
  rail: RailId;
  /** E.164 digits (256772123456); null for hosted checkouts. */
  phone: string | null;
  /** ISO country of the payer (from the currency). */
  country: string;
  network?: string;
  /** Minor units. */
  amount: number;
  currency: string;
  invoiceNumber: string;
  publicId: string;
  /** Absolute URL the provider calls back (a hint only). */
  callbackUrl: string;
  /** Where a hosted checkout sends the customer back (the invoice page). */
  returnUrl: string;
  email: string | null;
}

export interface RailStarted {
  /** The provider's own id of the request, when it is not our reference. */
  providerRef: string | null;
  /** A page the customer must open (hosted checkout, authorisation); null: the prompt is on their phone. */
  redirectUrl: string | null;
  /**
   * The provider asks the customer for a code before it charges (Paystack's `send_otp`: Telecel's voucher, dialled on
   * the phone): its words, shown beside the code field. Absent when the prompt is on the phone.
   */
  otpPrompt?: string;
}

/** What the provider answers a code the customer typed: a state (pending: it goes on to the phone), or another code asked. */
export type OtpAnswer = RailState | { kind: 'otp'; prompt: string };

export type RailState =
  | { kind: 'pending' }
  /** `asked`: the provider's status names no amount (Airtel): it took what the request asked, the intent's amount. */
  | {
      kind: 'paid';
      amount: number;
      currency: string;
      operatorId: string;
      asked?: true;
      /** How the customer paid on a hosted checkout (Flutterwave's payment_type); mobile money when not said. */
      method?: 'card' | 'bank_transfer' | 'mobile_money' | 'other';
      /** The wallet paid with when the rail knows it (MTN MoMo; the network picked on the test phone): t18 C2. */
      wallet?: string;
    }
  | { kind: 'failed' | 'cancelled' | 'timed_out'; message: string };

export interface RailAdapter {
  /** Recorded on intents and payments ('momo', 'test-rail'…). */
  provider: string;
  /** Named in messages: "Could not reach MTN MoMo". */
  label: string;
  testMode: boolean;
  start(request: RailRequest): Promise<RailStarted>;
  check(intent: { reference: string; providerRef: string | null; currency: string }): Promise<RailState>;
  /**
   * Back from a hosted checkout whose return URL names the provider's transaction (Flutterwave Standard's
   * `transaction_id`): what the provider says about that transaction, asked by its id. It throws unless the
   * transaction is this payment's (its reference), so the URL is never trusted on its own.
   */
  /** The code the customer typed when start asked one (`otpPrompt`), sent to the provider for this payment. */
  submitOtp?(intent: { reference: string }, otp: string): Promise<OtpAnswer>;
  checkReturned?(intent: { reference: string; currency: string }, transactionId: string): Promise<RailState>;
}
