import type { HttpMethod } from './http';
import type { RouteKey } from './routes';

// No schemas here: the web client imports this file at run time, and only types from routes.ts.
export { HTTP_METHODS, type HttpMethod } from './http';

/**
 * The routes that take no token (`auth: false` in API_ROUTES), kept apart from the schemas so the web's
 * client can read it without bundling every schema (a core test keeps the two in step).
 */
export const OPEN_ROUTES = [
  'POST /users',
  'POST /user_token',
  'POST /users/iforgot',
  'POST /users/reset-password',
  'POST /users/login-link',
  'POST /users/login-link/redeem',
  'GET /invoices/public/:public_id',
  'POST /invoices/public/:public_id/accept',
  'POST /invoices/public/:public_id/decline',
  'POST /invoices/public/:public_id/viewed',
  'GET /payments/config',
  'GET /:provider/client-secrete/:public_id',
  'POST /test-pay/confirm',
  'GET /pay/:public_id/checkout',
  'POST /pay/:public_id/checkout',
  'GET /pay/verify/:reference',
  'GET /test-pay/invoice-checkouts/:reference',
  'POST /test-pay/invoice-checkouts/:reference/confirm',
  'GET /invoices/link/:public_id/mpesa',
  'POST /invoices/link/:public_id/mpesa',
  'GET /invoices/link/:public_id/mpesa/:checkout_request_id',
  'POST /invoices/link/:public_id/rails/:rail',
  'GET /invoices/link/:public_id/rails/:rail/:reference',
  'POST /invoices/link/:public_id/rails/:rail/:reference/otp',
  'GET /test-phone/:reference',
  'POST /test-phone/:reference/:action',
  'GET /test-pay/checkouts/:reference',
  'POST /test-pay/checkouts/:reference/confirm',
  'GET /test-pay/portal/:session',
  'POST /test-pay/portal/:session/:action',
  'GET /affiliates/terms',
  'GET /invoices/public/:public_id/pdf',
  'GET /invoices/public/:public_id/logo.png',
  'GET /invoices/public/:public_id/receipts/:payment_id/pdf',
  'GET /health',
  'GET /metrics',
  'GET /files/*',
  'POST /webhooks/:provider',
  'POST /webhooks/mpesa/:token',
  'POST /webhooks/rails/:provider/:token',
  'PUT /webhooks/rails/:provider/:token',
  'GET /webhooks/rails/:provider/:token',
  'POST /webhooks/flutterwave',
  'POST /webhooks/airtel',
  'POST /webhooks/rails/paynow/:token',
  'POST /webhooks/rails/ozow/:token',
  'POST /webhooks/chapa',
  'GET /invoices/public/:public_id/reminders/stop',
  'POST /invoices/public/:public_id/reminders/stop',
  'GET /dev/mailbox',
  'GET /dev/sms',
  'POST /dev/clock',
] as const satisfies readonly RouteKey[];

/**
 * The callback routes whose URLs Duka gives payment providers: in each request (a token per prompt or payment) or
 * once, on the provider's dashboard (README). Their paths never change, since providers already hold them. The
 * server registers these keys and builds the URL it sends from the same entry with apiPath().
 */
export const PROVIDER_CALLBACKS = {
  /** Signed card and plan webhooks: /api/webhooks/stripe, …/paystack, …/test-pay (set on the dashboard). */
  signed: 'POST /webhooks/:provider',
  /** Daraja's STK Push callback, one token per prompt (Daraja does not sign it). */
  mpesa: 'POST /webhooks/mpesa/:token',
  /** A rail's callback, one token per payment; MTN MoMo calls it with PUT, Chapa with GET. */
  rail: 'POST /webhooks/rails/:provider/:token',
  railPut: 'PUT /webhooks/rails/:provider/:token',
  railGet: 'GET /webhooks/rails/:provider/:token',
  /** Paynow's and Ozow's url-encoded calls to the rail callback URL (same path shape, their own parser). */
  paynow: 'POST /webhooks/rails/paynow/:token',
  ozow: 'POST /webhooks/rails/ozow/:token',
  /** One URL per account, set on the provider's dashboard. */
  flutterwave: 'POST /webhooks/flutterwave',
  airtel: 'POST /webhooks/airtel',
  chapa: 'POST /webhooks/chapa',
} as const satisfies Record<string, RouteKey>;

/** "GET /invoices/:id" → { method: 'GET', path: '/invoices/:id' }. */
export function splitRouteKey(key: string): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** Where the server mounts the route map: every route's path is under it. */
export const API_MOUNT = '/api';

/**
 * A route's whole path on the server, for a link the server writes for a browser or another service to follow
 * (a logo, a stop link, a stored file): apiPath('GET /invoices/public/:public_id/logo.png', { public_id }).
 * A wildcard route ('GET /files/*') takes the rest of the path, slashes kept, as `*`.
 */
export function apiPath(key: RouteKey, params?: Record<string, string | number>): string {
  const { path } = splitRouteKey(key);
  const rest = params?.['*'];
  const filled = fillPath(path.replace(/\/\*$/, ''), params);
  return `${API_MOUNT}${filled}${path.endsWith('/*') ? `/${String(rest ?? '')}` : ''}`;
}

/** The path with its :params filled in (each value URL-encoded); throws when one is missing. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing route parameter :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
