import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_MOUNT } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions, strictTransportSecurity } from 'helmet';
import type { Config } from '../../config';

/** Stripe's hosts for Elements (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Stripe card payments are on when the server has its keys (modules/payments/providers.ts picks it then). */
export function stripeEnabled(config: Config): boolean {
  return Boolean(config.stripeSecretKey && config.stripeWebhookSecret);
}

/**
 * The Content-Security-Policy directives of the web app's pages and files. No inline script anywhere
 * (script-src 'self'); 'wasm-unsafe-eval' lets WebAssembly compile (never JS eval): the barcode scanner's fallback
 * reader (issue 28); styles allow 'unsafe-inline' because Mantine sets CSS variables and style props at run time.
 * PDFs are made on the device and shown from blob: URLs (<object>), previews of logos and receipts are blob:/data:
 * images, the AI videos are served from /videos. No page may be framed (the public pay page most of all).
 */
function cspDirectives(config: Config): Record<string, string[]> {
  const stripe = stripeEnabled(config);
  const list = (base: string[], extra: string[]) => [...base, ...(stripe ? extra : [])];
  return {
    'default-src': ["'self'"],
    'script-src': list(["'self'", "'wasm-unsafe-eval'"], STRIPE.script),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': list(["'self'", 'data:', 'blob:'], STRIPE.img),
    'font-src': ["'self'", 'data:'],
    'connect-src': list(["'self'", 'blob:'], STRIPE.connect),
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'self'", 'blob:'],
    'frame-src': list(["'self'", 'blob:'], STRIPE.frame),
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Helmet (helmetjs) writes the headers. Everything it would add by default beyond what Duka asked for is off, so the
 * answers carry exactly: nosniff and a referrer policy everywhere; the CSP and X-Frame-Options on the app's pages
 * and files; HSTS over HTTPS. docs/decisions/security-headers.md says why helmet itself and not @fastify/helmet.
 */
const ONLY_WHAT_IS_ASKED = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} satisfies HelmetOptions;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function pageHeaders(config: Config): Middleware {
  return helmet({
    ...ONLY_WHAT_IS_ASKED,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    xFrameOptions: { action: 'deny' },
  });
}

/** The Content-Security-Policy header the app's pages get, as helmet writes it. */
export function contentSecurityPolicy(config: Config): string {
  let value = '';
  const res = { setHeader: (name: string, v: unknown) => name.toLowerCase() === 'content-security-policy' && (value = String(v)) };
  pageHeaders(config)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return value;
}

const isApi = (url: string) => url === API_MOUNT || url.startsWith(`${API_MOUNT}/`) || url.startsWith(`${API_MOUNT}?`);

/**
 * Security headers on every answer: nosniff and a referrer policy that never sends a path (an invoice link is a
 * secret) to another site; HSTS only when the request came over HTTPS (request.protocol follows TRUST_PROXY);
 * the CSP and no framing on everything but the API (JSON, PDFs and the API docs page set their own).
 * The middlewares are made once; a route's own reply.header() still wins over them.
 */
export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const page = pageHeaders(config);
  const api: Middleware = helmet(ONLY_WHAT_IS_ASKED);
  const hsts: Middleware = strictTransportSecurity({ maxAge: 31536000, includeSubDomains: false });
  const next = () => undefined;
  app.addHook('onRequest', async (request, reply) => {
    (isApi(request.url) ? api : page)(request.raw, reply.raw, next);
    if (request.protocol === 'https') hsts(request.raw, reply.raw, next);
  });
}
