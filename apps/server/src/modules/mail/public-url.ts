import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * Links in e-mails (password resets, sign-in links, reminders with their pay link) and payment callbacks are built
 * from PUBLIC_URL, never from a request's Host header (anyone can send any Host, and a reset link must not point to
 * their site). Its default is http://localhost:PORT, which only the server's own machine can open: an operator who
 * serves Duka on a public address and forgets PUBLIC_URL would mail links no customer can open. Said out loud here.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || hostname.endsWith('.localhost');
}

/** The start-up warning when PUBLIC_URL points to this machine only but the server listens beyond it; else null. */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'host'>): string | null {
  if (!isLoopback(new URL(config.publicUrl).hostname) || isLoopback(config.host)) return null;
  return [
    '',
    `  PUBLIC_URL is ${config.publicUrl}: links in e-mails (password resets, reminders, pay links) open only on`,
    '  this machine. Set PUBLIC_URL=https://your.domain when customers reach Duka at another address.',
    '',
  ].join('\n');
}

/** A host name as a request may name it (letters, digits, dots, dashes, an optional port): anything else is not logged. */
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

/**
 * The warning for the first request that reached the server under another name than PUBLIC_URL's while PUBLIC_URL is
 * a loopback address (null when the request's host is loopback too, or is not a plain host name).
 */
export function hostMismatchWarning(publicUrl: string, requestHost: string | undefined): string | null {
  if (!requestHost || !HOST.test(requestHost)) return null;
  const hostname = requestHost.replace(/:\d+$/, '');
  if (isLoopback(hostname) || !isLoopback(new URL(publicUrl).hostname)) return null;
  return `Duka is reached at ${requestHost} but PUBLIC_URL is ${publicUrl}: links in e-mails will not open for customers. Set PUBLIC_URL to the address they use (e.g. https://${hostname}).`;
}

/** Warns at start-up (see publicUrlWarning), and once when a request comes under another name (hostMismatchWarning). */
export function warnAboutPublicUrl(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'host'>): void {
  if (!isLoopback(new URL(config.publicUrl).hostname)) return;
  const atStart = publicUrlWarning(config);
  // Listening on this machine only: no request can come under another name, so no hook on every request.
  if (!atStart) return;
  app.addHook('onReady', async () => console.warn(atStart));
  let warned = false;
  // A callback hook (no promise per request); once warned it does nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned) {
      const warning = hostMismatchWarning(config.publicUrl, request.headers.host);
      if (warning) {
        warned = true;
        request.log.warn(warning);
      }
    }
    done();
  });
}
