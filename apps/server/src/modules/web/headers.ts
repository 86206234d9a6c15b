import type { FastifyInstance } from 'fastify';
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
 * The Content-Security-Policy of the web app's pages and files. No inline script anywhere (script-src 'self');
 * 'wasm-unsafe-eval' lets WebAssembly compile (never JS eval): the barcode scanner's fallback reader (issue 28);
 * styles allow 'unsafe-inline' because Mantine sets CSS variables and style props at run time. PDFs are made on
 * the device and shown from blob: URLs (<object>), previews of logos and receipts are blob:/data: images, the AI
 * videos are served from /videos. No page may be framed (the public pay page most of all).
 */
export function contentSecurityPolicy(config: Config): string {
  const stripe = stripeEnabled(config);
  const list = (base: string[], extra: string[]) => [...base, ...(stripe ? extra : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'", "'wasm-unsafe-eval'"], STRIPE.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list(["'self'", 'data:', 'blob:'], STRIPE.img)}`,
    "font-src 'self' data:",
    `connect-src ${list(["'self'", 'blob:'], STRIPE.connect)}`,
    "media-src 'self' blob:",
    "object-src 'self' blob:",
    `frame-src ${list(["'self'", 'blob:'], STRIPE.frame)}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer: nosniff and a referrer policy that never sends a path (an invoice link is a
 * secret) to another site; HSTS only when the request came over HTTPS (request.protocol follows TRUST_PROXY);
 * the CSP and no framing on everything but the API (JSON, PDFs and the API docs page set their own).
 */
export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return;
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
  });
}
