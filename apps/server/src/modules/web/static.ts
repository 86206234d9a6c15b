import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPath } from '@duka/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { type PaySummary, withSummary } from './payPage';
import { answerUnknownApi } from '../../lib/client-errors';

/** Paths served by the public entry of the web app (apps/web/pay.html). */
const PUBLIC_PAGE = /^\/(invoice\/link\/[^/]+\/?|thank-you\/?|pay\/checkout\/[^/]+\/?|test-phone\/[^/]+\/?)$/;
/** Paths served by the login entry (apps/web/dist/login.html: index.html with the login screen already drawn). */
const LOGIN_PAGE = /^\/login\/?$/;

export function findWebDist(config: Config): string | undefined {
  if (config.webDist) return existsSync(config.webDist) ? config.webDist : undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * The built web app. Files are sent pre-compressed (the .br and .gz made at build, chosen by Accept-Encoding,
 * Vary: Accept-Encoding). Hashed assets never change (cached for a year); everything else is revalidated.
 * Deep links get index.html; invoice links and thank-you get the small public entry (pay.html).
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = findWebDist(config);
  if (!webDist) return;
  const cacheFor = (file: string) => (path.relative(webDist, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // No route per file (serve: false): the catch-all below sends a file that exists, through reply.sendFile with these
  // options. A route per file (≈900 with their .br and .gz) took ≈0.3 s of every start-up to glob and register.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheFor(file.replace(/\.(br|gz)$/, '')));
      // The file was chosen by Accept-Encoding (@fastify/static does not always say so).
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const has = (file: string) => existsSync(path.join(webDist, file));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    // Unknown API paths stay JSON 404s, never the app's index.html.
    if (rel === 'api' || rel.startsWith('api/')) {
      return answerUnknownApi(request, reply);
    }
    const file = path.join(webDist, rel);
    if (rel && file.startsWith(webDist) && !rel.endsWith('/') && !/\.(br|gz)$/.test(rel) && existsSync(file)) {
      return reply.sendFile(rel);
    }
    const route = `/${rel}`;
    // The invoice link's data is fetched by its page: ask for it with the page (a preload), not after its JS ran.
    const link = /^\/invoice\/link\/([A-Za-z0-9_-]{1,64})\/?$/.exec(route);
    if (link && has('pay.html')) {
      const invoice = apiPath('GET /invoices/public/:public_id', { public_id: link[1] });
      reply.header('link', `<${invoice}>; rel=preload; as=fetch; crossorigin`);
      // The amount due is drawn into the HTML, from the same public API answer the page's JavaScript reads.
      const answer = await app.inject({ method: 'GET', url: invoice });
      if (answer.statusCode === 200) {
        const html = withSummary(await readFile(path.join(webDist, 'pay.html'), 'utf8'), answer.json<PaySummary>());
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      }
    }
    // A client opening an invoice link gets the small public entry (pay.html), not the whole app.
    const page = PUBLIC_PAGE.test(route) && has('pay.html') ? 'pay.html' : LOGIN_PAGE.test(route) && has('login.html') ? 'login.html' : 'index.html';
    return reply.type('text/html; charset=utf-8').sendFile(page);
  });
}
