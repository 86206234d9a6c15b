import { z } from 'zod';
import { PAY_CHANNELS, RAIL_IDS } from '../payments';
import { PHONE_MAX } from '../payments/mobile-phone';

// ---- Card payments on the public invoice (SPEC §7 client-secrete) ----
export const paymentsConfigResponse = z.object({
  provider: z.string(),
  segment: z.string(),
  publishable_key: z.string().nullable(),
  test_mode: z.boolean(),
  /** Test payments can be made on this server (the built-in test provider runs, or a provider has test keys): the owner sees a TEST MODE banner. */
  test_payments: z.boolean(),
});
export const clientSecretParams = z.object({ provider: z.string().min(1).max(40), public_id: z.string().min(1).max(100) });
export const clientSecretResponse = z.object({
  client_secret: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  publishable_key: z.string().nullable(),
  test_mode: z.boolean(),
});
export const testCardFields = { card_number: z.string().max(40), exp: z.string().max(10), cvc: z.string().max(8), name: z.string().max(200) };
export const testCardBody = z.object(testCardFields);
export const testPayConfirmBody = z.object({ client_secret: z.string().min(1).max(300), ...testCardFields });
export const testPayConfirmResponse = z.object({ status: z.literal('succeeded'), public_id: z.string(), redirect: z.string() });

// ---- Paystack-style hosted checkout for an invoice (/pay/…) ----
/**
 * The amount a customer asks to pay on the public pay page (sent in minor units by the page). Its refusals are read by
 * the customer, so they speak of the amount, not of "minor units" (t20).
 */
export const PAY_AMOUNT_MESSAGES = {
  notNumber: 'Enter the amount to pay as a number, like 1,500',
  notWhole: 'The amount has more decimals than this currency has: enter it again',
  notPositive: 'Enter an amount above 0',
  tooLarge: 'The amount is too large: enter the amount you mean to pay',
} as const;
export const amountField = z.coerce
  .number({ message: PAY_AMOUNT_MESSAGES.notNumber })
  .int(PAY_AMOUNT_MESSAGES.notWhole)
  .positive(PAY_AMOUNT_MESSAGES.notPositive)
  .max(Number.MAX_SAFE_INTEGER, PAY_AMOUNT_MESSAGES.tooLarge);
export const checkoutQuoteSchema = z.object({
  provider: z.string(),
  public_id: z.string(),
  number: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  channels: z.array(z.enum(PAY_CHANNELS)),
  customer_pays_fee: z.boolean(),
  test_mode: z.boolean(),
});
export const checkoutQuoteQuery = z.object({ amount: amountField.optional() });
export const startCheckoutBody = z
  .object({ amount: amountField.optional(), email: z.string().trim().email('Enter a valid e-mail address').max(200).optional() })
  .default({});
export const startCheckoutResponse = checkoutQuoteSchema.extend({ authorization_url: z.string(), reference: z.string() });
export const verifyCheckoutResponse = z.object({
  status: z.enum(['paid', 'pending', 'failed']),
  public_id: z.string(),
  balance: z.number().int(),
  message: z.string().nullable(),
});
export const testInvoiceCheckoutSchema = z.object({
  reference: z.string(),
  business: z.string(),
  number: z.string(),
  public_id: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  channels: z.array(z.enum(PAY_CHANNELS)),
  status: z.enum(['open', 'paid', 'closed']),
  test_mode: z.literal(true),
});
export const testInvoiceConfirmBody = z.object({
  channel: z.enum(PAY_CHANNELS, { message: 'Choose how to pay' }),
  card_number: z.string().max(40).optional(),
  exp: z.string().max(10).optional(),
  cvc: z.string().max(8).optional(),
  name: z.string().max(200).optional(),
});
export const redirectResponse = z.object({ status: z.literal('succeeded'), redirect: z.string() });

// ---- M-Pesa STK push on the invoice link ----
export const mpesaAvailabilityResponse = z.object({ available: z.boolean(), reason: z.string().nullable() });
/** amount: part of the balance (minor units, whole shillings) when the owner allows part payments; the balance when absent. */
export const mpesaStartBody = z.object({ phone: z.string().max(PHONE_MAX), amount: amountField.optional() });
export const mpesaStartResponse = z.object({ checkout_request_id: z.string(), amount: z.number().int(), currency: z.string() });
export const MPESA_PUSH_STATUSES = ['pending', 'paid', 'cancelled', 'timed_out', 'failed'] as const;
export const mpesaStatusResponse = z.object({
  status: z.enum(MPESA_PUSH_STATUSES),
  message: z.string().nullable(),
  /** What is left to pay once the prompt is answered. */
  balance: z.number().int(),
  /** The M-Pesa receipt number once paid (printed on the receipt); the pay page says it after a part payment. */
  operator_id: z.string().nullable(),
  /** What this prompt asked (minor units, a part or the balance) and its currency. */
  amount: z.number().int(),
  currency: z.string(),
});

// ---- The test provider's plan checkout and portal (PAYMENTS_TEST_MODE) ----
export const testCheckoutView = z.object({
  reference: z.string(),
  title: z.string(),
  kind: z.enum(['plan', 'credit_pack']),
  item: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'failed']),
  recurring: z.boolean(),
  cancel_url: z.string(),
  test_mode: z.literal(true),
});
export const testPortalView = z.object({
  subscription: z
    .object({
      plan: z.string(),
      intent: z.string(),
      status: z.string(),
      current_period_end: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      recurring: z.boolean(),
    })
    .nullable(),
  return_url: z.string(),
  test_mode: z.literal(true),
});
export const testPortalSessionParams = z.object({ session: z.string().min(1).max(300) });
export const testPortalActionParams = testPortalSessionParams.extend({ action: z.enum(['cancel', 'renew', 'fail']) });

