import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for PostgreSQL; undefined for the embedded PGlite under dataDir; 'memory://' in tests. */
  databaseUrl?: string;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  nodeEnv: string;
  webDist?: string;
  logLevel: string;
  aiFreeCredit: number;
  /** OpenAI-compatible Chat Completions base URL (e.g. https://api.openai.com/v1); unset: the built-in writer. */
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel: string;
  /**
   * AI_VISION_MODEL: a model at AI_BASE_URL that reads images (e.g. gpt-4o-mini, llava, qwen2.5vl). Receipt photos go
   * to a model only when it is set: a text-only AI_MODEL cannot read them, and the device's own OCR does instead.
   */
  aiVisionModel?: string;
  /** Timeout of one provider call (SPEC §9: 120 s for generation). */
  aiTimeoutMs: number;
  /** OCR_TIMEOUT_MS: longest the server's OCR may read one receipt photo (issue 29); then it is stopped (503). */
  ocrTimeoutMs: number;
  rateLimits: boolean;
  /** Africa's Talking SMS (reminders): both set → real SMS; unset → the built-in outbox (/api/dev/sms). */
  atUsername?: string;
  atApiKey?: string;
  atApiBase: string;
  atFrom?: string;
  /** Background job queue (pg-boss: recurring invoices, reminders). JOBS=off turns it off; off by default in tests. */
  jobs: boolean;
  /** DEV_MAILBOX=on (never in production): GET /api/dev/mailbox answers requests from the loopback interface. */
  devMailbox: boolean;
  /** TRUST_PROXY: Fastify's trustProxy (false, a hop count, or addresses/CIDRs of the proxies in front). */
  trustProxy: false | number | string[];
  /** API_DOCS=on: serve the API reference at /api/docs (off by default, so a production install does not show it). */
  apiDocs: boolean;
  /** PAYMENTS_TEST_MODE=on: allow the built-in test card provider in production. */
  paymentsTestMode: boolean;
  /** Stripe card payments of invoices (both set: Stripe is the active provider; unset: the built-in test provider). */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripePublishableKey?: string;
  /** Stripe API base URL override (tests point it at a local server speaking Stripe's API). */
  stripeApiBase?: string;
  /** Stripe price ids of the dollar plans (Checkout); unset: Checkout gets the price inline from @duka/core PLANS. */
  stripePrices: { monthly?: string; yearly?: string; lifetime?: string };
  /** Paystack (naira plans and credit packs): the secret key also signs its webhooks (HMAC-SHA512). */
  paystackSecretKey?: string;
  /** Paystack API base URL (default https://api.paystack.co; tests point it at a local server). */
  paystackApiBase: string;
  /** Paystack plan codes (PLN_…) per plan intent, e.g. ng-monthly=PLN_abc,ng-yearly=PLN_def. */
  paystackPlanCodes: Record<string, string>;
  /** M-Pesa STK Push on KES invoices (Safaricom Daraja): all four set, or M-Pesa is off. */
  mpesa?: { consumerKey: string; consumerSecret: string; shortcode: string; passkey: string };
  /** Daraja API base URL (default the sandbox https://sandbox.safaricom.co.ke; live: https://api.safaricom.co.ke). */
  mpesaApiBase: string;
  /** MTN MoMo Collections (issue 25): MOMO_SUBSCRIPTION_KEY, MOMO_API_USER, MOMO_API_KEY all set; unset: TEST MODE. */
  momo?: { subscriptionKey: string; apiUser: string; apiKey: string; targetEnvironment: string };
  /** MOMO_API_BASE (default the sandbox; tests point it at a local server). */
  momoApiBase: string;
  /** Flutterwave v3 mobile money (issue 25): FLUTTERWAVE_SECRET_KEY and FLUTTERWAVE_WEBHOOK_HASH; unset: TEST MODE. */
  flutterwave?: { secretKey: string; webhookHash: string };
  flutterwaveApiBase: string;
  /** Airtel Money collections (issue 25): AIRTEL_CLIENT_ID and AIRTEL_CLIENT_SECRET; unset: TEST MODE. */
  airtel?: { clientId: string; clientSecret: string };
  airtelApiBase: string;
  /** Chapa (Ethiopia, issue 25): CHAPA_SECRET_KEY and CHAPA_WEBHOOK_SECRET; unset: TEST MODE. */
  chapa?: { secretKey: string; webhookSecret: string };
  chapaApiBase: string;
  /** Ozow (South Africa instant EFT, issue 25): OZOW_SITE_CODE, OZOW_PRIVATE_KEY and OZOW_API_KEY; unset: TEST MODE. */
  ozow?: { siteCode: string; privateKey: string; apiKey: string; isTest: boolean };
  ozowApiBase: string;
  /** Paynow (Zimbabwe, issue 25): PAYNOW_INTEGRATION_ID and PAYNOW_INTEGRATION_KEY; unset: TEST MODE. */
  paynow?: { integrationId: string; integrationKey: string };
  paynowApiBase: string;
  /** S3_BUCKET set: uploaded files go to this S3-compatible bucket instead of DATA_DIR/files. */
  s3?: S3Config;
  /** ADMIN_EMAILS is set: it is ignored (admins are granted with `npm run admin -- grant <username>`); a warning at start. */
  adminEmailsIgnored: boolean;
  /** Affiliate programme terms: commission in basis points of a referred user's plan payments, for this many months. */
  affiliateRateBps: number;
  affiliateMonths: number;
  /** Days a commission stays pending (refund window) before it can be paid out. */
  affiliateHoldDays: number;
  /** Smallest payout per currency in minor units; '*' for any other currency. */
  affiliateMinPayout: Record<string, number>;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per process (default 10). */
  databasePoolSize: number;
  /** DATABASE_PREPARED_STATEMENTS=off: no named statements (db/prepared.ts), e.g. behind PgBouncer < 1.21 in transaction mode. */
  databasePreparedStatements: boolean;
  /** DATABASE_THREAD=on: the embedded PGlite runs in a thread of its own (db/pglite-thread.ts); default off (the server's thread). */
  databaseThread: boolean;
  /** METRICS_TOKEN: serves Prometheus metrics at /api/metrics to `Authorization: Bearer <token>`; unset: no such route. */
  metricsToken?: string;
  /**
   * The operator's KRA eTIMS OSCU device (issue 26): ETIMS_API_BASE, ETIMS_TIN, ETIMS_DEVICE_SERIAL and ETIMS_ACCOUNT set
   * (ETIMS_BRANCH_ID default 00). It signs only for the accounts named in ETIMS_ACCOUNT (usernames, lower case): every
   * other business configures its own device in Settings or stays in TEST MODE. Unset: TEST MODE fiscal unit.
   */
  etims?: { apiBase: string; tin: string; branchId: string; deviceSerial: string; timeoutMs?: number; accounts: string[] };
  /**
   * ETIMS_ALLOW_PRIVATE_ADDRESSES=true: a business's own eTIMS address may be a private, loopback or link-local one
   * (a local OSCU test server). Unset: only public addresses are contacted (issue 26 F5).
   */
  etimsAllowPrivate: boolean;
  /**
   * ETIMS_AUTHORITY_HOSTS: more eTIMS hosts (host or host:port, comma-separated) whose device claims count as KRA's, beside
   * kra.go.ke and its subdomains over https — a local OSCU test server acting as KRA. Unset in production. A device
   * claimed on any other host is keyed by that host and never blocks the same device on KRA (modules/fiscal/claims.ts).
   */
  etimsAuthorityHosts: string[];
  /** ETIMS_TIMEOUT_MS: how long one request to KRA eTIMS may take (default 15000). */
  etimsTimeoutMs: number;
}

