import { computeInvoiceTotals, documentShowsMinor, PROVIDER_CALLBACKS, RAILS, type RailId, testModeBalance, walletName } from '@duka/core';
import { loadParties, toApi } from '../../invoices';
import { and, eq } from 'drizzle-orm';
import { invoices, paymentIntents, testRailPrompts, users } from '../../../db/schema';
import type { Module, ZApp } from '../../../lib/context';
import { routesOf } from '../../../lib/route';
import { AppError } from '../../../lib/errors';
import { TEST_RAIL } from './adapter';
import { airtelCallback, chapaWebhook, flutterwaveWebhook, ozowNotify, paynowResult, railCallback, railStatus, startRail, submitRailOtp } from './service';
import { testOperatorId } from './test-rail';

/**
 * The public page's mobile-money and hosted rails (issue 25): POST /invoices/link/{public_id}/rails/{rail},
 * GET …/{reference} (polled), the providers' callbacks POST|PUT /webhooks/rails/{provider}/{token}, and the TEST
 * MODE phone: GET /test-phone/{reference}, POST /test-phone/{reference}/{approve|decline|timeout}.
 */
export const railRoutes: Module = async (app, ctx) => {
  const route = routesOf(app, ctx, 'payments');
  const limit = (max: number) => (ctx.config.rateLimits ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

  route(
    'POST /invoices/link/:public_id/rails/:rail',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startRail(ctx, request.params.public_id, request.params.rail, request.body ?? {});
    },
    { config: limit(10) },
  );

  route(
    'GET /invoices/link/:public_id/rails/:rail/:reference',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { public_id, rail, reference } = request.params;
      return railStatus(ctx, public_id, rail, reference, (detail, message) => request.log.warn(detail, message), request.query ?? {});
    },
    { config: limit(240) },
  );

  route(
    'POST /invoices/link/:public_id/rails/:rail/:reference/otp',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { public_id, rail, reference } = request.params;
      return submitRailOtp(ctx, public_id, rail, reference, request.body.otp);
    },
    { config: limit(10) },
  );

  route(
    PROVIDER_CALLBACKS.rail,
    async (request) => railCallback(ctx, request.params.provider, request.params.token, request.body ?? {}, (d, m) => request.log.warn(d, m)),
    { config: limit(60) },
  );
  route(
    PROVIDER_CALLBACKS.railPut,
    async (request) => railCallback(ctx, request.params.provider, request.params.token, request.body ?? {}, (d, m) => request.log.warn(d, m)),
    { config: limit(60) },
  );
  // Chapa calls its callback_url with a GET (?trx_ref=…&status=…): a hint like the others.
  route(PROVIDER_CALLBACKS.railGet, async (request) => railCallback(ctx, request.params.provider, request.params.token, {}, (d, m) => request.log.warn(d, m)), {
    config: limit(60),
  });

  route(
    PROVIDER_CALLBACKS.flutterwave,
    async (request) => flutterwaveWebhook(ctx, request.headers['verif-hash'], request.body, (d, m) => request.log.warn(d, m)),
    { config: limit(120) },
  );

  route(PROVIDER_CALLBACKS.airtel, async (request) => airtelCallback(ctx, request.body, (d, m) => request.log.warn(d, m)), { config: limit(120) });

  // Chapa signs the raw body, Paynow hashes its url-encoded fields: both read JSON as bytes (`raw` in core) and
  // a url-encoded body as text.
  const formAsText = (scope: ZApp) =>
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, body));
  route(PROVIDER_CALLBACKS.paynow, async (request) => paynowResult(ctx, request.params.token, String(request.body ?? ''), (d, m) => request.log.warn(d, m)), {
    config: limit(60),
    parsers: formAsText,
  });
  route(PROVIDER_CALLBACKS.ozow, async (request) => ozowNotify(ctx, request.params.token, String(request.body ?? ''), (d, m) => request.log.warn(d, m)), {
    config: limit(60),
    parsers: formAsText,
  });
  route(
    PROVIDER_CALLBACKS.chapa,
    async (request) =>
      chapaWebhook(ctx, request.body as Buffer, request.headers['x-chapa-signature'] ?? request.headers['chapa-signature'], (d, m) => request.log.warn(d, m)),
    { config: limit(120), parsers: formAsText },
  );

  // ---- TEST MODE: the test provider's phone ----
  async function prompt(reference: string) {
    const [p] = await ctx.db.select().from(testRailPrompts).where(eq(testRailPrompts.reference, reference));
    const [intent] = p
      ? await ctx.db
          .select()
          .from(paymentIntents)
          .where(and(eq(paymentIntents.id, reference), eq(paymentIntents.provider, TEST_RAIL)))
      : [];
    if (!p || !intent) throw new AppError('not_found', 'This test prompt was not found. Start the payment again on the invoice page.');
    return { p, intent };
  }

  route(
    'GET /test-phone/:reference',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { p, intent } = await prompt(request.params.reference);
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, intent.invoiceId));
      const inv = row ? toApi(row) : null;
      const [owner] = await ctx.db.select({ name: users.name, company: users.companyName }).from(users).where(eq(users.id, intent.userId));
      const parties = inv ? await loadParties(ctx.db, intent.userId, inv.contact_id ?? null).catch(() => null) : null;
      const rail = p.rail as RailId;
      return {
        reference: p.reference,
        rail,
        // As the pay page names it (Cameroon's Flutterwave rail: 'MTN MoMo / Orange Money').
        // The wallet picked, when there was a choice (Telecel Cash, EcoCash).
        rail_name: RAILS[rail] ? walletName(rail, p.currency, p.network) : rail,
        business: owner?.company || owner?.name || '',
        number: inv?.number ?? '',
        minor: inv ? documentShowsMinor(inv, { ...inv, ...computeInvoiceTotals(inv) }) : false,
        ...(parties?.language ? { language: parties.language } : {}),
        amount: Number(p.amount),
        currency: p.currency,
        phone: p.phone,
        status: p.status as 'pending' | 'approved' | 'declined' | 'timed_out',
        public_id: inv?.public_id ?? '',
        test_mode: true as const,
        voucher: p.status === 'pending' ? p.voucher : null,
        ...(inv ? { left: testModeBalance(inv) } : {}),
      };
    },
    { config: limit(120) },
  );

  route(
    'POST /test-phone/:reference/:action',
    async (request) => {
      // The test provider runs only where TEST MODE rails are offered (never on a production server without PAYMENTS_TEST_MODE=on).
      if (ctx.config.nodeEnv === 'production' && !ctx.config.paymentsTestMode) throw new AppError('not_found', 'TEST MODE is off on this server');
      const { p, intent } = await prompt(request.params.reference);
      const status = ({ approve: 'approved', decline: 'declined', timeout: 'timed_out' } as const)[request.params.action];
      if (p.status !== 'pending') throw new AppError('conflict', 'This prompt was already answered');
      // Telecel's voucher comes first (Paystack's send_otp): the prompt reaches the phone once it is typed on the invoice page.
      if (p.voucher) throw new AppError('conflict', 'Type the voucher code on the invoice page first: the payment prompt comes to this phone after it.');
      const operatorId = status === 'approved' ? testOperatorId() : null;
      const done = await ctx.db
        .update(testRailPrompts)
        .set({ status, operatorId })
        .where(and(eq(testRailPrompts.reference, p.reference), eq(testRailPrompts.status, 'pending')))
        .returning({ reference: testRailPrompts.reference });
      if (!done.length) throw new AppError('conflict', 'This prompt was already answered');
      // The callback MTN MoMo sends (a hint: Duka asks the test provider for the status before recording anything).
      const res = await app.inject({
        method: 'PUT',
        url: p.callbackPath,
        payload: {
          externalId: p.reference,
          financialTransactionId: operatorId,
          amount: String(p.amount),
          currency: p.currency,
          payer: { partyIdType: 'MSISDN', partyId: p.phone },
          status: status === 'approved' ? 'SUCCESSFUL' : 'FAILED',
          reason: status === 'approved' ? undefined : status === 'declined' ? 'APPROVAL_REJECTED' : 'EXPIRED',
        },
      });
      if (res.statusCode !== 200) request.log.warn({ status: res.statusCode, body: res.body }, 'test rail callback refused');
      // What the TEST MODE journey has left once the callback recorded the payment: "partly paid" or "paid" (t20 H1).
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, intent.invoiceId));
      return { status, ...(row ? { left: testModeBalance(toApi(row)) } : {}) };
    },
    { config: limit(30) },
  );
};