export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;
export type ClientSecret = z.infer<typeof clientSecretResponse>;
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
export type VerifyAnswer = z.infer<typeof verifyCheckoutResponse>;
export type TestInvoiceCheckout = z.infer<typeof testInvoiceCheckoutSchema>;
export type MpesaPushStatus = (typeof MPESA_PUSH_STATUSES)[number];
export type TestCheckoutView = z.infer<typeof testCheckoutView>;
export type TestPortalView = z.infer<typeof testPortalView>;

// ---- Payments the business must refund (issue 18): taken by a provider, not recorded on the invoice ----
export const REFUND_REASONS = ['voided', 'overpaid', 'other'] as const;
export const refundDueSchema = z.object({
  id: z.string(),
  /** Minor units the customer paid. */
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(['card', 'bank_transfer', 'mobile_money', 'other']),
  reference: z.string(),
  provider: z.string(),
  reason: z.enum(REFUND_REASONS),
  received_at: z.string(),
});
export type RefundDue = z.infer<typeof refundDueSchema>;
export const refundsDueResponse = z.object({ refunds: z.array(refundDueSchema) });
export const refundDueParams = z.object({ id: z.uuid('Must be a UUID'), intent_id: z.string().min(1).max(200) });

// ---- Mobile-money and hosted rails on the public invoice page (issue 25) ----
export const RAIL_PUSH_STATUSES = ['pending', 'paid', 'cancelled', 'timed_out', 'failed'] as const;
export const railParams = z.object({ public_id: z.string().min(1).max(100), rail: z.enum(RAIL_IDS, { message: 'Unknown way to pay' }) });
export const railStartBody = z.object({
  phone: z.string().max(PHONE_MAX).optional(),
  network: z.string().max(20).optional(),
  amount: amountField.optional(),
});
export const railStartResponse = z.object({
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** A hosted page (Chapa's checkout, a provider's authorisation page) the customer goes to; null for a phone prompt. */
  redirect_url: z.string().nullable(),
  /** TEST MODE: Duka's own test phone page showing the prompt. */
  test_phone_url: z.string().nullable(),
  /**
   * The provider asks the customer for a code before it charges (Paystack's Telecel voucher, dialled on the phone): its
   * words; the page shows a code field and sends it (POST …/{reference}/otp). Null or absent: the prompt is on the phone.
   */
  otp_prompt: z.string().nullable().optional(),
});
/** The code the customer typed (a voucher or one-time code: letters and digits, as the network sends it). */
export const railOtpBody = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,12}$/, 'Type the code your network sent you: 3 to 12 letters or digits'),
});
/** What the provider answered the code: still waiting (the prompt goes on to the phone), failed, or another code asked. */
export const railOtpResponse = z.object({
  status: z.enum(RAIL_PUSH_STATUSES),
  message: z.string().nullable(),
  /** The provider asks for a code again (a wrong or expired one): its words. */
  otp_prompt: z.string().nullable(),
});
export const railStatusParams = railParams.extend({ reference: z.string().min(1).max(100) });
/**
 * Back from a hosted checkout, what the provider put on the return URL: Flutterwave Standard's `transaction_id`. A hint
 * only: the server verifies that transaction with the provider (it must carry this payment's reference) at once.
 */
export const railStatusQuery = z.object({
  transaction_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Must be the provider's transaction id from the return address")
    .optional(),
});
export const railStatusResponse = z.object({
  status: z.enum(RAIL_PUSH_STATUSES),
  message: z.string().nullable(),
  /** What is left to pay: for a TEST MODE rail, after the test payments too (core testModeBalance, issue 25). */
  balance: z.number().int(),
  /** The operator's transaction id once paid (printed on the receipt). */
  operator_id: z.string().nullable(),
  /** What this payment asks (minor units, without a checkout's fee) and its currency: the page states it after a reload or a checkout's return (t16 F1). */
  amount: z.number().int(),
  currency: z.string(),
});
export type RailStatusAnswer = z.infer<typeof railStatusResponse>;
export const testPhoneView = z.object({
  reference: z.string(),
  rail: z.enum(RAIL_IDS),
  rail_name: z.string(),
  business: z.string(),
  number: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  phone: z.string(),
  status: z.enum(['pending', 'approved', 'declined', 'timed_out']),
  public_id: z.string(),
  test_mode: z.literal(true),
  /**
   * The voucher code to type on the invoice page before the prompt comes (Telecel Cash through Paystack asks for one,
   * send_otp); null once typed, or when the wallet asks none.
   */
  voucher: z.string().nullable(),
  /** Amounts with their minor units, as the invoice's pay page writes them (issue 25). */
  minor: z.boolean().optional(),
  /** The language the invoice's page opens in (the client's): the test page follows it unless ?lang= says otherwise. */
  language: z.string().optional(),
  /** What the invoice's TEST MODE journey has left to pay (core testModeBalance): after an approved part payment the
   * page says "partly paid" and what is left, not "paid" (t20 H1). */
  left: z.number().int().optional(),
});
export type TestPhoneView = z.infer<typeof testPhoneView>;
export const testPhoneActionParams = z.object({ reference: z.string().min(1).max(100), action: z.enum(['approve', 'decline', 'timeout']) });
export const testPhoneActionResponse = z.object({ status: z.enum(['approved', 'declined', 'timed_out']), left: z.number().int().optional() });