/** DATABASE_POOL_SIZE: a whole number of connections, 1–500 (default 10). */
/**
 * The operator's own eTIMS device, for the accounts ETIMS_ACCOUNT names only (issue 26): on a server shared by several
 * businesses, one taxpayer's device must not sign another's invoices nor show them its PIN and serial.
 */
export function parseEtims(env: NodeJS.ProcessEnv): Config['etims'] {
  if (!env.ETIMS_API_BASE || !env.ETIMS_TIN || !env.ETIMS_DEVICE_SERIAL) return undefined;
  const accounts = (env.ETIMS_ACCOUNT ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  if (!accounts.length)
    throw new Error(
      'ETIMS_ACCOUNT is not set: name the Duka account (its username) whose invoices the KRA device of ETIMS_TIN signs, ' +
        'e.g. ETIMS_ACCOUNT=wanjiku (several accounts of the same taxpayer: comma-separated). Other businesses on this server ' +
        'connect their own device in Settings → KRA eTIMS, or stay in TEST MODE.',
    );
  return {
    apiBase: env.ETIMS_API_BASE.replace(/\/+$/, ''),
    tin: env.ETIMS_TIN,
    branchId: env.ETIMS_BRANCH_ID || '00',
    deviceSerial: env.ETIMS_DEVICE_SERIAL,
    accounts,
  };
}

export function parsePoolSize(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500 (got '${value}')`);
  return n;
}

/** "NGN:500000,USD:5000,*:5000" → { NGN: 500000, USD: 5000, '*': 5000 } (minor units). */
export function parseMinPayout(value: string | undefined): Record<string, number> {
  const out: Record<string, number> = { '*': 5000 };
  for (const part of (value ?? 'NGN:1000000,USD:5000,*:5000').split(',')) {
    const [cur, amount] = part.split(':').map((s) => s.trim());
    if (cur && amount && /^\d+$/.test(amount)) out[cur.toUpperCase()] = Number(amount);
  }
  return out;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:9000 (MinIO) or https://<account>.r2.cloudflarestorage.com; unset: AWS S3 for the region. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** JWT_SECRET unset: make one once and keep it in DATA_DIR so tokens survive a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** 'a=b,c=d' → { a: 'b', c: 'd' }. */
function parsePairs(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? '').split(',')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/**
 * TRUST_PROXY: unset/off → the socket's address is the client's; a number → that many proxies in front
 * (X-Forwarded-For read from the right); a comma-separated list of addresses/CIDRs → only those proxies.
 * `true` (trust any X-Forwarded-For) would let every client choose its address, so it is refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || /^(off|false|0)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(on|true|yes|all)$/i.test(v)) {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its address: set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr, prefix] = item.split('/');
    const kind = isIP(addr);
    const okPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (kind === 6 ? 128 : 32));
    if (!kind || !okPrefix) throw new Error(`TRUST_PROXY: '${item}' is not an IP address or CIDR range (e.g. 10.0.0.0/8)`);
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const jwtSecret = overrides.jwtSecret ?? env.JWT_SECRET ?? loadOrCreateSecret(dataDir);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Duka <no-reply@duka.local>',
    nodeEnv: env.NODE_ENV ?? 'development',
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    aiFreeCredit: Number(env.AI_FREE_CREDIT ?? 50),
    aiBaseUrl: env.AI_BASE_URL ? env.AI_BASE_URL.replace(/\/+$/, '') : undefined,
    aiApiKey: env.AI_API_KEY || undefined,
    aiModel: env.AI_MODEL || 'gpt-4o-mini',
    aiVisionModel: env.AI_VISION_MODEL?.trim() || undefined,
    aiTimeoutMs: Number(env.AI_TIMEOUT_MS ?? 120_000),
    ocrTimeoutMs: Number(env.OCR_TIMEOUT_MS ?? 30_000),
    rateLimits: env.RATE_LIMITS !== 'off',
    atUsername: env.AT_USERNAME || undefined,
    atApiKey: env.AT_API_KEY || undefined,
    atApiBase: (env.AT_API_BASE || 'https://api.africastalking.com').replace(/\/+$/, ''),
    atFrom: env.AT_FROM || undefined,
    jobs: env.JOBS ? env.JOBS !== 'off' : (env.NODE_ENV ?? 'development') !== 'test',
    devMailbox: env.DEV_MAILBOX === 'on',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiDocs: env.API_DOCS === 'on',
    paymentsTestMode: env.PAYMENTS_TEST_MODE === 'on',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    adminEmailsIgnored: !!env.ADMIN_EMAILS?.trim(),
    affiliateRateBps: Number(env.AFFILIATE_RATE_BPS ?? 2000),
    affiliateMonths: Number(env.AFFILIATE_MONTHS ?? 12),
    affiliateHoldDays: Number(env.AFFILIATE_HOLD_DAYS ?? 30),
    affiliateMinPayout: parseMinPayout(env.AFFILIATE_MIN_PAYOUT),
    databasePoolSize: parsePoolSize(env.DATABASE_POOL_SIZE),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'off',
    databaseThread: env.DATABASE_THREAD === 'on',
    metricsToken: env.METRICS_TOKEN || undefined,
    etims: parseEtims(env),
    etimsAllowPrivate: env.ETIMS_ALLOW_PRIVATE_ADDRESSES === 'true',
    etimsAuthorityHosts: (env.ETIMS_AUTHORITY_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    etimsTimeoutMs: Number(env.ETIMS_TIMEOUT_MS ?? 15_000),
    stripePrices: {
      monthly: env.STRIPE_PRICE_MONTHLY || undefined,
      yearly: env.STRIPE_PRICE_YEARLY || undefined,
      lifetime: env.STRIPE_PRICE_LIFETIME || undefined,
    },
    paystackSecretKey: env.PAYSTACK_SECRET_KEY || undefined,
    paystackApiBase: (env.PAYSTACK_API_BASE || 'https://api.paystack.co').replace(/\/+$/, ''),
    paystackPlanCodes: parsePairs(env.PAYSTACK_PLAN_CODES),
    mpesa:
      env.MPESA_CONSUMER_KEY && env.MPESA_CONSUMER_SECRET && env.MPESA_SHORTCODE && env.MPESA_PASSKEY
        ? { consumerKey: env.MPESA_CONSUMER_KEY, consumerSecret: env.MPESA_CONSUMER_SECRET, shortcode: env.MPESA_SHORTCODE, passkey: env.MPESA_PASSKEY }
        : undefined,
    mpesaApiBase: (env.MPESA_API_BASE || 'https://sandbox.safaricom.co.ke').replace(/\/+$/, ''),
    momo:
      env.MOMO_SUBSCRIPTION_KEY && env.MOMO_API_USER && env.MOMO_API_KEY
        ? {
            subscriptionKey: env.MOMO_SUBSCRIPTION_KEY,
            apiUser: env.MOMO_API_USER,
            apiKey: env.MOMO_API_KEY,
            targetEnvironment: env.MOMO_TARGET_ENVIRONMENT || 'sandbox',
          }
        : undefined,
    flutterwave:
      env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_WEBHOOK_HASH
        ? { secretKey: env.FLUTTERWAVE_SECRET_KEY, webhookHash: env.FLUTTERWAVE_WEBHOOK_HASH }
        : undefined,
    airtel: env.AIRTEL_CLIENT_ID && env.AIRTEL_CLIENT_SECRET ? { clientId: env.AIRTEL_CLIENT_ID, clientSecret: env.AIRTEL_CLIENT_SECRET } : undefined,
    chapa: env.CHAPA_SECRET_KEY && env.CHAPA_WEBHOOK_SECRET ? { secretKey: env.CHAPA_SECRET_KEY, webhookSecret: env.CHAPA_WEBHOOK_SECRET } : undefined,
    paynow:
      env.PAYNOW_INTEGRATION_ID && env.PAYNOW_INTEGRATION_KEY
        ? { integrationId: env.PAYNOW_INTEGRATION_ID, integrationKey: env.PAYNOW_INTEGRATION_KEY }
        : undefined,
    paynowApiBase: (env.PAYNOW_API_BASE || 'https://www.paynow.co.zw').replace(/\/+$/, ''),
    chapaApiBase: (env.CHAPA_API_BASE || 'https://api.chapa.co').replace(/\/+$/, ''),
    ozow:
      env.OZOW_SITE_CODE && env.OZOW_PRIVATE_KEY && env.OZOW_API_KEY
        ? { siteCode: env.OZOW_SITE_CODE, privateKey: env.OZOW_PRIVATE_KEY, apiKey: env.OZOW_API_KEY, isTest: env.OZOW_IS_TEST === 'true' }
        : undefined,
    ozowApiBase: (env.OZOW_API_BASE || 'https://api.ozow.com').replace(/\/+$/, ''),
    airtelApiBase: (env.AIRTEL_API_BASE || 'https://openapi.airtel.africa').replace(/\/+$/, ''),
    flutterwaveApiBase: (env.FLUTTERWAVE_API_BASE || 'https://api.flutterwave.com').replace(/\/+$/, ''),
    momoApiBase: (env.MOMO_API_BASE || 'https://sandbox.momodeveloper.mtn.com').replace(/\/+$/, ''),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT ? env.S3_ENDPOINT.replace(/\/+$/, '') : undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    ...overrides,
  };
}

/**
 * The model that reads receipt photos: AI_VISION_MODEL at AI_BASE_URL, both set explicitly (issue 22). The
 * OpenAI-compatible model listing does not say which models take images, so this is not guessed from AI_MODEL.
 */
export function receiptPhotoModel(config: Pick<Config, 'aiBaseUrl' | 'aiVisionModel'>): string | undefined {
  return config.aiBaseUrl ? config.aiVisionModel : undefined;
}

/** A config for tests: in-memory PGlite unless TEST_DATABASE_URL points at a PostgreSQL server. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { API_DOCS: 'on', ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL || 'memory://', NODE_ENV: 'test' },
    { jwtSecret: 'test-secret-test-secret-test-secret', logLevel: 'silent', dataDir: mkdtempSync(path.join(tmpdir(), 'duka-test-')), ...overrides },
  );
}

/**
 * Start-up warnings about a risky combination (issue 22): with TRUST_PROXY set, a server listening on every
 * interface (HOST 0.0.0.0 or ::) can be reached around the proxy, and then X-Forwarded-For chooses the address
 * every limit counts by.
 */
export function configWarnings(config: Pick<Config, 'trustProxy' | 'host' | 'port'>): string[] {
  const everywhere = ['0.0.0.0', '::', ''].includes(config.host.trim());
  if (config.trustProxy === false || !everywhere) return [];
  return [
    `TRUST_PROXY is set and HOST is ${config.host || 'every interface'}: anyone who reaches port ${config.port} directly can choose their address with X-Forwarded-For and dodge the limits. Behind a proxy, bind to loopback (HOST=127.0.0.1) or firewall the port.`,
  ];
}
